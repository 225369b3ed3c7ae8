import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { deleteAvatar, findAvatar, insertAvatar, listAvatars, type AvatarFilters } from '../../store/avatars.js';
import { avatarKey, avatarPrefix } from '../../store/keys.js';
import { insertExport } from '../../store/exports.js';
import { parseInstant } from '../../store/time.js';
import { errors } from '../errors.js';
import { readForm } from '../form.js';
import { baseUrl } from '../links.js';
import { pageRequest, paginate } from '../pagination.js';
import { serializeAvatar } from '../serialize.js';
import { avatarSchema, codeParams, detailSchema, pageQuery } from '../schemas.js';
import { validateCreation } from '../avatarCreation.js';
import { discardFile, receivePhoto, type IncomingFile } from '../photoUpload.js';
import { PIPELINE_NAMES } from '../../pipelines/catalogue/index.js';

const tags = ['avatars'];
const filterText = (description: string) => ({
  anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
  description: `${description} May be given several times; all must match.`,
});

const listQuery = {
  type: 'object',
  properties: {
    ...pageQuery,
    status: filterText('Status, exact and case-insensitive (e.g. `completed`).'),
    pipeline: filterText('Pipeline, exact and case-insensitive.'),
    pipeline_subtype: filterText('Pipeline subtype, exact and case-insensitive.'),
    name: filterText('Substring of the name, case-insensitive.'),
    description: filterText('Substring of the description, case-insensitive.'),
    created_after: filterText('ISO 8601 instant; avatars created strictly after it.'),
    created_before: filterText('ISO 8601 instant; avatars created strictly before it.'),
  },
} as const;

function values(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).map(String);
}

function readFilters(query: Record<string, unknown>): AvatarFilters {
  const filters: AvatarFilters = {};
  for (const key of ['status', 'pipeline', 'pipeline_subtype', 'name', 'description'] as const) filters[key] = values(query[key]);
  const bad: Record<string, string[]> = {};
  for (const key of ['created_after', 'created_before'] as const) {
    const given = values(query[key]);
    if (!given) continue;
    const parsed = given.map(parseInstant);
    if (parsed.some((p) => p === null)) bad[key] = ['Enter a valid ISO 8601 date/time.'];
    else filters[key] = parsed as string[];
  }
  if (Object.keys(bad).length) throw errors.fields(bad);
  return filters;
}

/** Avatars: creation from a photo, listing, retrieval and deletion. */
export async function avatarRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/avatars/',
    {
      schema: {
        summary: 'Create an avatar from a photo',
        description:
          'multipart/form-data: `pipeline`, `pipeline_subtype` (default: the pipeline\'s first subtype), `name`, `description` (optional), ' +
          '`parameters` (JSON string, computation parameters; see /parameters/available/), `export_parameters` (JSON string, optional) and `photo` (image file). ' +
          'Answers 201 with the avatar in status `Uploading`; it then goes Queued → Computing → Completed, or Failed / Timed Out with `failure_reason`.',
        tags,
        consumes: ['multipart/form-data'],
        documentedBody: {
          type: 'object',
          required: ['pipeline', 'name', 'photo'],
          properties: {
            pipeline: { type: 'string', enum: [...PIPELINE_NAMES] },
            pipeline_subtype: { type: 'string', description: "Default: the pipeline's first subtype." },
            name: { type: 'string', maxLength: 255 },
            description: { type: 'string' },
            parameters: { type: 'string', description: 'JSON: computation parameters, category → group → names or {name: value}.' },
            export_parameters: { type: 'string', description: 'JSON object: export parameters.' },
            photo: { type: 'string', format: 'binary', description: 'JPEG, PNG, WebP, TIFF, GIF, AVIF or HEIF.' },
          },
        },
        response: { 201: avatarSchema, 400: { type: 'object', additionalProperties: true }, 403: detailSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw errors.unsupportedMediaType(request.headers['content-type'] ?? 'none');
      const code = randomUUID();
      const limits = { maxBytes: ctx.config.maxPhotoBytes, maxPixels: ctx.config.maxPhotoPixels };
      // The photo goes to the store as it arrives, before the fields after it are read; the record with
      // its queued computation follows in one transaction. A crash leaves either nothing visible or an
      // avatar that will be computed, and any request that fails takes its photo with it.
      let photoStarted = false;
      const receive = (field: string, file: IncomingFile) => {
        if (field !== 'photo') return discardFile(file).then(() => null);
        photoStarted = true;
        return receivePhoto(file, ctx.blobs, avatarKey(code, 'photo'), limits);
      };
      const forget = async (err: unknown): Promise<never> => {
        if (photoStarted) await ctx.blobs.removePrefix(avatarPrefix(code)).catch((cleanup) => request.log.warn({ err: cleanup, avatar: code }, 'the photo of a failed upload was not removed'));
        throw err;
      };
      const creation = await readForm(request, ctx.config.maxPhotoBytes, receive)
        .then((form) => validateCreation(form, request.caller.plan))
        .catch(forget);
      const stored = ctx.db.transaction().execute(async (trx) => {
        const row = await insertAvatar(trx, {
          code,
          client_id: request.caller.clientId,
          player_code: request.caller.scope.playerCode,
          name: creation.name,
          description: creation.description,
          pipeline: creation.pipeline,
          pipeline_subtype: creation.subtype,
          parameters: creation.parameters,
          export_parameters: creation.exportParameters === null ? null : JSON.stringify(creation.exportParameters),
        });
        await ctx.queue.enqueue(code, trx);
        if (creation.export) {
          // Pending until the avatar completes; runJob queues it then.
          await insertExport(trx, {
            code: randomUUID(), avatar_code: code, client_id: request.caller.clientId, player_code: request.caller.scope.playerCode,
            comment: '', parameters: creation.export,
          }, 'Pending');
        }
        return row;
      });
      // A record that could not be written must not leave its photo behind.
      const avatar = await stored.catch(async (err) => {
        await ctx.blobs.removePrefix(avatarPrefix(code));
        throw err;
      });
      ctx.queue.notify();
      // The answer shows the avatar as the request created it: `Uploading`, progress 0, as the spec has it.
      return reply.code(201).send(serializeAvatar(baseUrl(ctx.config, request), avatar));
    },
  );

  app.get(
    '/avatars/',
    {
      schema: {
        summary: 'List avatars, newest first',
        description: 'Developer access lists every avatar of the client; client access only the calling player\'s. Paginated with `Link`.',
        tags,
        querystring: listQuery,
        response: { 200: { type: 'array', items: avatarSchema } },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const page = pageRequest(query);
      const result = await listAvatars(ctx.db, request.caller.scope, readFilters(query), page);
      paginate(ctx.config, request, reply, page, result.total);
      const base = baseUrl(ctx.config, request);
      return result.rows.map((a) => serializeAvatar(base, a));
    },
  );

  app.get(
    '/avatars/:code/',
    { schema: { summary: 'Retrieve an avatar', tags, params: codeParams, response: { 200: avatarSchema, 404: detailSchema } } },
    async (request) => {
      const avatar = await findAvatar(ctx.db, request.caller.scope, (request.params as { code: string }).code);
      if (!avatar) throw errors.notFound();
      return serializeAvatar(baseUrl(ctx.config, request), avatar);
    },
  );

  app.delete(
    '/avatars/:code/',
    { schema: { summary: 'Delete an avatar and its files', tags, params: codeParams, response: { 204: { type: 'null' }, 404: detailSchema } } },
    async (request, reply) => {
      const code = (request.params as { code: string }).code.toLowerCase();
      if (!(await deleteAvatar(ctx.db, request.caller.scope, code))) throw errors.notFound();
      await ctx.blobs.removePrefix(avatarPrefix(code));
      return reply.code(204).send();
    },
  );
}
