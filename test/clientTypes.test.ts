import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
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
  assert.ok(fresh === checkedIn, `${CLIENT_TYPES_FILE} is out of date: run \`npx tsc -p . && node dist/scripts/clientTypes.js\` and commit it`);
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
