import { writePly } from '../../formats/ply.js';
import { writeZip } from '../../formats/zip.js';
import { blendshapeNames } from '../../geometry/index.js';
import { exportedHead, headBlendshapes, storedHead } from './headMesh.js';
import { exportedTeeth } from './teethMesh.js';
import { writeArchive } from './writeArchive.js';
import type { BlendshapeArchiveInput } from './types.js';


/**
 * The avatar's blendshapes of `sets`, at one level of detail, as a zip:
 * - `ply`: `base.ply` (the head mesh at that LOD) and `{set}/{name}.ply` per blendshape, each the
 *   deformed vertex positions only, in base.ply's vertex order (pointclouds: apply them to base.ply's faces);
 * - `gltf`, `glb`, `fbx`: one model of the head with every blendshape as a named morph target
 *   (a name two sets share is prefixed `set.`), without textures, and the teeth beside it with
 *   the same morph targets (the lower teeth follow the jaw).
 */
export async function blendshapeArchive({ pipeline, pipeline_subtype: subtype, files, sets, fmt, lod }: BlendshapeArchiveInput): Promise<Uint8Array> {
  const { head } = storedHead(pipeline, subtype, files);
  const chosen = new Map(sets.map((set) => [set, [...blendshapeNames(set)]]));
  const deltas = headBlendshapes(head, chosen);
  const exported = await exportedHead(head, lod, deltas, deltas, null);
  if (fmt !== 'ply') {
    const teeth = exportedTeeth(head, deltas, deltas, null, exported.morphTargets);
    return writeArchive({ name: 'blendshapes', meshes: [{ name: 'head', mesh: exported.mesh, morphTargets: exported.morphTargets }, teeth] }, { format: fmt, embedTextures: false, baseName: 'blendshapes' });
  }
  const entries: Record<string, Uint8Array> = { 'base.ply': writePly(exported.mesh, { comment: `Likeness avatar, LOD ${lod}` }) };
  let k = 0;
  for (const [set, names] of deltas) {
    for (const name of names.keys()) {
      const target = exported.morphTargets[k++];
      const positions = exported.mesh.positions.slice();
      for (let i = 0; i < positions.length; i++) positions[i] += target.positions[i];
      entries[`${set}/${name}.ply`] = writePly({ positions, indices: new Uint32Array(0) }, { pointsOnly: true, comment: `Likeness blendshape ${set}/${name}, LOD ${lod}` });
    }
  }
  return writeZip(entries);
}
