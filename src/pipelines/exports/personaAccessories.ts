import {
  accessoryLensColor, accessoryMaps, accessoryRegions, fitBracelet, fitEarrings, fitGlasses, fitHat, fitNecklace, fitRing, fitWatch, headLandmarks, recoloured, toHead,
  type HandBody, type HeadFrame,
} from '../../assets/accessories/index.js';
import type { FusedAvatar } from '../../assets/body/index.js';
import type { Vec3 } from '../../assets/accessories/partBuilder.js';
import type { Mesh } from '../../core/mesh.js';
import type { SceneImage, SceneMaterial, SceneMesh, SceneMorphTarget, SceneSkin } from '../../formats/scene.js';
import { accessoryByIdentity, type AccessorySlot } from '../../library/accessories/accessoryLibrary.js';
import { CUSTOMISATION } from '../../library/blendshapeNames.js';
import type { ResolvedPersona } from '../catalogue/index.js';
import { PipelineFailure } from '../failure.js';
import { onPlacedHead } from './bodyScene.js';
import { bakedPositions } from './headMesh.js';
import { anchoredMorphs, followingMorphs, keptClearOf } from './headFollowingMorphs.js';
import { BESIDE } from './personaEyes.js';
import { partTextures, profileSide } from './personaTextures.js';
import { writeArchive } from './writeArchive.js';
import { readZip, writeZip } from '../../formats/zip.js';
import type { ExportFileOutput } from './types.js';

/** What the export's accessories add: meshes for the model, files of their own, and maps that travel beside the model. */
export interface PersonaAccessoryParts {
  meshes: SceneMesh[];
  files: ExportFileOutput[];
  beside: SceneImage[];
}

/** The avatar an accessory is fitted to, as the persona export holds it. */
export interface AccessoryWearer {
  /** The head before it is placed on the body (head space), `values` baked, with its template. */
  head: { mesh: Mesh; template: Parameters<typeof headLandmarks>[1] };
  fused: FusedAvatar;
  /** The exported head part and its morph targets (placed), which hats follow. */
  headPart: { mesh: Mesh; morphTargets: readonly SceneMorphTarget[] };
  /** The whole exported avatar (placed, `values` baked): what a necklace lies on. */
  body: Mesh;
  /**
   * The exported body part (placed, before visibility masks) with the body's own blendshapes
   * (`body_shape`) as morph targets, which the items on the body follow. The part, not `body`: at the
   * back of the neck the body's skin lies over the head's own neck, which these blends do not move.
   */
  bodyPart: { mesh: Mesh; morphTargets: readonly SceneMorphTarget[] };
}

/**
 * The head an accessory is fitted to: the stored head (head space) with the export's `values`
 * baked (`deltas`: the head's LOD0 blendshape deltas by set and name), so glasses sit on the face
 * the export shows.
 */
export function bakedHead(head: Mesh, values: Record<string, Record<string, number>> | null, deltas: Map<string, Map<string, Float32Array>>): Mesh {
  if (!values) return head;
  return { positions: bakedPositions(head.positions, values, deltas, (d) => d), indices: head.indices, uvs: head.uvs };
}

/** The wearer's head landmarks, distances kept to the head as exported (its level of detail), back in head space. */
function wearerLandmarks(wearer: AccessoryWearer): ReturnType<typeof headLandmarks> {
  const s = wearer.fused.headScale, [ox, oy, oz] = wearer.fused.headOffset, placed = wearer.headPart.mesh.positions;
  const skin: Mesh = { positions: placed.map((v, i) => (v - [ox, oy, oz][i % 3]) / s), indices: wearer.headPart.mesh.indices, normals: wearer.headPart.mesh.normals };
  return headLandmarks(wearer.head.mesh, wearer.head.template, skin);
}

/** A point of the head's landmark frame where the head part is placed on the body (as onPlacedHead places a mesh). */
function placedOnHead(frame: HeadFrame, point: Vec3, wearer: AccessoryWearer): Vec3 {
  const s = wearer.fused.headScale, [ox, oy, oz] = wearer.fused.headOffset, [x, y, z] = toHead(frame, point);
  return [x * s + ox, y * s + oy, z * s + oz];
}

/**
 * What the export's hat does to a haircut (head space): presses it under the hat's lining, so that
 * long hair does not show through the crown. Null without a hat. The hat is fitted here as
 * personaAccessories fits it, from the same head and level.
 */
export function hairUnderHat(persona: ResolvedPersona, wearerOf: () => AccessoryWearer): ((positions: Float32Array) => Float32Array) | null {
  const section = persona.accessories.hats;
  if (!section?.list.length) return null;
  const found = accessoryByIdentity(section.list[0]);
  if (!found || found.recipe.slot !== 'hats') return null;
  return fitHat(found.recipe.hat, wearerLandmarks(wearerOf()), section.lod === 'LOD2' ? 2 : 1).pressHair;
}

/** The exported name of an item's mesh: `glasses_aviator_gradient`, `hats_felt_fedora`. */
export const accessoryMeshName = (slot: AccessorySlot, identity: string): string => `${slot}_${identity}`;

/**
 * The accessories an export names (glasses, hats, earrings, necklaces, watches, bracelets, rings:
 * one each), made for this avatar (assets/accessories) with their textures at the section's
 * profile. Glasses, hats and earrings go on the Head joint; a necklace is weighted between Neck
 * and Spine2; a watch and a bracelet ride their forearm, a ring its finger's first joint. A hat follows
 * the head's customisation blendshapes, as a haircut does. Embedded, they join the model;
 * otherwise each is a file of its own, unskinned, as haircuts are.
 */
export async function personaAccessories(persona: ResolvedPersona, wearerOf: () => AccessoryWearer): Promise<PersonaAccessoryParts> {
  const out: PersonaAccessoryParts = { meshes: [], files: [], beside: [] };
  if (!Object.values(persona.accessories).some((s) => s.list.length)) return out;
  const wearer = wearerOf();
  // Found once per export: each call would measure the head again (a new placed skin each time).
  let marks: ReturnType<typeof wearerLandmarks> | undefined;
  const landmarks = () => (marks ??= wearerLandmarks(wearer));
  for (const [slot, section] of Object.entries(persona.accessories) as [AccessorySlot, ResolvedPersona['accessories'][AccessorySlot]][]) {
    if (!section.list.length) continue;
    const identity = section.list[0];
    const found = accessoryByIdentity(identity);
    if (!found || found.slot !== slot) throw new PipelineFailure(`Unknown ${slot} item "${identity}".`);
    const item = recoloured(found, section.color);
    const lod = section.lod === 'LOD2' ? 2 : 1;
    const name = accessoryMeshName(slot, identity);
    const images = await itemTextures(name, item, section.textures);
    const packed = images.get('GltfMetallicRoughness');
    const main = accessoryRegions(item).main;
    const material: SceneMaterial = {
      name, baseColorTexture: images.get('Color'), normalTexture: images.get('Normal'), metallicRoughnessTexture: packed,
      metallic: packed ? 1 : main.kind === 'metal' ? 1 : 0, roughness: packed ? 1 : main.kind === 'metal' ? 0.25 : 0.6, alphaMode: 'opaque', doubleSided: false,
    };
    const parts: SceneMesh[] = [];
    const onHead = (mesh: Mesh, partName: string, partMaterial: SceneMaterial): SceneMesh => onPlacedHead({ name: partName, mesh, material: partMaterial, morphTargets: [] }, wearer.fused);
    // The head's customisation blends only: an expression (a blink, a brow raise) leaves glasses and earrings where they are.
    const shapeOnly = () => new Set(wearer.headPart.morphTargets.map((t) => t.name).filter((n) => !(CUSTOMISATION as readonly string[]).includes(n)));
    // A rigid item follows the head's shape blends where it rests on the head (see anchoredMorphs).
    const resting = (part: SceneMesh, anchors: Vec3[]): SceneMesh => ({
      ...part, morphTargets: anchoredMorphs(part.mesh, anchors.map((a) => placedOnHead(landmarks().frame, a, wearer)), wearer.headPart.mesh, wearer.headPart.morphTargets, shapeOnly()),
    });
    if (item.recipe.slot === 'glasses') {
      const fitted = fitGlasses(item.recipe.glasses, landmarks(), lod);
      // On the nose's bridge and the tops of the ears: a wider head spreads the temples, a longer nose carries the frame.
      const { sellion, ears } = landmarks();
      const anchors = [sellion, ears.left.top, ears.right.top];
      parts.push(resting(onHead(fitted.frame, name, material), anchors));
      // Lenses: their tint with alpha, blended; png when the profile is jpg, which has no alpha.
      const lensName = `${name}_lenses`;
      const tint = await partTextures(lensName, { color: accessoryLensColor(item)! }, { ...section.textures, list: [], profile: section.textures.profile.replace(/\.jpg$/, '.png') });
      parts.push(resting(onHead(fitted.lenses, lensName, { name: lensName, baseColorTexture: tint.get('Color'), metallic: 0, roughness: 0.04, alphaMode: 'blend', doubleSided: false }), anchors));
    } else if (item.recipe.slot === 'hats') {
      const placed = onHead(fitHat(item.recipe.hat, landmarks(), lod).mesh, name, material);
      parts.push({ ...placed, morphTargets: followingMorphs(placed.mesh, wearer.headPart.mesh, wearer.headPart.morphTargets, shapeOnly()) });
    } else if (item.recipe.slot === 'earrings') {
      const { ears } = landmarks();
      parts.push(resting(onHead(fitEarrings(item.recipe.earring, landmarks(), lod).mesh, name, material), [ears.left.lobe, ears.right.lobe]));
    } else if (item.recipe.slot === 'necklaces') {
      const fitted = fitNecklace(item.recipe.necklace, { mesh: wearer.body, neck: handBody(wearer).joint('Neck') }, lod);
      const { bodyPart, headPart } = wearer;
      const morphTargets = keptClearOf(fitted.mesh, followingMorphs(fitted.mesh, bodyPart.mesh, bodyPart.morphTargets), bodyPart.mesh, headPart.mesh);
      parts.push({ name, mesh: fitted.mesh, material, morphTargets, skin: neckSkin(fitted.neckShare, wearer.fused) });
    } else {
      const r = item.recipe, body = handBody(wearer);
      const fitted = r.slot === 'watches' ? fitWatch(r.watch, body, lod) : r.slot === 'bracelets' ? fitBracelet(r.bracelet, body, lod) : fitRing(r.ring, body, lod);
      // A band on the wrist or finger grows with the arm's blends rather than sinking into it.
      parts.push({ name, mesh: fitted.mesh, material, morphTargets: followingMorphs(fitted.mesh, wearer.bodyPart.mesh, wearer.bodyPart.morphTargets), skin: oneJointSkin(fitted.mesh, fitted.joint, wearer.fused) });
    }
    const beside = [...images].filter(([n]) => BESIDE.includes(n)).map(([, image]) => image);
    if (section.embed) {
      out.meshes.push(...parts);
      out.beside.push(...beside);
    } else {
      const unskinned = parts.map(({ skin: _skin, ...rest }) => rest);
      const data = await writeArchive({ name: identity, meshes: unskinned }, { format: section.format, embedTextures: section.textures.embed, baseName: identity, quads: persona.exportQuads });
      const entries = readZip(data);
      for (const image of beside) entries[image.name] = image.data;
      out.files.push({ identity, category: slot, data: beside.length ? writeZip(entries) : data, staticFiles: [] });
    }
  }
  return out;
}

/** Encoded maps by item, colour, profile and list: the same for every avatar, so made once per process (a few are kept). */
const encoded = new Map<string, Promise<Map<string, SceneImage>>>();

function itemTextures(name: string, item: ReturnType<typeof recoloured>, textures: ResolvedPersona['haircuts']['textures']): Promise<Map<string, SceneImage>> {
  const key = JSON.stringify([name, item.recipe, textures.profile, [...textures.list].sort()]);
  let made = encoded.get(key);
  if (!made) {
    if (encoded.size >= 24) encoded.delete(encoded.keys().next().value!);
    made = partTextures(name, accessoryMaps(item, profileSide(textures.profile)), textures);
    encoded.set(key, made);
    made.catch(() => encoded.delete(key));
  }
  return made;
}

/** The avatar at rest and its joints, for the items fitted to the body rather than the head. */
function handBody(wearer: AccessoryWearer): HandBody {
  const bones = wearer.fused.skeleton;
  return {
    mesh: wearer.body,
    joint: (name) => {
      const i = bones.index.get(name);
      if (i === undefined) throw new PipelineFailure(`The avatar's skeleton has no ${name} joint to fit an accessory to.`);
      const at = bones.bones[i].head;
      return [at[0], at[1], at[2]];
    },
  };
}

/** A watch's, a bracelet's or a ring's skin: every vertex on the one joint it rides. */
function oneJointSkin(mesh: Mesh, joint: string, fused: FusedAvatar): SceneSkin {
  const j = fused.joints.findIndex((x) => x.name === joint);
  const count = mesh.positions.length / 3;
  const joints = new Uint16Array(count * 4), weights = new Float32Array(count * 4);
  for (let v = 0; v < count; v++) { joints[v * 4] = j; weights[v * 4] = 1; }
  return { joints, weights };
}

/** A necklace's skin: each vertex between the Neck joint (its share) and Spine2. */
function neckSkin(neckShare: Float32Array, fused: FusedAvatar): SceneSkin {
  const neck = fused.joints.findIndex((j) => j.name === 'Neck'), chest = fused.joints.findIndex((j) => j.name === 'Spine2');
  const joints = new Uint16Array(neckShare.length * 4), weights = new Float32Array(neckShare.length * 4);
  for (let v = 0; v < neckShare.length; v++) {
    joints[v * 4] = neck; joints[v * 4 + 1] = chest;
    weights[v * 4] = neckShare[v]; weights[v * 4 + 1] = 1 - neckShare[v];
  }
  return { joints, weights };
}
