import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { findAvatar, type AvatarRecord } from '../../store/avatars.js';
import {
  exportFiles, exportParameters, findExport, findExportByCode, insertExport, listExports, queuePendingExport, type ExportRecord,
} from '../../store/exports.js';
import { avatarKey } from '../../store/keys.js';
import { EXPORT_STATUSES, isUnsuccessful } from '../../store/status.js';
import { exportContext, parseParametersField, PIPELINES, resolveExportParameters, type ExportPartOptions, type Plan, type ResolvedExport } from '../../pipelines/catalogue/index.js';
import { pipelineOf } from '../../pipelines/registry.js';
import { avatarFiles, readHaircutIndex, readTextureIndex } from '../../pipelines/files.js';
import { errors } from '../errors.js';
import { readForm } from '../form.js';
import { baseUrl } from '../links.js';
import { pageRequest, paginate } from '../pagination.js';
import { checkPublicSignature, publicExportPath, publicSignature } from '../publicLinks.js';
import { codeParams, detailSchema, pageQuery } from '../schemas.js';
import { REDIRECTED_DOWNLOADS, sendBlob } from '../sendBlob.js';
import { whyUnavailable } from './avatarAssets.js';

const tags = ['exports'];

export const exportSchema = {
  type: 'object',
  properties: {
    url: { type: 'string', format: 'uri' },
    code: { type: 'string', format: 'uuid' },
    avatar_code: { type: 'string', format: 'uuid' },
    comment: { type: 'string' },
    created_on: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: [...EXPORT_STATUSES] },
    progress: { type: 'integer' },
    failure_reason: { type: ['string', 'null'] },
    parameters: { type: 'object', additionalProperties: true, description: 'The export parameters after defaults and inheritance.' },
    files: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          identity: { type: 'string' },
          category: { type: ['string', 'null'] },
          file: { type: 'string', format: 'uri' },
          static_files: {
            type: 'array',
            items: { type: 'object', properties: { identity: { type: 'string' }, file: { type: 'string', format: 'uri' } } },
          },
        },
      },
    },
    public_file: { type: 'string', format: 'uri', description: 'Present with make_public: avatar.zip without authentication; with make_public_direct (persona_2.0), the model file itself (.glb, .fbx, or a self-contained .gltf).' },
  },
} as const;

/** The resolved parameters in the request's own shape and spelling: what the export was made with. */
function requestShape(p: ResolvedExport) {
  if (p.persona) return p.persona.request;
  const part = (o: ExportPartOptions) => ({
    format: o.format, embed: o.embed, embed_textures: o.embedTextures, pointclouds: o.pointclouds,
    texture_size: o.textureSize, lod: o.lod, additional_textures: o.additionalTextures,
  });
  const { embed: _embed, ...top } = part(p.avatar);
  const color = p.haircuts.color && { red: p.haircuts.color[0], green: p.haircuts.color[1], blue: p.haircuts.color[2] };
  return {
    ...top, template: p.avatar.template, make_public: p.makePublic,
    haircuts: { list: p.haircuts.list, ...part(p.haircuts), color },
    blendshapes: { list: p.blendshapes.list, ...part(p.blendshapes), values: p.blendshapes.values },
    outfits: { list: p.outfits.list, ...part(p.outfits) },
  };
}

async function serializeExport(ctx: AppContext, base: string, record: ExportRecord) {
  const url = `${base}/avatars/${record.avatar_code}/exports/${record.code}/`;
  const parameters = exportParameters(record);
  const stored = exportFiles(record);
  const out: Record<string, unknown> = {
    url, code: record.code, avatar_code: record.avatar_code, comment: record.comment, created_on: record.created_on,
    status: record.status, progress: record.progress, failure_reason: record.failure_reason, parameters: requestShape(parameters),
    files: stored.map((f) => ({
      identity: f.identity,
      category: f.category,
      file: `${url}files/${f.identity}/file/`,
      static_files: f.static_files.map((identity) => ({ identity, file: `${base}/static_files/${identity}/file/` })),
    })),
  };
  if (parameters.makePublic && record.status === 'Completed') {
    const direct = stored.find((f) => f.identity === 'avatar')?.direct;
    out.public_file = `${base}${publicExportPath(record.code, await publicSignature(ctx.db, record.code), direct?.name)}`;
  }
  return out;
}

/** The export context of an avatar: once it is computed, its own haircuts and textures. */
async function contextOf(ctx: AppContext, avatar: AvatarRecord, plan: Plan) {
  const read = async (key: string): Promise<Buffer | null> => (avatar.status === 'Completed' ? ctx.blobs.get(avatarKey(avatar.code, key)) : null);
  const haircuts = await read(avatarFiles.haircutIndex);
  const textures = await read(avatarFiles.textureIndex);
  return exportContext(avatar.pipeline, avatar.pipeline_subtype, plan, {
    haircuts: haircuts && readHaircutIndex(haircuts).map((e) => e.identity),
    textures: textures && readTextureIndex(textures).map((t) => t.identity),
  });
}

async function avatarInScope(ctx: AppContext, request: FastifyRequest): Promise<AvatarRecord> {
  const avatar = await findAvatar(ctx.db, request.caller.scope, (request.params as { code: string }).code);
  if (!avatar) throw errors.notFound();
  return avatar;
}

const exportParams = { type: 'object', properties: { code: { type: 'string' }, export: { type: 'string' } }, required: ['code', 'export'] } as const;

/** Exports: finished assets (glTF, GLB, FBX in zips) made from a computed avatar on the job queue. */
export async function exportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/avatars/:code/exports/',
    {
      schema: {
        summary: 'Create an export',
        description:
          'Fields (JSON, form or multipart): `parameters` (export parameters, a JSON object or a JSON string; see /export_parameters/available/) and `comment`. ' +
          'Answers 201 with the export `Queued` (`Pending` while the avatar is still computing); it goes Computing → Completed with its `files`, or Failed with `failure_reason`.',
        tags, params: codeParams,
        response: { 201: exportSchema, 400: { type: 'object', additionalProperties: true }, 404: detailSchema },
      },
    },
    async (request, reply) => {
      const avatar = await avatarInScope(ctx, request);
      const pipeline = pipelineOf(avatar.pipeline);
      if (!pipeline.exportParameters) {
        throw errors.badRequest(`Pipeline ${avatar.pipeline} does not use export parameters; its haircuts and blendshapes are named at creation and downloaded from the avatar.`);
      }
      if (!pipeline.export.available) throw errors.notImplemented(pipeline.export.notImplemented(avatar.pipeline_subtype));
      if (isUnsuccessful(avatar.status)) throw errors.badRequest(`The avatar cannot be exported: ${whyUnavailable(avatar)}`);
      const form = await readForm(request, ctx.config.maxPhotoBytes);
      const parsed = parseParametersField(form.fields.parameters);
      if (!parsed.ok) throw errors.fields({ parameters: parsed.errors });
      const result = resolveExportParameters(parsed.value, await contextOf(ctx, avatar, request.caller.plan));
      if (!result.ok) throw errors.fields(result.errors);
      const resolved = result.value;
      const code = randomUUID();
      const computed = avatar.status === 'Completed';
      // Queued with its job; or Pending, queued when the avatar completes (see settlePendingExports).
      const record = await ctx.db.transaction().execute((trx) => insertExport(trx, {
        code, avatar_code: avatar.code, client_id: avatar.client_id, player_code: avatar.player_code,
        comment: form.fields.comment ?? '', parameters: resolved,
      }, computed ? 'Queued' : 'Pending'));
      if (!computed && (await findAvatar(ctx.db, request.caller.scope, avatar.code))?.status === 'Completed') {
        // The avatar completed while this export was being created and may not have seen it: queue it unless it did.
        await ctx.db.transaction().execute((trx) => queuePendingExport(trx, avatar.code, code));
      }
      ctx.queue.notify();
      return reply.code(201).send(await serializeExport(ctx, baseUrl(ctx.config, request), record));
    },
  );

  app.get(
    '/avatars/:code/exports/',
    { schema: { summary: 'List an avatar\'s exports, newest first', description: 'Paginated with `Link`.', tags, params: codeParams, querystring: { type: 'object', properties: pageQuery }, response: { 200: { type: 'array', items: exportSchema }, 404: detailSchema } } },
    async (request, reply) => {
      const avatar = await avatarInScope(ctx, request);
      const page = pageRequest(request.query as Record<string, unknown>);
      const result = await listExports(ctx.db, request.caller.scope, avatar.code, page);
      paginate(ctx.config, request, reply, page, result.total);
      const base = baseUrl(ctx.config, request);
      return Promise.all(result.rows.map((r) => serializeExport(ctx, base, r)));
    },
  );

  app.get(
    '/avatars/:code/exports/:export/',
    { schema: { summary: 'Retrieve an export', tags, params: exportParams, response: { 200: exportSchema, 404: detailSchema } } },
    async (request) => {
      const { code, export: exportCode } = request.params as { code: string; export: string };
      const record = await findExport(ctx.db, request.caller.scope, code, exportCode);
      if (!record) throw errors.notFound();
      return serializeExport(ctx, baseUrl(ctx.config, request), record);
    },
  );

  app.get(
    '/avatars/:code/exports/:export/files/:identity/file/',
    { schema: { summary: 'Download one export file (zip)', description: `The zip of one export file. Static files it lists are downloaded separately. ${REDIRECTED_DOWNLOADS}`, tags, response: { 404: detailSchema } } },
    async (request, reply) => {
      const { code, export: exportCode, identity } = request.params as { code: string; export: string; identity: string };
      const record = await findExport(ctx.db, request.caller.scope, code, exportCode);
      if (!record) throw errors.notFound();
      if (record.status !== 'Completed') throw errors.notFound(`The export is not available: it is "${record.status}"${record.failure_reason ? `: ${record.failure_reason}` : '.'}`);
      const file = exportFiles(record).find((f) => f.identity === identity);
      if (!file) throw errors.notFound(`This export has no file "${identity}".`);
      const key = avatarKey(record.avatar_code, file.key);
      const sent = await sendBlob(ctx, reply, key, { contentType: 'application/zip', filename: `${identity}.zip`, cacheControl: 'private, max-age=3600' });
      if (!sent) {
        // A Completed export's file gone from storage is a server fault, as for an avatar's own files.
        request.log.error({ export: record.code, key }, 'a file of a Completed export is missing from storage');
        throw errors.storedFileMissing(`export file ${identity}`);
      }
      return reply;
    },
  );

  app.get(
    '/public/exports/:export/:signature/avatar.zip',
    {
      config: { auth: false },
      schema: { summary: 'Public avatar.zip of an export made with make_public', description: `No authentication: the path is the credential. ${REDIRECTED_DOWNLOADS}`, tags, response: { 404: detailSchema } },
    },
    async (request, reply) => {
      const { export: exportCode, signature } = request.params as { export: string; signature: string };
      const record = await findExportByCode(ctx.db, exportCode);
      // One answer for every miss: a wrong signature must not tell that the export exists.
      const missing = () => errors.notFound();
      if (!record || !(await checkPublicSignature(ctx.db, record.code, signature))) throw missing();
      if (!exportParameters(record).makePublic || record.status !== 'Completed') throw missing();
      const file = exportFiles(record).find((f) => f.identity === 'avatar');
      const sent = file && (await sendBlob(ctx, reply, avatarKey(record.avatar_code, file.key), { contentType: 'application/zip', filename: 'avatar.zip', cacheControl: 'public, max-age=3600' }));
      if (!sent) throw missing();
      return reply;
    },
  );

  app.get(
    '/public/exports/:export/:signature/:name',
    {
      config: { auth: false },
      schema: {
        summary: 'Public model file of an export made with make_public_direct',
        description: 'No authentication: the path is the credential. The GLB or FBX itself, with every part and texture embedded; its name (model.glb, model.fbx) ends the URL.',
        tags, response: { 404: detailSchema },
      },
    },
    async (request, reply) => {
      const { export: exportCode, signature, name } = request.params as { export: string; signature: string; name: string };
      const record = await findExportByCode(ctx.db, exportCode);
      const missing = () => errors.notFound();
      if (!record || !(await checkPublicSignature(ctx.db, record.code, signature))) throw missing();
      if (!exportParameters(record).makePublic || record.status !== 'Completed') throw missing();
      const direct = exportFiles(record).find((f) => f.identity === 'avatar')?.direct;
      if (!direct || direct.name !== name) throw missing();
      const contentType = name.endsWith('.glb') ? 'model/gltf-binary' : name.endsWith('.gltf') ? 'model/gltf+json' : 'application/octet-stream';
      const sent = await sendBlob(ctx, reply, avatarKey(record.avatar_code, direct.key), { contentType, filename: name, cacheControl: 'public, max-age=3600' });
      if (!sent) throw missing();
      return reply;
    },
  );
}
