import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/**
 * The embeddable creator (../shared/spec/creator.md, docs/creator.md): pages built from `creator/`
 * by Vite at install time into `creator/dist`, served as files. The service only hands them out; the
 * creator runs in the browser and talks to the REST API like any other client.
 */

/** creator/dist from dist/src/service/routes (compiled) and from src/service/routes alike. */
export function creatorBuildDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = resolve(here, here.includes(`${join('dist', 'src')}`) ? '../../../..' : '../../..');
  return join(root, 'creator', 'dist');
}

/** The spec's two addresses and the built file each one is. */
const PAGES: Array<[url: string, file: string]> = [
  ['/creator/desktop/iframe.html', 'desktop/iframe.html'],
  ['/creator/mobile/generator', 'mobile/generator.html'],
];

export async function creatorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dir = creatorBuildDir();
  // Who may frame the pages is the operator's choice; a page that may not be framed is still served, the browser refuses to show it.
  const csp = `frame-ancestors ${ctx.config.creatorFrameAncestors}`;
  for (const [url, file] of PAGES) {
    const path = join(dir, file);
    // Read once: the pages are a few kilobytes and change only with a new build (a restart).
    let html: Buffer | null = null;
    const name = url.slice(url.lastIndexOf('/') + 1);
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      // The router also takes the address with a trailing slash, where the page's relative links
      // to its scripts would miss: send the browser to the address itself (relative, for proxies' prefixes).
      const [asked, query] = request.url.split(/\?(.*)/s);
      if (asked.endsWith('/')) return reply.redirect(`../${name}${query ? `?${query}` : ''}`, 301);
      if (html === null && existsSync(path)) html = readFileSync(path);
      if (html === null) {
        return reply.code(503).send({ detail: 'The creator is not built: run `npm run build:creator` (npm ci does it).' });
      }
      return reply
        .header('Content-Security-Policy', csp)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  }
  if (!existsSync(dir)) return;
  // Vite names every asset by its content's hash, so a browser may keep it for good.
  await app.register(fastifyStatic, {
    root: join(dir, 'assets'),
    prefix: '/creator/assets/',
    index: false,
    // The build writes .br and .gz beside each script: three.js goes out at a quarter of its size.
    preCompressed: true,
    list: false,
    immutable: true,
    maxAge: 365 * 24 * 3600 * 1000,
    schemaHide: true,
  });
}
