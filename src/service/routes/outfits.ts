import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { findAvatar, type AvatarRecord } from '../../store/avatars.js';
import { avatarKey, staticKey } from '../../store/keys.js';
import { staticFileMeta } from '../../store/staticFiles.js';
import { avatarFiles, readStoredOutfitFiles, type StoredOutfitFiles } from '../../pipelines/files.js';
import { avatarOutfits, OUTFIT_FILTER_CHOICES, type AvatarOutfit } from '../../pipelines/catalogue/outfits.js';
import { errors } from '../errors.js';
import { baseUrl } from '../links.js';
import { paginate, pageRequest } from '../pagination.js';
import { detailSchema, pageQuery } from '../schemas.js';
import { REDIRECTED_DOWNLOADS } from '../sendBlob.js';
import { madeByWorker, sendAvatarFile, storedFileMissing, whyUnavailable } from './avatarAssets.js';
import { sendStaticFile } from './staticFiles.js';

const tags = ['outfits'];

/** The Completed avatar in scope, or the 404 that says why there is nothing to serve. */
async function completedAvatar(ctx: AppContext, request: FastifyRequest, asset: string): Promise<AvatarRecord> {
  const avatar = await findAvatar(ctx.db, request.caller.scope, (request.params as { code: string }).code);
  if (!avatar) throw errors.notFound();
  if (avatar.status !== 'Completed') throw errors.notProduced(asset, whyUnavailable(avatar));
  return avatar;
}

/** The avatar's outfit `identity`, or 404. */
function outfitOf(avatar: AvatarRecord, identity: string): AvatarOutfit {
  const outfit = avatarOutfits(avatar.pipeline).find((o) => o.identity === identity);
  if (!outfit) throw errors.notFound(`This avatar has no outfit "${identity}".`);
  return outfit;
}

/** An outfit as the API shows it: what it is, and the links to its files on this avatar. */
function outfitObject(base: string, avatar: AvatarRecord, outfit: AvatarOutfit) {
  const url = `${base}/avatars/${avatar.code}/outfits/${outfit.identity}/`;
  return {
    identity: outfit.identity, name: outfit.name, set: outfit.set, category: outfit.category, slot: outfit.slot,
    url, mesh: `${url}mesh/`, pointcloud: `${url}pointcloud/`, preview: `${url}preview/`, texture: `${url}texture/`, body_visibility_mask: `${url}body_visibility_mask/`,
    model: `${base}/avatars/${avatar.code}/`,
  };
}

export const outfitSchema = {
  type: 'object',
  properties: {
    identity: { type: 'string', description: 'The outfit\'s name, as export parameters choose it.' },
    name: { type: 'string', description: 'What it is, in words.' },
    set: { type: 'string', enum: [...OUTFIT_FILTER_CHOICES.set] },
    category: { type: 'string', enum: [...OUTFIT_FILTER_CHOICES.category], description: 'The export parameters\' section that chooses it.' },
    slot: { type: 'string', enum: [...OUTFIT_FILTER_CHOICES.slot], description: 'What it takes the place of: a full outfit, or a top, a bottom or shoes, which combine.' },
    url: { type: 'string', format: 'uri' },
    mesh: { type: 'string', format: 'uri' },
    pointcloud: { type: 'string', format: 'uri' },
    preview: { type: 'string', format: 'uri' },
    texture: { type: 'string', format: 'uri' },
    body_visibility_mask: { type: 'string', format: 'uri' },
    model: { type: 'string', format: 'uri', description: 'The avatar.' },
  },
} as const;

const FILTERS = ['set', 'category', 'slot'] as const;

const filter = (description: string) => ({
  anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
  description: `${description} Exact and case-insensitive; may be given several times, all must match.`,
});

/** The list's filters, matched exactly and case-insensitively; a value no outfit can have is a 400 on its field, as django-filter's choices are. */
function filtersOf(query: Record<string, unknown>): Partial<Record<(typeof FILTERS)[number], string[]>> {
  const out: Partial<Record<(typeof FILTERS)[number], string[]>> = {};
  const problems: Record<string, string[]> = {};
  for (const name of FILTERS) {
    const raw = query[name];
    if (raw === undefined || raw === '') continue;
    const values = (Array.isArray(raw) ? raw : [raw]).map((v) => String(v).toLowerCase());
    const choices: readonly string[] = OUTFIT_FILTER_CHOICES[name];
    const bad = values.filter((v) => !choices.includes(v));
    if (bad.length) problems[name] = [`Select a valid choice. "${bad[0]}" is not one of the available choices: ${choices.join(', ')}.`];
    else out[name] = values;
  }
  if (Object.keys(problems).length) throw errors.fields(problems);
  return out;
}

/**
 * The outfit's files for this avatar: made by a worker on the first request for any of them (an
 * `outfit` job, one per avatar and outfit however many ask), waited for up to
 * LIKENESS_OUTFITS_WAIT_S, and kept for every later request.
 */
async function outfitFiles(ctx: AppContext, request: FastifyRequest, avatar: AvatarRecord, identity: string): Promise<StoredOutfitFiles> {
  const key = avatarFiles.outfitIndex(identity);
  let index = await ctx.blobs.get(avatarKey(avatar.code, key));
  if (!index) {
    await madeByWorker(ctx, avatar, key, `outfit "${identity}"`, ctx.config.outfitsWaitSeconds, () => ctx.queue.enqueueOutfit(avatar.code, { identity }));
    index = await ctx.blobs.get(avatarKey(avatar.code, key));
    if (!index) throw storedFileMissing(request.log, avatar, key, `outfit ${identity}`);
  }
  return readStoredOutfitFiles(index);
}

const MADE_ON_REQUEST =
  'Made by a worker on the first request for any of the outfit\'s files on this avatar, then kept: that request waits up to LIKENESS_OUTFITS_WAIT_S (30 s), '
  + 'past which it answers 503 with `Retry-After` and a `detail`, and the same request later finds the file made.';

const FILES = [
  { file: 'mesh', summary: 'Outfit mesh: zip with a PLY', description: 'A zip holding `outfit.ply`, the outfit fitted to this avatar\'s body (T-pose, the avatar\'s frame: load it beside the avatar\'s mesh with no transform), in the PLY layout of the avatar\'s mesh; its UVs address the outfit\'s `texture`.', type: 'application/zip', extension: 'zip' },
  { file: 'pointcloud', summary: 'Outfit pointcloud: zip with a PLY of vertices only', description: 'A zip holding `pointcloud.ply`: the mesh\'s vertices in the same order, positions only.', type: 'application/zip', extension: 'zip' },
  { file: 'preview', summary: 'Outfit preview (PNG)', description: 'A 512×512 PNG: this avatar wearing the outfit, from the front, arms relaxed.', type: 'image/png', extension: 'png' },
] as const;

const STATIC_FILES = [
  { file: 'texture', summary: 'Outfit texture', description: 'The outfit\'s colour texture (JPEG: 4096×4096 on body_0.3, 2048×2048 on persona_2.0). The same for every avatar: it is a static file, served with its strong `ETag` (304 on `If-None-Match`).' },
  { file: 'body_visibility_mask', summary: 'Outfit body visibility mask (PNG with alpha)', description: 'RGBA PNG, white, alpha 0 over the body the outfit covers: apply its alpha to the avatar\'s body. body_0.3: 1024², in the avatar\'s texture layout; persona_2.0: 2048², in AvatarBody\'s. A static file, with its strong `ETag`.' },
] as const;

/**
 * GET /avatars/{code}/outfits/ and below: the outfits an avatar may wear (its pipeline's outfit
 * sets; none for the head pipelines), each with its files fitted to this avatar, parallel to the
 * haircuts. An identity the avatar's pipeline does not have is a 404.
 */
export async function outfitRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/avatars/:code/outfits/',
    {
      schema: {
        summary: 'List of outfits',
        description: 'The outfits this avatar may wear, paginated (`Link` header): body_0.3 its outfit sets, persona_2.0 the `persona` set and the top, bottom and shoes sets; an empty list for the head pipelines. '
          + 'Filters `set`, `category` and `slot` match exactly, case-insensitively; filters given together or several times are joined by AND, as the spec says; a value no outfit can have is a 400 on its field.',
        tags,
        querystring: {
          type: 'object',
          properties: {
            ...pageQuery,
            set: filter(`One of: ${OUTFIT_FILTER_CHOICES.set.join(', ')}.`),
            category: filter(`One of: ${OUTFIT_FILTER_CHOICES.category.join(', ')}.`),
            slot: filter(`One of: ${OUTFIT_FILTER_CHOICES.slot.join(', ')}.`),
          },
        },
        response: { 200: { type: 'array', items: outfitSchema }, 400: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }, 404: detailSchema },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const avatar = await completedAvatar(ctx, request, 'outfits');
      const filters = filtersOf(query);
      const page = pageRequest(query);
      const outfits = avatarOutfits(avatar.pipeline).filter((o) => FILTERS.every((f) => (filters[f] ?? []).every((v) => v === o[f])));
      paginate(ctx.config, request, reply, page, outfits.length);
      const base = baseUrl(ctx.config, request);
      return outfits.slice((page.page - 1) * page.size, page.page * page.size).map((o) => outfitObject(base, avatar, o));
    },
  );
  app.get('/avatars/:code/outfits/:identity/', { schema: { summary: 'One outfit', tags, response: { 200: outfitSchema, 404: detailSchema } } }, async (request) => {
    const avatar = await completedAvatar(ctx, request, 'outfit');
    return outfitObject(baseUrl(ctx.config, request), avatar, outfitOf(avatar, (request.params as { identity: string }).identity));
  });
  const download = (summary: string, description: string) => ({
    summary, tags,
    description: `${description} ${MADE_ON_REQUEST} ${REDIRECTED_DOWNLOADS}`,
    response: { 404: detailSchema, 503: detailSchema },
  });
  for (const f of FILES) {
    app.get(`/avatars/:code/outfits/:identity/${f.file}/`, { schema: download(f.summary, f.description) }, async (request, reply) => {
      const avatar = await completedAvatar(ctx, request, `outfit ${f.file}`);
      const { identity } = outfitOf(avatar, (request.params as { identity: string }).identity);
      await outfitFiles(ctx, request, avatar, identity);
      return sendAvatarFile(ctx, reply, avatar, avatarFiles.outfit(identity, f.file), `outfit ${f.file}`, f.type, `${avatar.code}_${identity}_${f.file}.${f.extension}`);
    });
  }
  for (const f of STATIC_FILES) {
    app.get(`/avatars/:code/outfits/:identity/${f.file}/`, { schema: { ...download(f.summary, f.description), response: { 304: { type: 'null' }, 404: detailSchema, 503: detailSchema } } }, async (request, reply) => {
      const avatar = await completedAvatar(ctx, request, `outfit ${f.file}`);
      const { identity } = outfitOf(avatar, (request.params as { identity: string }).identity);
      const stored = await outfitFiles(ctx, request, avatar, identity);
      // Made, then lost from storage: a server fault, as for the avatar's own files, not a 404.
      if (!(await staticFileMeta(ctx.blobs, stored[f.file]))) {
        request.log.error({ avatar: avatar.code, key: staticKey(stored[f.file]) }, `the outfit ${f.file} of a Completed avatar is missing from storage`);
        throw errors.storedFileMissing(`outfit ${f.file}`);
      }
      return sendStaticFile(ctx, request, reply, stored[f.file]);
    });
  }
}
