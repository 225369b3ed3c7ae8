import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);

// Compiled to dist/test/: the compiled sources are one level up, in dist/src/.
const SRC = new URL('../src/', import.meta.url).href;

/**
 * Imports `module` in a fresh node process whose resolve hook records every edge between our own
 * modules, as `importer -> imported`, both relative to dist/src/.
 */
async function importEdges(module: string): Promise<{ from: string; to: string }[]> {
  const hook = `export async function resolve(specifier, context, next) {
    const resolved = await next(specifier, context);
    if (resolved.url.startsWith(${JSON.stringify(SRC)})) process.stdout.write(JSON.stringify([context.parentURL ?? '', resolved.url]) + '\\n');
    return resolved;
  }`;
  const main = `import { register } from 'node:module';
    register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});
    await import(${JSON.stringify(SRC + module)});`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', main], { maxBuffer: 16 * 2 ** 20 });
  return stdout.trim().split('\n').filter(Boolean).map((line) => {
    const [from, to] = JSON.parse(line) as [string, string];
    return { from: from.replace(SRC, ''), to: to.replace(SRC, '') };
  });
}

/** The layers that compute: the service must load none of them. */
const COMPUTING = ['geometry/', 'texture/', 'assets/', 'render/', 'analysis/'];

/** What the service's own modules may import besides each other: the catalogue, the store, the job API and the file readers. */
const SERVICE_MAY_IMPORT = [
  /^service\//,
  /^store\//,
  /^jobs\/(queue|embeddedQueue|bullQueue|metrics|blendshapeTarget)\.js$/,
  /^pipelines\/catalogue\//,
  /^pipelines\/(registry|files|index|photo|modelInfo)\.js$/,
];

describe('the service never computes', () => {
  for (const module of ['service/app.js', 'service/server.js']) {
    test(`importing ${module} loads no geometry, texture, assets, render or analysis module`, async () => {
      const loaded = new Set((await importEdges(module)).map((e) => e.to));
      assert.ok(loaded.has(module), `the hook saw ${module} load`);
      const computing = [...loaded].filter((m) => COMPUTING.some((layer) => m.startsWith(layer)));
      assert.deepEqual(computing, []);
    });
  }

  test('the service\'s modules import only the catalogue, the store, the job API and the file readers', async () => {
    const edges = await importEdges('service/server.js');
    const strays = edges.filter((e) => e.from.startsWith('service/') && !SERVICE_MAY_IMPORT.some((allowed) => allowed.test(e.to)));
    assert.deepEqual(strays.map((e) => `${e.from} -> ${e.to}`), []);
  });

  test('the library the catalogue names (haircuts, blendshape sets) is data: it imports only itself and core', async () => {
    const edges = await importEdges('service/server.js');
    const strays = edges.filter((e) => e.from.startsWith('library/') && !/^(library|core)\//.test(e.to));
    assert.deepEqual(strays.map((e) => `${e.from} -> ${e.to}`), []);
  });
});
