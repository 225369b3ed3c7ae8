import { encodeMaskPng } from '../analysis/index.js';
import type { Mesh } from '../geometry/index.js';
import { writePly } from '../formats/ply.js';
import { writeZip } from '../formats/zip.js';
import type { AvatarModel } from './avatarModel.js';
import { avatarFiles, BODY_ENTRIES, type StoredBody, type HaircutEntry, type StoredAnalysis, type StoredModifications, type TextureEntry } from './files.js';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** A haircut (or an outfit) as the spec's downloads have it: a zip with a binary PLY, and one with its vertices only. */
export function meshZips(mesh: Mesh, names: { mesh: string; comment: string }): { mesh: Uint8Array; pointcloud: Uint8Array } {
  return {
    mesh: writeZip({ [names.mesh]: writePly(mesh, { comment: names.comment }) }),
    pointcloud: writeZip({ 'pointcloud.ply': writePly(mesh, { pointsOnly: true, comment: `${names.comment} pointcloud` }) }),
  };
}

/**
 * The one step that turns a computed avatar into its stored files, by the keys of avatarFiles: the
 * analysis and its masks, and a head's meshes and pointclouds per LOD, textures and their index,
 * preview, haircuts and their index, blendshape index and modifications.
 */
export async function avatarModelFiles(model: AvatarModel): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {
    [avatarFiles.analysis]: json(model.analysis satisfies StoredAnalysis),
    [avatarFiles.personMask]: await encodeMaskPng(model.masks.person),
    [avatarFiles.hairMask]: await encodeMaskPng(model.masks.hair),
  };
  const { head } = model;
  if (!head) return files;
  head.lods.forEach((mesh, lod) => {
    // Not meshZips: the head's pointcloud comment puts "pointcloud" before the LOD, as it always has.
    files[avatarFiles.mesh(lod)] = writeZip({ 'model.ply': writePly(mesh, { comment: `Likeness avatar, LOD ${lod}` }) });
    files[avatarFiles.pointcloud(lod)] = writeZip({ 'pointcloud.ply': writePly(mesh, { pointsOnly: true, comment: `Likeness avatar pointcloud, LOD ${lod}` }) });
  });
  if (model.body) {
    const { headMesh, ...stored } = model.body;
    files[avatarFiles.mesh(0)] = writeZip({
      'model.ply': writePly(head.lods[0], { comment: 'Likeness avatar, LOD 0' }),
      [BODY_ENTRIES.head]: writePly(headMesh, { comment: 'Likeness avatar head, before it was joined to the body' }),
      [BODY_ENTRIES.body]: json(stored satisfies StoredBody),
    });
  }
  for (const { entry, data } of head.textures) files[avatarFiles.texture(entry.identity, entry.extension)] = data;
  files[avatarFiles.textureIndex] = json(head.textures.map((t) => t.entry) satisfies TextureEntry[]);
  files[avatarFiles.preview] = head.preview;
  for (const haircut of head.haircuts) {
    const file = (name: 'mesh' | 'pointcloud' | 'texture' | 'preview') => avatarFiles.haircut(haircut.entry.identity, name);
    const zips = meshZips(haircut.mesh, { mesh: 'haircut.ply', comment: haircut.comment });
    files[file('mesh')] = zips.mesh;
    files[file('pointcloud')] = zips.pointcloud;
    files[file('texture')] = haircut.texture;
    files[file('preview')] = haircut.preview;
  }
  files[avatarFiles.haircutIndex] = json(head.haircuts.map((h) => h.entry) satisfies HaircutEntry[]);
  files[avatarFiles.blendshapeIndex] = json(head.blendshapeSets);
  files[avatarFiles.modifications] = json(head.modifications satisfies StoredModifications);
  return files;
}
