import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { CLIENT_TYPES_FILE, clientTypes } from '../scripts/clientTypes.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * The client's types cannot drift from the routes: regenerating them from the running server's
 * /openapi.json gives the file checked in. And they are exact: test/clientTypes.typecheck.ts holds
 * misspellings marked @ts-expect-error, so the build itself fails if one of them ever compiles;
 * here the compiler is shown one without the mark, and must refuse it.
 */

const run = promisify(execFile);
let server: TestServer;
before(async () => void (server = await startTestServer()));
after(async () => server?.stop());

test("regenerating the client's types from the running server's /openapi.json gives the file checked in", async () => {
  const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as object;
  const checkedIn = await readFile(CLIENT_TYPES_FILE, 'utf8');
  const fresh = await clientTypes(document);
  assert.ok(fresh === checkedIn, `${CLIENT_TYPES_FILE} is out of date: run \`npm run client:types\` and commit it`);
});

test('a misspelled computation or export parameter does not compile', { timeout: 120_000 }, async () => {
  const file = join(process.cwd(), 'test', `misspelled-${process.pid}.ts`);
  await writeFile(
    file,
    `import { Likeness } from 'likeness/client';
const likeness = new Likeness({ baseUrl: 'http://127.0.0.1:8080', accessToken: 't' });
await likeness.createAvatar({ photo: new Blob([]), pipeline: 'head_1.2', name: 'me', parameters: { model_info: { plus: ['agee'] } } });
await likeness.createExport<'head_1.2'>('code', { fromat: 'glb' });
`,
  );
  try {
    const tsc = join(process.cwd(), 'node_modules', '.bin', 'tsc');
    const args = ['--ignoreConfig', '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--skipLibCheck', '--types', 'node', file];
    const result = await run(tsc, args).then(
      () => assert.fail('tsc accepted misspelled parameters'),
      (err: { stdout: string }) => err.stdout,
    );
    assert.match(result, /"agee"/);
    assert.match(result, /'fromat' does not exist/);
    assert.equal((result.match(/error TS/g) ?? []).length, 2, result);
  } finally {
    await rm(file, { force: true });
  }
});

test("the OpenAPI's parameter schemas accept every default the server applies, and refuse a misspelling", async () => {
  const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as { components: { schemas: Record<string, unknown> } };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'https://likeness.local/openapi.json', components: document.components });
  const schema = (name: string) => ajv.compile({ $ref: `https://likeness.local/openapi.json#/components/schemas/${name}` });
  const { token } = await server.client('enterprise');
  const get = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const pipelines = Object.keys(document.components.schemas).filter((n) => n.startsWith('ComputationParameters_')).map((n) => n.slice('ComputationParameters_'.length));
  assert.deepEqual(pipelines, ['animated_face', 'head_1.2', 'head_2.0', 'body_0.3', 'persona_2.0']);
  let checked = 0;
  for (const pipeline of pipelines) {
    const computation = schema(`ComputationParameters_${pipeline}`);
    const exportSchema = document.components.schemas[`ExportParameters_${pipeline}`] ? schema(`ExportParameters_${pipeline}`) : null;
    const subtypes = await subtypesOf(get, pipeline);
    for (const subtype of subtypes) {
      const defaults = await get(`/parameters/default/${pipeline}/?pipeline_subtype=${encodeURIComponent(subtype)}`);
      assert.ok(computation(defaults), `${pipeline} ${subtype} defaults ${JSON.stringify(defaults)}: ${ajv.errorsText(computation.errors)}`);
      checked++;
      if (!exportSchema) continue;
      const exportDefaults = await get(`/export_parameters/default/${pipeline}/?pipeline_subtype=${encodeURIComponent(subtype)}`);
      assert.ok(exportSchema(exportDefaults), `${pipeline} ${subtype} export defaults: ${ajv.errorsText(exportSchema.errors)}`);
      checked++;
    }
  }
  assert.ok(checked >= 20, `checked ${checked}`);
  // The README's requests pass; a misspelling does not.
  assert.ok(schema('ComputationParameters_head_1.2')({ model_info: { plus: ['age', 'gender', 'race', 'skin_color', 'facial_landmarks_68'] } }));
  assert.ok(schema('ExportParameters_head_1.2')({ format: 'glb', embed_textures: true, lod: 2, texture_size: { width: 2048, height: 1024 }, haircuts: { list: ['side_part'], color: { red: 60, green: 40, blue: 30 } }, blendshapes: { list: ['mobile_51'] } }));
  assert.ok(schema('ExportParameters_persona_2.0')({ format: 'glb', lod: 'LOD2', textures: { profile: '1K.jpg', embed: true }, haircuts: { list: ['HaircutGenerated'] }, blendshapes: { list: ['mobile_51', 'customisation'] } }));
  assert.equal(schema('ComputationParameters_head_1.2')({ model_info: { plus: ['agee'] } }), false);
  assert.equal(schema('ExportParameters_head_1.2')({ fromat: 'glb' }), false);
});

/** A pipeline's subtypes, as the server's own error for an unknown one lists them. */
async function subtypesOf(get: (path: string) => Promise<any>, pipeline: string): Promise<string[]> {
  const answer = await get(`/parameters/default/${pipeline}/?pipeline_subtype=none`);
  const message: string = answer.pipeline_subtype?.[0] ?? '';
  const listed = /choose one of: (.*)\.$/.exec(message);
  assert.ok(listed, `the subtypes of ${pipeline} from: ${JSON.stringify(answer)}`);
  return listed[1].split(', ');
}
