import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { findAvatar, findAvatarByCode, type AvatarRecord } from '../../store/avatars.js';
import { jobDone } from '../../store/jobs.js';
import { avatarKey } from '../../store/keys.js';
import { isUnsuccessful } from '../../store/status.js';
import { avatarFiles, readBlendshapeIndex, readTextureIndex } from '../../pipelines/files.js';
import { BLENDSHAPE_FORMATS, type BlendshapeFormat } from '../../pipelines/catalogue/index.js';
import { pipelineOf } from '../../pipelines/registry.js';
import { errors, type ApiError } from '../errors.js';
import { baseUrl } from '../links.js';
import { detailSchema } from '../schemas.js';
import { REDIRECTED_DOWNLOADS, sendBlob } from '../sendBlob.js';

const tags = ['avatar assets'];

export function whyUnavailable(avatar: AvatarRecord): string {
  if (isUnsuccessful(avatar.status)) return `the avatar computation ended "${avatar.status}".`;
  if (avatar.status !== 'Completed') return `the avatar is still "${avatar.status}" (progress ${avatar.progress}%).`;
  return `pipeline ${avatar.pipeline} ${avatar.pipeline_subtype} does not produce it on this server yet.`;
}

/**
 * Whether a Completed avatar was stored with a head: meshes and pointclouds at every LOD, textures and
 * their index, preview, haircut and blendshape indexes. Pipelines and subtypes without a head model
 * store the analysis only.
 */
function hasHeadFiles(avatar: AvatarRecord): boolean {
  const pipeline = pipelineOf(avatar.pipeline);
  return pipeline.makes.includes('mesh') && pipeline.headModel(avatar.pipeline_subtype) !== undefined;
}

/**
 * The answer for a file a Completed avatar was stored with that is no longer in storage: a server
 * fault an operator must see, logged as an error with its key, not a 404 that would tell the client
 * the avatar never had it.
 */
export function storedFileMissing(log: FastifyBaseLogger, avatar: AvatarRecord, file: string, asset: string): ApiError {
  const key = avatarKey(avatar.code, file);
  log.error({ avatar: avatar.code, key }, `the ${asset} of a Completed avatar is missing from storage`);
  return errors.storedFileMissing(asset);
}

/**
 * Why a Completed avatar has no `file`: its pipeline does not make it, it was computed by an earlier
 * version of this server that did not make it yet (body_0.3 made no mesh before it made bodies:
 * such an avatar has no `modifications.json` either, which every head avatar has), or it was lost
 * from storage.
 */
export async function noSuchFile(ctx: AppContext, log: FastifyBaseLogger, avatar: AvatarRecord, file: string, asset: string): Promise<ApiError> {
  if (avatar.status !== 'Completed' || !hasHeadFiles(avatar)) return errors.notProduced(asset, whyUnavailable(avatar));
  if (!(await ctx.blobs.has(avatarKey(avatar.code, avatarFiles.modifications)))) {
    return errors.notProduced(asset, `it was computed before this server made it for ${avatar.pipeline}; create the avatar again.`);
  }
  return storedFileMissing(log, avatar, file, asset);
}

/** The Completed avatar in scope, or the 404 that says why there is nothing to serve. */
async function completedAvatar(ctx: AppContext, request: FastifyRequest, asset: string): Promise<AvatarRecord> {
  const avatar = await findAvatar(ctx.db, request.caller.scope, (request.params as { code: string }).code);
  if (!avatar) throw errors.notFound();
  if (avatar.status !== 'Completed') throw errors.notProduced(asset, whyUnavailable(avatar));
  return avatar;
}

function lodOf(request: FastifyRequest, avatar: AvatarRecord): number {
  const raw = (request.query as { lod?: unknown }).lod;
  const max = pipelineOf(avatar.pipeline).lodCount - 1;
  if (raw === undefined || raw === '') return 0;
  // Decimal digits only: Number() would also take "0x1", "1e0", " 1" and "1.0".
  const lod = typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(lod) || lod < 0 || lod > max) throw errors.fields({ lod: [`An integer from 0 to ${max} is required for ${avatar.pipeline}.`] });
  return lod;
}

export async function sendAvatarFile(ctx: AppContext, reply: FastifyReply, avatar: AvatarRecord, key: string, asset: string, type: string, filename: string) {
  const sent = await sendBlob(ctx, reply, avatarKey(avatar.code, key), { contentType: type, filename, cacheControl: 'private, max-age=3600' });
  if (!sent) throw await noSuchFile(ctx, reply.log, avatar, key, asset);
  return reply;
}

const lodQuery = {
  type: 'object',
  properties: { lod: { type: 'string', description: 'Level of detail, 0 (the most detailed, default) to 7 (8 for animated_face).' } },
} as const;

const download = (summary: string, description: string, query?: object) => ({
  summary,
  description: `${description} Answers 404 with a \`detail\` that says why while the avatar has no such file. ${REDIRECTED_DOWNLOADS}`,
  tags,
  ...(query ? { querystring: query } : {}),
  response: { 404: detailSchema },
});

/** How often a request waiting for a blendshapes download looks whether it is there. */
const POLL_MS = 100;

/**
 * Queues the making of a file on a worker (`enqueue`: one job however many ask) and waits for the
 * blob `key` of the avatar, at most `waitSeconds`: the event loop never builds it. Past the wait,
 * 503 with Retry-After (a quarter of the wait); a job that ends without the file, 500.
 */
export async function madeByWorker(ctx: AppContext, avatar: AvatarRecord, key: string, what: string, waitSeconds: number, enqueue: () => Promise<number>): Promise<void> {
  const blob = avatarKey(avatar.code, key);
  const job = await enqueue();
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    if (await ctx.blobs.has(blob)) return;
    // Done without its file: the job failed (the worker logged why), or went with its avatar.
    if (await jobDone(ctx.db, job)) {
      if (await ctx.blobs.has(blob)) return;
      if (!(await findAvatarByCode(ctx.db, avatar.code))) throw errors.notFound();
      throw errors.failed(what);
    }
    if (Date.now() >= deadline) throw errors.notReady(what, Math.max(1, Math.ceil(waitSeconds / 4)));
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export async function avatarAssetRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/avatars/:code/mesh/',
    { schema: download('Mesh: zip with a binary PLY', 'A zip holding `model.ply`: binary little-endian PLY with positions (metres, +Y up, face towards +Z), normals, per-vertex texcoords `s`, `t` and triangles.', lodQuery) },
    async (request, reply) => {
      const avatar = await completedAvatar(ctx, request, 'mesh');
      const lod = lodOf(request, avatar);
      return sendAvatarFile(ctx, reply, avatar, avatarFiles.mesh(lod), 'mesh', 'application/zip', `${avatar.code}_mesh_lod${lod}.zip`);
    },
  );
  app.get(
    '/avatars/:code/pointcloud/',
    { schema: download('Pointcloud: zip with a PLY of vertices only', 'A zip holding `pointcloud.ply`: the mesh\'s vertex positions, in the same order, without faces, normals or texcoords.', lodQuery) },
    async (request, reply) => {
      const avatar = await completedAvatar(ctx, request, 'pointcloud');
      const lod = lodOf(request, avatar);
      return sendAvatarFile(ctx, reply, avatar, avatarFiles.pointcloud(lod), 'pointcloud', 'application/zip', `${avatar.code}_pointcloud_lod${lod}.zip`);
    },
  );
  app.get('/avatars/:code/preview/', { schema: download('Preview render (PNG)', 'A 512×512 PNG: the textured avatar, lit, in a three-quarter view.') }, async (request, reply) => {
    const avatar = await completedAvatar(ctx, request, 'preview');
    return sendAvatarFile(ctx, reply, avatar, avatarFiles.preview, 'preview', 'image/png', `${avatar.code}_preview.png`);
  });
  app.get(
    '/avatars/:code/textures/',
    { schema: { summary: 'List of texture entries', description: 'JSON array of `{identity, file}`; `model` is always there once the avatar is Completed.', tags, response: { 404: detailSchema } } },
    async (request) => {
      const avatar = await completedAvatar(ctx, request, 'textures');
      const index = await ctx.blobs.get(avatarKey(avatar.code, avatarFiles.textureIndex));
      if (!index) throw await noSuchFile(ctx, request.log, avatar, avatarFiles.textureIndex, 'textures');
      const base = `${baseUrl(ctx.config, request)}/avatars/${avatar.code}/textures/`;
      return readTextureIndex(index).map((t) => ({ identity: t.identity, file: `${base}${t.identity}/file/` }));
    },
  );
  app.get(
    '/avatars/:code/textures/:identity/file/',
    { schema: download('One texture file', 'The image: JPEG for colour textures, PNG for masks.') },
    async (request, reply) => {
      const avatar = await completedAvatar(ctx, request, 'texture');
      const { identity } = request.params as { identity: string };
      const index = await ctx.blobs.get(avatarKey(avatar.code, avatarFiles.textureIndex));
      if (!index) throw await noSuchFile(ctx, request.log, avatar, avatarFiles.textureIndex, `texture ${identity}`);
      const entry = readTextureIndex(index).find((t) => t.identity === identity);
      if (!entry) throw errors.notFound(`This avatar has no texture "${identity}".`);
      return sendAvatarFile(ctx, reply, avatar, avatarFiles.texture(identity, entry.extension), `texture ${identity}`, entry.contentType, `${avatar.code}_${identity}.${entry.extension}`);
    },
  );

  app.get(
    '/avatars/:code/blendshapes/',
    {
      schema: download(
        'Blendshapes: zip archive',
        'The blendshape sets requested at creation, at level of detail `lod`. `fmt=ply` (default): `base.ply` (the mesh at that LOD) and `{set}/{name}.ply` per blendshape, the deformed vertex positions in base.ply\'s vertex order. `fmt=gltf|glb|fbx`: one model of the head with every blendshape as a named morph target. An avatar created without blendshapes answers 404 and says so. ' +
          '`fmt=ply` at LOD 0 is made with the avatar; another format or LOD is made by a worker on first request, which waits for it: past LIKENESS_BLENDSHAPES_WAIT_S (60 s) it answers 503 with `Retry-After` and a `detail`, and the same request later finds it made.',
        { type: 'object', properties: { fmt: { type: 'string', enum: [...BLENDSHAPE_FORMATS] }, lod: lodQuery.properties.lod } },
      ),
    },
    async (request, reply) => {
      const avatar = await completedAvatar(ctx, request, 'blendshapes');
      const fmt = (request.query as { fmt?: string }).fmt || 'ply';
      if (!(BLENDSHAPE_FORMATS as readonly string[]).includes(fmt)) throw errors.fields({ fmt: [`"${fmt}" is not a valid choice; choose one of: ${BLENDSHAPE_FORMATS.join(', ')}.`] });
      const lod = lodOf(request, avatar);
      const index = await ctx.blobs.get(avatarKey(avatar.code, avatarFiles.blendshapeIndex));
      if (!index) throw await noSuchFile(ctx, request.log, avatar, avatarFiles.blendshapeIndex, 'blendshapes');
      const sets = readBlendshapeIndex(index);
      if (!sets.length) throw errors.notProduced('blendshapes', 'it was created without blendshape sets; name them at creation in `parameters.blendshapes` (e.g. {"blendshapes": {"public": ["mobile_51"]}}).');
      const key = avatarFiles.blendshapeArchive(fmt, lod);
      if (!(await ctx.blobs.has(avatarKey(avatar.code, key)))) {
        // The download is made from the LOD 0 mesh.
        if (!(await ctx.blobs.has(avatarKey(avatar.code, avatarFiles.mesh(0))))) throw await noSuchFile(ctx, request.log, avatar, avatarFiles.mesh(0), 'blendshapes');
        const target = { fmt: fmt as BlendshapeFormat, lod };
        await madeByWorker(ctx, avatar, key, 'blendshapes download', ctx.config.blendshapesWaitSeconds, () => ctx.queue.enqueueBlendshapes(avatar.code, target));
      }
      return sendAvatarFile(ctx, reply, avatar, key, 'blendshapes', 'application/zip', `${avatar.code}_blendshapes_${fmt}_lod${lod}.zip`);
    },
  );
}
