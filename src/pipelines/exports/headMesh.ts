import { headTemplate, type HeadSubtype } from '../../assets/index.js';
import type { PipelineName } from '../catalogue/index.js';
import { pipelineOf } from '../registry.js';
import { blendshapeNames, blendshapeSet, headLod, lodDeltas, normalDeltas, type FittedHead, type Mesh } from '../../geometry/index.js';
import { readPly } from '../../formats/ply.js';
import { readZip } from '../../formats/zip.js';
import type { SceneMorphTarget } from '../../formats/scene.js';
import { avatarFiles } from '../files.js';
import { PipelineFailure } from '../failure.js';

/** The avatar's head as stored (LOD0) with its template, enough to rebuild any LOD and any blendshape. */
export interface StoredHead {
  head: { template: ReturnType<typeof headTemplate>; mesh: Mesh };
}

/** The template behind a pipeline and subtype's head (animated_face's styled subtype uses its base head). */
export function storedHead(pipeline: PipelineName, subtype: string, files: Record<string, Uint8Array>): StoredHead {
  const name = pipelineOf(pipeline).headModel(subtype) as HeadSubtype | undefined;
  if (!name) throw new PipelineFailure(`Exports of ${pipeline} ${subtype} avatars are not implemented by this server yet: it makes no mesh for them.`);
  const zip = files[avatarFiles.mesh(0)];
  if (!zip) throw new Error('the avatar has no LOD0 mesh');
  const mesh = readPly(readZip(zip)['model.ply']).mesh;
  return { head: { template: headTemplate(name), mesh } };
}

/** Names in a blendshapes `list`: a set name brings the whole set, `set/name` or a unique name one blendshape. */
export function blendshapeSelection(list: readonly string[], sets: readonly string[]): Map<string, string[]> {
  const chosen = new Map<string, string[]>();
  const add = (set: string, name: string) => {
    const names = chosen.get(set) ?? [];
    if (!names.includes(name)) names.push(name);
    chosen.set(set, names);
  };
  for (const item of list) {
    if (sets.includes(item)) for (const name of blendshapeNames(item)) add(item, name);
    else if (item.includes('/')) add(item.slice(0, item.indexOf('/')), item.slice(item.indexOf('/') + 1));
    else {
      const set = sets.find((s) => blendshapeNames(s).includes(item));
      if (set) add(set, item);
    }
  }
  return chosen;
}

/** LOD0 deltas of the chosen blendshapes, computed on this head, by set then name. */
export function headBlendshapes(head: StoredHead['head'], chosen: Map<string, string[]>): Map<string, Map<string, Float32Array>> {
  const out = new Map<string, Map<string, Float32Array>>();
  for (const [set, names] of chosen) {
    const shapes = blendshapeSet(set);
    const deltas = shapes.deltas(head as FittedHead);
    const byName = new Map<string, Float32Array>();
    shapes.names.forEach((name, i) => { if (names.includes(name)) byName.set(name, deltas[i]); });
    out.set(set, byName);
  }
  return out;
}

/**
 * The head at one LOD, with `values` (set → name → factor) baked into its positions and the chosen
 * blendshapes as morph targets (named by their own names; a name two sets share is prefixed `set.`).
 */
export async function exportedHead(
  head: StoredHead['head'], lod: number, morphs: Map<string, Map<string, Float32Array>>,
  baked: Map<string, Map<string, Float32Array>>, values: Record<string, Record<string, number>> | null,
): Promise<{ mesh: Mesh; morphTargets: SceneMorphTarget[] }> {
  const level = await headLod(head as FittedHead, lod);
  let mesh: Mesh = { positions: level.positions, normals: level.normals, uvs: level.uvs, indices: level.indices };
  if (values) mesh = { ...mesh, positions: bakedPositions(mesh.positions, values, baked, (delta) => lodDeltas(delta, level.sourceVertices)) };
  const seen = new Map<string, number>();
  for (const names of morphs.values()) for (const name of names.keys()) seen.set(name, (seen.get(name) ?? 0) + 1);
  const morphTargets: SceneMorphTarget[] = [];
  for (const [set, names] of morphs) {
    for (const [name, delta] of names) {
      const positions = lodDeltas(delta, level.sourceVertices);
      morphTargets.push({ name: seen.get(name)! > 1 ? `${set}.${name}` : name, positions, normals: normalDeltas(mesh, positions) });
    }
  }
  return { mesh, morphTargets };
}

/**
 * `positions` with `blendshapes.values` (set → name → factor) baked in: each named blendshape's LOD0
 * offsets `baked`, carried onto this mesh by `onMesh`, times its factor. Returns a new array.
 */
export function bakedPositions(
  positions: Float32Array, values: Record<string, Record<string, number>>, baked: Map<string, Map<string, Float32Array>>,
  onMesh: (delta: Float32Array) => Float32Array,
): Float32Array {
  const out = positions.slice();
  for (const [set, factors] of Object.entries(values)) {
    for (const [name, factor] of Object.entries(factors)) {
      const delta = baked.get(set)?.get(name);
      if (!delta || !factor) continue;
      const d = onMesh(delta);
      for (let k = 0; k < out.length; k++) out[k] += factor * d[k];
    }
  }
  return out;
}
