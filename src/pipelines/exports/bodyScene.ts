import { headTemplate } from '../../assets/index.js';
import { bodyShapeBlendshapes, fusedBodyDeltas, fusedDeltas, fusedLod, HEAD_ATLAS_V, type BodyLodRow, type FusedAvatar } from '../../assets/body/index.js';
import { BLENDSHAPE_SET_NAMES, normalDeltas, type Mesh } from '../../geometry/index.js';
import { BODY_SHAPE_BLENDSHAPES, BODY_SHAPE_SET } from '../../library/blendshapeNames.js';
import { readPly } from '../../formats/ply.js';
import { readZip } from '../../formats/zip.js';
import type { Scene, SceneAnimation, SceneMesh, SceneMorphTarget, SceneSkin } from '../../formats/scene.js';
import { decodeRgb, encodeJpeg } from '../../texture/index.js';
import { decodeChannel, readImageInfo } from '../../formats/imageDecode.js';
import { avatarFiles, BODY_ENTRIES, readStoredBody, type StoredBody } from '../files.js';
import { PipelineFailure } from '../failure.js';
import { avatarBody, BODY_HEAD_MODEL, bodyAnimations } from '../body/avatarBody.js';
import type { StoredHead } from './headMesh.js';
import { bakedPositions, blendshapeSelection, headBlendshapes } from './headMesh.js';

export { BODY_HEAD_MODEL };

/** A body_0.3 avatar as stored: its head before joining (head space) with the template, and its body's request. */
export interface StoredBodyAvatar extends StoredHead {
  body: StoredBody;
}

export function storedBodyAvatar(files: Record<string, Uint8Array>): StoredBodyAvatar {
  const zip = files[avatarFiles.mesh(0)];
  if (!zip) throw new Error('the avatar has no LOD0 mesh');
  const entries = readZip(zip);
  if (!entries[BODY_ENTRIES.head] || !entries[BODY_ENTRIES.body]) throw new PipelineFailure('This avatar was stored before body_0.3 made bodies: create it again to export it.');
  return {
    head: { template: headTemplate(BODY_HEAD_MODEL), mesh: readPly(entries[BODY_ENTRIES.head]).mesh },
    body: readStoredBody(entries[BODY_ENTRIES.body]),
  };
}

/** The blendshapes to export (set → name → LOD0 head deltas) and those whose `values` are baked. */
export function bodyMorphs(head: StoredHead['head'], list: readonly string[], values: Record<string, Record<string, number>> | null) {
  const chosen = blendshapeSelection(list.filter((item) => item !== BODY_SHAPE_SET && !item.startsWith(`${BODY_SHAPE_SET}/`)), BLENDSHAPE_SET_NAMES);
  const needed = new Map(chosen);
  for (const [set, factors] of Object.entries(values ?? {})) {
    if (set !== BODY_SHAPE_SET) needed.set(set, [...new Set([...(needed.get(set) ?? []), ...Object.keys(factors)])]);
  }
  const deltas = headBlendshapes(head, needed);
  const morphs = new Map([...chosen].map(([set, names]) => [set, new Map(names.map((n) => [n, deltas.get(set)!.get(n)!]))]));
  return { chosen, deltas, morphs };
}

/** The body's own blendshapes an export asks for: `body_shape` (all 16), `body_shape/<name>` or a bare name of the set, and their `values`. */
export interface BodyShapeSelection {
  names: string[];
  values: Record<string, number>;
}

export function bodyShapeSelection(list: readonly string[], values: Record<string, Record<string, number>> | null): BodyShapeSelection {
  const names = new Set<string>();
  for (const item of list) {
    if (item === BODY_SHAPE_SET) BODY_SHAPE_BLENDSHAPES.forEach((n) => names.add(n));
    else if (item.startsWith(`${BODY_SHAPE_SET}/`) && BODY_SHAPE_BLENDSHAPES.includes(item.slice(BODY_SHAPE_SET.length + 1))) names.add(item.slice(BODY_SHAPE_SET.length + 1));
    else if (BODY_SHAPE_BLENDSHAPES.includes(item)) names.add(item);
  }
  return { names: [...names], values: { ...(values?.[BODY_SHAPE_SET] ?? {}) } };
}

/** Every vertex on one joint. */
function rigid(vertices: number, joint: number): SceneSkin {
  const joints = new Uint16Array(vertices * 4), weights = new Float32Array(vertices * 4);
  for (let v = 0; v < vertices; v++) { joints[v * 4] = joint; weights[v * 4] = 1; }
  return { joints, weights };
}

/** A head-space part (teeth, haircut) carried onto the placed head: moved with it, morphs scaled, skinned to `Head`. */
export function onPlacedHead(part: SceneMesh, fused: FusedAvatar): SceneMesh {
  const s = fused.headScale, [ox, oy, oz] = fused.headOffset;
  const p = part.mesh.positions.slice();
  for (let k = 0; k < p.length; k += 3) { p[k] = p[k] * s + ox; p[k + 1] = p[k + 1] * s + oy; p[k + 2] = p[k + 2] * s + oz; }
  const headJoint = fused.joints.findIndex((j) => j.name === 'Head');
  return {
    ...part,
    mesh: { ...part.mesh, positions: p },
    morphTargets: part.morphTargets.map((t) => ({ ...t, positions: t.positions.map((d) => d * s) })),
    skin: rigid(p.length / 3, headJoint),
  };
}

/**
 * The whole body at level `lod` with `values` baked and the chosen blendshapes as morph targets on
 * the head's vertices (named as head exports name them). A level above 0 picks its vertices from
 * LOD0's (assets/body/fusedLod.ts): positions, normals, skin and morph targets alike.
 */
export async function exportedBody(
  avatar: StoredBodyAvatar, morphs: Map<string, Map<string, Float32Array>>, baked: Map<string, Map<string, Float32Array>>,
  values: Record<string, Record<string, number>> | null, lod = 0, bodyShape: BodyShapeSelection = { names: [], values: {} }, row: BodyLodRow = 'subtype',
): Promise<ExportedBody> {
  const { fused, skeleton, solved } = avatarBody(avatar.head.mesh, avatar.body.shape, row === 'persona');
  let mesh = fused.mesh;
  const headValues = values ? Object.fromEntries(Object.entries(values).filter(([set]) => set !== BODY_SHAPE_SET)) : null;
  if (headValues && Object.keys(headValues).length) mesh = { ...mesh, positions: bakedPositions(mesh.positions, headValues, baked, (d) => fusedDeltas(fused, d)) };
  // The body's own blendshapes (bodyBlendshapes.ts) are made only when asked for: 16 rebuilds of the body.
  const bodyCount = solved.body.mesh.positions.length / 3;
  const bodyBlends = bodyShape.names.length || Object.keys(bodyShape.values).length
    ? new Map(bodyShapeBlendshapes(solved).map((t) => [t.name, t])) : new Map<string, SceneMorphTarget>();
  const bodyValues = Object.entries(bodyShape.values).filter(([name, factor]) => factor && bodyBlends.has(name));
  if (bodyValues.length) {
    const positions = mesh.positions.slice();
    for (const [name, factor] of bodyValues) {
      const delta = fusedBodyDeltas(fused, bodyCount, bodyBlends.get(name)!.positions);
      for (let i = 0; i < positions.length; i++) positions[i] += factor * delta[i];
    }
    mesh = { ...mesh, positions };
  }
  const seen = new Map<string, number>();
  for (const names of morphs.values()) for (const name of names.keys()) seen.set(name, (seen.get(name) ?? 0) + 1);
  let headTargets: SceneMorphTarget[] = [];
  for (const [set, names] of morphs) {
    for (const [name, delta] of names) {
      const positions = fusedDeltas(fused, delta);
      headTargets.push({ name: seen.get(name)! > 1 ? `${set}.${name}` : name, positions, normals: normalDeltas(mesh, positions) });
    }
  }
  // The body's own targets on the fused avatar's vertices, kept apart because outfits are fitted to
  // those vertices (outfitMorphs) whatever level the export picks.
  const shapeTargets: SceneMorphTarget[] = bodyShape.names.map((name) => {
    const target = bodyBlends.get(name)!;
    return {
      name: seen.has(name) ? `${BODY_SHAPE_SET}.${name}` : name,
      positions: fusedBodyDeltas(fused, bodyCount, target.positions),
      normals: target.normals && fusedBodyDeltas(fused, bodyCount, target.normals),
    };
  });
  let bodyTargets = shapeTargets;
  let skin: SceneSkin = fused.skin;
  let sourceVertices: Uint32Array | undefined;
  // The fused avatar's own vertices with the values baked in: what outfits are fitted to at any level.
  const fusedPositions = mesh.positions;
  if (lod > 0 || row !== 'subtype') {
    const level = await fusedLod(fused, solved.body, avatar.head.template, lod, row);
    const pick = (values: Float32Array, size: number) => {
      const out = new Float32Array(level.sourceVertices.length * size);
      level.sourceVertices.forEach((v, i) => out.set(values.subarray(v * size, v * size + size), i * size));
      return out;
    };
    mesh = { ...level.mesh, positions: pick(mesh.positions, 3) };
    const picked = (t: SceneMorphTarget): SceneMorphTarget => ({ ...t, positions: pick(t.positions, 3), normals: t.normals && pick(t.normals, 3) });
    headTargets = headTargets.map(picked);
    bodyTargets = bodyTargets.map(picked);
    skin = level.skin;
    sourceVertices = level.sourceVertices;
  }
  return {
    fused, mesh, skin, morphTargets: [...headTargets, ...bodyTargets], headTargets, bodyTargets,
    animations: bodyAnimations(skeleton, avatar.body.shape.gender), sourceVertices, fusedPositions, shapeTargets,
  };
}

/** The body as an export holds it (exportedBody). */
export interface ExportedBody {
  fused: FusedAvatar;
  /** At the export's level, with the values baked. */
  mesh: Mesh;
  skin: SceneSkin;
  /** `headTargets` then `bodyTargets`: all the mesh's morph targets. */
  morphTargets: SceneMorphTarget[];
  /** The head's blendshapes, at the export's level: what the teeth, lashes and head items follow too. */
  headTargets: SceneMorphTarget[];
  /** The body's own (`body_shape`), at the export's level. */
  bodyTargets: SceneMorphTarget[];
  animations: SceneAnimation[];
  sourceVertices?: Uint32Array;
  /** The fused avatar's own vertices with the values baked: what outfits are fitted to at any level. */
  fusedPositions: Float32Array;
  /** `bodyTargets` on the fused avatar's own vertices. */
  shapeTargets: SceneMorphTarget[];
}

/**
 * The head's half of an atlas texture, for the `head` template: the top rows of the `model`
 * texture (RGB) or of a grey map (roughness, metallic), encoded as JPEG as they are stored.
 */
export async function headHalf(atlas: Uint8Array, grey = false): Promise<Uint8Array> {
  const image = grey ? await decodeChannel(atlas, ...(await atlasSize(atlas))) : await decodeRgb(atlas);
  const rows = Math.round(image.height * (HEAD_ATLAS_V[1] - HEAD_ATLAS_V[0]));
  return encodeJpeg({ ...image, height: rows, data: image.data.subarray(0, image.width * rows * image.channels) }, grey ? 95 : 90);
}

async function atlasSize(encoded: Uint8Array): Promise<[number, number]> {
  const { width, height } = await readImageInfo(encoded);
  return [width!, height!];
}

export type { Scene };
