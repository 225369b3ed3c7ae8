#!/usr/bin/env node
// Serves the viewer, three.js from this package's node_modules, and optionally one GLB:
//   node examples/viewer/serve.mjs [model.glb] [--port 8090]
// then open the address it prints. The model's folder is served at /model/, so textures written
// beside it (gltf, or glb without embed_textures) load too.
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, normalize, sep, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const threeRoot = join(dirname(createRequire(import.meta.url).resolve('three')), '..');
const TYPES = { html: 'text/html', js: 'text/javascript', glb: 'model/gltf-binary', gltf: 'model/gltf+json', bin: 'application/octet-stream', jpg: 'image/jpeg', png: 'image/png', json: 'application/json' };

/** Starts the viewer's server; resolves with its address. */
export function serveViewer({ model, port = 0, host = '127.0.0.1' } = {}) {
  const roots = {
    '/three/build/': join(threeRoot, 'build'),
    '/three/addons/': join(threeRoot, 'examples', 'jsm'),
    ...(model ? { '/model/': dirname(model) } : {}),
    '/': here,
  };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://viewer').pathname);
    const send = (body, type) => res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    for (const [prefix, dir] of Object.entries(roots)) {
      if (!path.startsWith(prefix)) continue;
      const file = normalize(join(dir, path === '/' ? 'index.html' : path.slice(prefix.length)));
      if (file.startsWith(dir + sep) && existsSync(file)) return send(readFileSync(file), TYPES[file.split('.').pop()] ?? 'application/octet-stream');
    }
    res.writeHead(404).end();
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok({ server, url: `http://${host}:${server.address().port}/${model ? `?model=/model/${encodeURIComponent(basename(model))}` : ''}` }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const portAt = args.indexOf('--port');
  const port = portAt >= 0 ? Number(args[portAt + 1]) : 8090;
  const model = args.find((a, i) => !a.startsWith('--') && i !== portAt + 1);
  const { url } = await serveViewer({ model: model && resolve(model), port });
  console.log(`Likeness viewer: ${url}`);
}
