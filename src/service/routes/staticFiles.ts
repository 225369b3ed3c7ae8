import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { staticKey } from '../../store/keys.js';
import { staticFileMeta, type StaticFileMeta } from '../../store/staticFiles.js';
import { errors } from '../errors.js';
import { baseUrl } from '../links.js';
import { detailSchema } from '../schemas.js';
import { REDIRECTED_DOWNLOADS, sendBlob } from '../sendBlob.js';

const tags = ['static files'];


const params = { type: 'object', properties: { identity: { type: 'string', pattern: '^[A-Za-z0-9_.-]+$' } }, required: ['identity'] } as const;

/**
 * Static files: resources that never change between exports (a library haircut's own texture).
 * Exports list them in `static_files`; clients download each once and revalidate with its strong ETag.
 */
export async function staticFileRoutes(app: FastifyInstance, ctx: AppContext) {
  const meta = async (identity: string): Promise<StaticFileMeta> => {
    const found = /^[A-Za-z0-9_.-]+$/.test(identity) && !identity.endsWith('.json') ? await staticFileMeta(ctx.blobs, identity) : null;
    if (!found) throw errors.notFound(`There is no static file "${identity}".`);
    return found;
  };

  app.get(
    '/static_files/:identity/',
    {
      schema: {
        summary: 'Describe a static file',
        description: '`{identity, file, name, content_type, size, sha256}`: `name` is the file name the exported models reference.',
        tags, params, response: { 404: detailSchema },
      },
    },
    async (request) => {
      const { identity } = request.params as { identity: string };
      const m = await meta(identity);
      return { identity, file: `${baseUrl(ctx.config, request)}/static_files/${identity}/file/`, name: m.name, content_type: m.contentType, size: m.size, sha256: m.sha256 };
    },
  );

  app.get(
    '/static_files/:identity/file/',
    {
      schema: {
        summary: 'Download a static file',
        description: `The bytes, with a strong \`ETag\` (the SHA-256) and a year-long immutable \`Cache-Control\`; \`If-None-Match\` with that ETag answers 304. ${REDIRECTED_DOWNLOADS}`,
        tags, params, response: { 304: { type: 'null' }, 404: detailSchema },
      },
    },
    async (request, reply) => {
      const { identity } = request.params as { identity: string };
      const m = await meta(identity);
      const etag = `"${m.sha256}"`;
      reply.header('ETag', etag).header('Cache-Control', 'public, max-age=31536000, immutable');
      const match = request.headers['if-none-match'];
      if (match && match.split(',').map((s) => s.trim()).some((tag) => tag === etag || tag === '*')) return reply.code(304).send();
      const sent = await sendBlob(ctx, reply, staticKey(identity), { contentType: m.contentType, filename: m.name, cacheControl: 'public, max-age=31536000, immutable' });
      if (!sent) throw errors.notFound(`There is no static file "${identity}".`);
      return reply;
    },
  );
}
