import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { findAvatar, type AvatarRecord } from '../../store/avatars.js';
import { avatarKey } from '../../store/keys.js';
import { avatarFiles, readHaircutIndex, type HaircutEntry } from '../../pipelines/files.js';
import { errors } from '../errors.js';
import { baseUrl } from '../links.js';
import { detailSchema } from '../schemas.js';
import { noSuchFile, sendAvatarFile, whyUnavailable } from './avatarAssets.js';

const tags = ['haircuts'];

/** The Completed avatar in scope and the haircut identities it has. */
async function haircutsOf(ctx: AppContext, request: FastifyRequest, asset: string): Promise<{ avatar: AvatarRecord; entries: HaircutEntry[]; identities: string[] }> {
  const avatar = await findAvatar(ctx.db, request.caller.scope, (request.params as { code: string }).code);
  if (!avatar) throw errors.notFound();
  if (avatar.status !== 'Completed') throw errors.notProduced(asset, whyUnavailable(avatar));
  const index = await ctx.blobs.get(avatarKey(avatar.code, avatarFiles.haircutIndex));
  if (!index) throw await noSuchFile(ctx, request.log, avatar, avatarFiles.haircutIndex, asset);
  const entries = readHaircutIndex(index);
  return { avatar, entries, identities: entries.map((e) => e.identity) };
}

/** The spec's Haircut object. */
function haircutObject(base: string, avatar: AvatarRecord, { identity, gender }: HaircutEntry) {
  const url = `${base}/avatars/${avatar.code}/haircuts/${identity}/`;
  return { identity, gender, mesh: `${url}mesh/`, pointcloud: `${url}pointcloud/`, preview: `${url}preview/`, texture: `${url}texture/`, model: `${base}/avatars/${avatar.code}/`, url };
}

const FILES = [
  { file: 'mesh', summary: 'Haircut mesh: zip with a PLY', type: 'application/zip', extension: 'zip' },
  { file: 'pointcloud', summary: 'Haircut pointcloud: zip with a PLY of vertices only', type: 'application/zip', extension: 'zip' },
  { file: 'preview', summary: 'Haircut preview (PNG)', type: 'image/png', extension: 'png' },
  { file: 'texture', summary: 'Haircut texture (PNG with alpha)', type: 'image/png', extension: 'png' },
] as const;

/**
 * GET /avatars/{code}/haircuts/ and below: the haircuts an avatar has: the generated haircut of
 * head_2.0 avatars whose photo shows hair (head_1.2 and head_2.0 bust/static carry their hair in the
 * head mesh), and for animated_face the haircuts named at creation, library ones fitted to the head.
 * Other pipelines choose library haircuts in export parameters. An unknown identity is a 404.
 */
export async function haircutRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/avatars/:code/haircuts/', { schema: { summary: 'List of haircuts', tags, response: { 404: detailSchema } } }, async (request) => {
    const { avatar, entries } = await haircutsOf(ctx, request, 'haircuts');
    const base = baseUrl(ctx.config, request);
    return entries.map((entry) => haircutObject(base, avatar, entry));
  });
  app.get('/avatars/:code/haircuts/:identity/', { schema: { summary: 'One haircut', tags, response: { 404: detailSchema } } }, async (request) => {
    const { avatar, entries } = await haircutsOf(ctx, request, 'haircut');
    const { identity } = request.params as { identity: string };
    const entry = entries.find((e) => e.identity === identity);
    if (!entry) throw errors.notFound(`This avatar has no haircut "${identity}".`);
    return haircutObject(baseUrl(ctx.config, request), avatar, entry);
  });
  for (const f of FILES) {
    app.get(`/avatars/:code/haircuts/:identity/${f.file}/`, { schema: { summary: f.summary, tags, response: { 404: detailSchema } } }, async (request, reply) => {
      const { avatar, identities } = await haircutsOf(ctx, request, `haircut ${f.file}`);
      const { identity } = request.params as { identity: string };
      if (!identities.includes(identity)) throw errors.notFound(`This avatar has no haircut "${identity}".`);
      return sendAvatarFile(ctx, reply, avatar, avatarFiles.haircut(identity, f.file), `haircut ${f.file}`, f.type, `${avatar.code}_${identity}_${f.file}.${f.extension}`);
    });
  }
}
