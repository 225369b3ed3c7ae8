import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { staticKey } from '../../store/keys.js';
import { staticFileMeta, type StaticFileMeta } from '../../store/staticFiles.js';
import { errors } from '../errors.js';
import { baseUrl } from '../links.js';
import { paginate, pageRequest } from '../pagination.js';
import { detailSchema, pageQuery } from '../schemas.js';
import { REDIRECTED_DOWNLOADS, sendBlob } from '../sendBlob.js';

const tags = ['static files'];

const IDENTITY = /^[A-Za-z0-9_.-]+$/;
const params = { type: 'object', properties: { identity: { type: 'string', pattern: IDENTITY.source } }, required: ['identity'] } as const;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A static file's record, as the list and GET /static_files/{identity}/ give it. */
function staticRecord(base: string, identity: string, m: StaticFileMeta) {
  return { identity, file: `${base}/static_files/${identity}/file/`, name: m.name, content_type: m.contentType, size: m.size, sha256: m.sha256 };
}

export const staticFileSchema = {
  type: 'object',
  properties: {
    identity: { type: 'string' },
    file: { type: 'string', format: 'uri', description: 'Download: the bytes, with a strong ETag.' },
    name: { type: 'string', description: 'The file name the exported models reference: save it under this name beside the model.' },
    content_type: { type: 'string' },
    size: { type: 'integer', description: 'Bytes.' },
    sha256: { type: 'string', description: 'Hex SHA-256 of the bytes; the ETag is it in quotes.' },
  },
} as const;

const found = async (ctx: AppContext, identity: string): Promise<StaticFileMeta> => {
  const meta = IDENTITY.test(identity) && !identity.endsWith('.json') ? await staticFileMeta(ctx.blobs, identity) : null;
  if (!meta) throw errors.notFound(`There is no static file "${identity}".`);
  return meta;
};

/**
 * Answers with a static file, with its strong ETag (the SHA-256) and a year-long immutable
 * Cache-Control; `If-None-Match` with that ETag (or `*`) answers 304. Also what an avatar's outfit
 * `texture/` and `body_visibility_mask/` serve: those images are the outfit's, whatever the avatar.
 */
export async function sendStaticFile(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, identity: string): Promise<FastifyReply> {
  const m = await found(ctx, identity);
  const etag = `"${m.sha256}"`;
  reply.header('ETag', etag).header('Cache-Control', IMMUTABLE);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').map((s) => s.trim()).some((tag) => tag === etag || tag === '*')) return reply.code(304).send();
  if (!(await sendBlob(ctx, reply, staticKey(identity), { contentType: m.contentType, filename: m.name, cacheControl: IMMUTABLE }))) {
    throw errors.notFound(`There is no static file "${identity}".`);
  }
  return reply;
}

/** The identities of the stored static files, sorted: every blob under `static/` but the metadata beside each. */
async function staticIdentities(ctx: AppContext): Promise<string[]> {
  if (!ctx.blobs.files) throw errors.notImplemented('Listing the static files of this file store');
  const names = new Set<string>();
  for await (const page of ctx.blobs.files(staticKey(''))) for (const name of page) names.add(name);
  // Complete ones only: the data is written after its metadata, so a file being written has only the latter.
  return [...names].filter((n) => !n.endsWith('.json') && names.has(`${n}.json`) && IDENTITY.test(n)).sort();
}

/**
 * Static files: resources that never change from export to export or from avatar to avatar (a
 * library haircut's own texture, an outfit's textures and its body visibility mask). Exports list
 * them in `static_files`; GET /static_files/ lists every one this server has made so far. Clients
 * download each once and revalidate with its strong ETag.
 */
export async function staticFileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/static_files/',
    {
      schema: {
        summary: 'List of static files',
        description:
          'Every static file this server has made so far (an export or an avatar\'s outfit makes them on first use), by identity, paginated as `/avatars/` is (`Link` header). '
          + 'They are the same for every client and avatar: download each once, save it under its `name`, and revalidate with its ETag.',
        tags,
        querystring: { type: 'object', properties: { ...pageQuery } },
        response: { 200: { type: 'array', items: staticFileSchema }, 404: detailSchema },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query as Record<string, unknown>);
      const identities = await staticIdentities(ctx);
      paginate(ctx.config, request, reply, page, identities.length);
      const base = baseUrl(ctx.config, request);
      const shown = identities.slice((page.page - 1) * page.size, page.page * page.size);
      const records = await Promise.all(shown.map(async (identity) => {
        const m = await staticFileMeta(ctx.blobs, identity);
        return m && staticRecord(base, identity, m);
      }));
      return records.filter((r) => r !== null);
    },
  );

  app.get(
    '/static_files/:identity/',
    {
      schema: {
        summary: 'Describe a static file',
        description: '`{identity, file, name, content_type, size, sha256}`: `name` is the file name the exported models reference.',
        tags, params, response: { 200: staticFileSchema, 404: detailSchema },
      },
    },
    async (request) => {
      const { identity } = request.params as { identity: string };
      return staticRecord(baseUrl(ctx.config, request), identity, await found(ctx, identity));
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
    async (request, reply) => sendStaticFile(ctx, request, reply, (request.params as { identity: string }).identity),
  );
}
