import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { findAvatar, type AvatarRecord } from '../../store/avatars.js';
import { errors } from '../errors.js';
import { detailSchema } from '../schemas.js';

const tags = ['avatar assets'];

/** Assets that later work produces. Until a pipeline makes them, each link answers 404 and says why:
 * never an empty or made-up file. */
const ASSETS: { path: string; name: string; summary: string }[] = [
  { path: '/avatars/:code/mesh/', name: 'mesh', summary: 'Mesh: zip with a binary PLY (query `lod`)' },
  { path: '/avatars/:code/pointcloud/', name: 'pointcloud', summary: 'Pointcloud: zip with a PLY of vertices (query `lod`)' },
  { path: '/avatars/:code/preview/', name: 'preview', summary: 'Preview render (PNG)' },
  { path: '/avatars/:code/textures/', name: 'textures', summary: 'List of texture entries' },
  { path: '/avatars/:code/textures/:identity/file/', name: 'texture', summary: 'One texture file' },
  { path: '/avatars/:code/haircuts/', name: 'haircuts', summary: 'List of haircuts' },
  { path: '/avatars/:code/haircuts/:identity/', name: 'haircut', summary: 'One haircut' },
  { path: '/avatars/:code/haircuts/:identity/mesh/', name: 'haircut mesh', summary: 'Haircut mesh: zip with a PLY' },
  { path: '/avatars/:code/haircuts/:identity/pointcloud/', name: 'haircut pointcloud', summary: 'Haircut pointcloud: zip with a PLY' },
  { path: '/avatars/:code/haircuts/:identity/preview/', name: 'haircut preview', summary: 'Haircut preview' },
  { path: '/avatars/:code/haircuts/:identity/texture/', name: 'haircut texture', summary: 'Haircut texture' },
  { path: '/avatars/:code/blendshapes/', name: 'blendshapes', summary: 'Blendshapes: zip archive (query `fmt`, `lod`)' },
  { path: '/avatars/:code/exports/', name: 'exports', summary: 'List of exports' },
  { path: '/avatars/:code/exports/:export/', name: 'export', summary: 'One export' },
  { path: '/avatars/:code/exports/:export/files/:identity/file/', name: 'export file', summary: 'One export file' },
];

export function whyUnavailable(avatar: AvatarRecord): string {
  if (avatar.status === 'Failed' || avatar.status === 'Timed Out') return `the avatar computation ended "${avatar.status}".`;
  if (avatar.status !== 'Completed') return `the avatar is still "${avatar.status}" (progress ${avatar.progress}%).`;
  return `pipeline ${avatar.pipeline} ${avatar.pipeline_subtype} does not produce it on this server yet.`;
}

export async function avatarAssetRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const asset of ASSETS) {
    app.get(
      asset.path,
      {
        schema: {
          summary: asset.summary,
          description: 'Answers 404 with a `detail` that says why while the pipeline has not produced this asset.',
          tags,
          response: { 404: detailSchema },
        },
      },
      async (request) => {
        const avatar = await findAvatar(ctx.db, request.caller.scope, (request.params as { code: string }).code);
        if (!avatar) throw errors.notFound();
        throw errors.notProduced(asset.name, whyUnavailable(avatar));
      },
    );
  }
}
