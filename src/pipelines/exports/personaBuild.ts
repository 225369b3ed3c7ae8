import { avatarTeeth } from '../../assets/teeth.js';
import type { Scene, SceneImage, SceneMaterial, SceneMesh } from '../../formats/scene.js';
import { readZip, writeZip } from '../../formats/zip.js';
import { PipelineFailure } from '../failure.js';
import { bodyMorphs, bodyShapeSelection, exportedBody, onPlacedHead, storedBodyAvatar } from './bodyScene.js';
import { BODY_SHAPE_SET } from '../../library/blendshapeNames.js';
import { exportedHaircut, libraryHaircutMesh } from './haircutMesh.js';
import { personaHaircutTextures } from './personaHaircutTextures.js';
import { haircutBlendshape, HAIRCUT_BLENDSHAPE } from './personaHaircutBlend.js';
import { followingMorphs } from './headFollowingMorphs.js';
import { decodeRgba, encodeProfile, type ProfileFormat } from '../../formats/image.js';
import type { Mesh } from '../../core/mesh.js';
import type { SceneMorphTarget } from '../../formats/scene.js';
import type { PersonaTextures } from '../catalogue/index.js';
import type { StoredBodyAvatar } from './bodyScene.js';
import { compactPart, splitAvatar, type AvatarPartMesh } from './personaParts.js';
import { EXPORT_FORMATS, GENERATED_HAIRCUT, PERSONA_GENERATED_HAIRCUT, type ExportFormat } from '../catalogue/index.js';
import { bodyLayout, heldPoseAnimation, HELD_POSE_NAMES, HELD_POSES } from '../../assets/body/index.js';
import { atlasMaps, partMaterial, partTextures, profileSide } from './personaTextures.js';
import { exportedTeeth } from './teethMesh.js';
import { teethTexture, type TeethTextures } from '../../assets/teethTexture.js';
import { writeArchive } from './writeArchive.js';
import { withoutNeckLayers } from './neckLayers.js';
import { personaModelJson } from './personaModelJson.js';
import { recoloredMaps } from './personaColors.js';
import { tattooedMaps } from './personaTattoos.js';
import { sceneBindPose } from '../../formats/sceneBindPose.js';
import { personaOutfitItems } from './personaOutfits.js';
import { withoutMaskedPolygons } from './personaVisibility.js';
import { bakedHead, hairUnderHat, personaAccessories, type AccessoryWearer } from './personaAccessories.js';
import { BESIDE, personaEyes } from './personaEyes.js';
import { personaEyelashes } from './personaEyelashes.js';
import { faceDemoAnimations, faceDemosOverBody } from './personaFaceDemos.js';
import { avatarFiles, readAnalysis } from '../files.js';
import { personaStaticIdentity } from './personaItemImageNames.js';
import type { ExportFileOutput, ExportInput, ExportOutput, StaticFileOutput } from './types.js';

/**
 * The teeth parts' arches at LOD1 and LOD2: rings along each arch and hard edges per ring, chosen
 * for the spec's AvatarTeethUpper / AvatarTeethLower counts (2474/3708 and 2531/3372 against
 * 2497/3654 and 2511/3464; 305/396 and 252/408 against 306/394 and 253/406).
 */
const PERSONA_TEETH = {
  1: { upper: { rings: 309, doubled: 2 }, lower: { rings: 281, doubled: 3 } },
  2: { upper: { rings: 33, doubled: 3.2 }, lower: { rings: 34, doubled: 1.38 } },
} as const;

/** The parts each texture file prefix paints: its files go with the export when one of them does. */
const TEXTURE_PARTS: Readonly<Record<string, readonly string[]>> = {
  AvatarHead: ['AvatarHead'], AvatarBody: ['AvatarBody'], AvatarTeeth: ['AvatarTeethLower', 'AvatarTeethUpper'],
  AvatarEyeball: ['AvatarLeftEyeball', 'AvatarRightEyeball'], AvatarCornea: ['AvatarLeftCornea', 'AvatarRightCornea'],
};

/** The teeth's maps: the same for every avatar, painted once per process. */
let teethMaps: TeethTextures | undefined;

/** `values` without the body's own set, which moves nothing above the neck. */
function headValues(values: Record<string, Record<string, number>> | null): Record<string, Record<string, number>> | null {
  if (!values) return null;
  const rest = Object.fromEntries(Object.entries(values).filter(([set]) => set !== BODY_SHAPE_SET));
  return Object.keys(rest).length ? rest : null;
}

/**
 * The `Haircut` head blendshape (personaHaircutBlend.ts) and its texture `AvatarHead_Haircut`: the
 * generated haircut's RGBA texture, laid out like the head's, which engines blend over the head's
 * Color by the blendshape's weight (the spec). PNG when the profile is jpg, which has no alpha.
 * Null when the avatar has no generated haircut or the scalp does not move.
 */
async function generatedHaircutBlend(
  stored: StoredBodyAvatar['head'], files: Record<string, Uint8Array>, fused: Parameters<typeof onPlacedHead>[1], head: Mesh, textures: PersonaTextures,
): Promise<{ target: SceneMorphTarget; image: SceneImage } | null> {
  if (!files[avatarFiles.haircut(GENERATED_HAIRCUT, 'mesh')] || !files[avatarFiles.haircut(GENERATED_HAIRCUT, 'texture')]) return null;
  const haircut = await exportedHaircut(GENERATED_HAIRCUT, stored, files, { color: null, textureSize: null });
  const placed = onPlacedHead({ name: HAIRCUT_BLENDSHAPE, mesh: haircut.mesh, material: haircut.material, morphTargets: [] }, fused);
  const rgba = await decodeRgba(haircut.material.baseColorTexture!.data);
  const target = haircutBlendshape(head, placed.mesh, rgba);
  if (!target) return null;
  const asked = textures.profile.split('.')[1] as ProfileFormat;
  const format: ProfileFormat = asked === 'jpg' ? 'png' : asked;
  const data = await encodeProfile(rgba, format, profileSide(textures.profile));
  const image: SceneImage = { name: `AvatarHead_Haircut.${format}`, mimeType: format === 'png' ? 'image/png' : 'image/webp', data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  return { target, image };
}

/** Part of a mesh: the triangles whose vertices `keep` all selects, compacted (personaParts.ts). */
function subMesh(part: SceneMesh, keep: (v: number) => boolean): SceneMesh {
  const idx = part.mesh.indices;
  const triangles: number[] = [];
  for (let t = 0; t < idx.length; t += 3) if (keep(idx[t]) && keep(idx[t + 1]) && keep(idx[t + 2])) triangles.push(idx[t], idx[t + 1], idx[t + 2]);
  return compactPart(part, triangles).part;
}

/**
 * A persona_2.0 export: the avatar in named parts on one skeleton (docs/persona.md), at `LOD1` or
 * `LOD2`, with the parts `avatar.list` names, each with its textures at `textures.profile`, the
 * chosen blendshapes as morph targets, the walk and idle clips, the held poses, the face demos
 * when the head has mobile_51, and a haircut when one is named.
 */
export async function buildPersonaExport(input: ExportInput, progress: (value: number) => void = () => undefined): Promise<ExportOutput> {
  const persona = input.parameters.persona;
  if (!persona) throw new Error('a persona_2.0 export without its persona parameters');
  const avatar = storedBodyAvatar(input.files);
  const level = persona.avatar.lod === 'LOD2' ? 2 : 1;
  const values = persona.blendshapes.values;
  const { deltas, morphs } = bodyMorphs(avatar.head, persona.blendshapes.list, values);
  const embedMorphs = persona.blendshapes.embed;
  // The body's own blendshapes (body_shape: the creator's Body, Neck, … blends as _increase/_decrease pairs) go on AvatarBody.
  const shapes = bodyShapeSelection(persona.blendshapes.list, values);
  const joined = await exportedBody(avatar, embedMorphs ? morphs : new Map(), deltas, values, level, embedMorphs ? shapes : { names: [], values: shapes.values }, 'persona');
  // The teeth and lashes take the head's targets only.
  const headTargets = joined.headTargets;
  progress(30);
  // The skin over the eye openings goes: the eyeballs show through them.
  const regions = avatar.head.template.regions;
  const openings = [new Set(regions.leftEye.vertices), new Set(regions.rightEye.vertices)];
  const split = splitAvatar(joined, joined.sourceVertices, joined.fused.headVertices, bodyLayout().vertexOf.length, openings);
  const wholeHead = split.head;
  const bodyShapeNames = new Set(joined.bodyTargets.map((t) => t.name));
  // The outfit items (one per section), fitted to the body as exported; with apply_visibility_masks
  // the body polygons they hide go (personaVisibility.ts).
  const outfits = await personaOutfitItems(persona.outfits, joined.fused, joined.fusedPositions, joined.shapeTargets, input.staticFiles);
  const hiding = persona.avatar.applyVisibilityMasks ? outfits.filter((o) => o.item.applyVisibilityMasks).map((o) => o.hidden) : [];
  const body = withoutMaskedPolygons(split.body, hiding);
  const analysis = input.files[avatarFiles.analysis];
  if (!analysis) throw new Error('the avatar has no analysis.json, whose colours the eyes and model.json take');
  const analysed = readAnalysis(analysis);
  const atlas = await atlasMaps(input.files, profileSide(persona.avatar.textures.profile));
  const colors = persona.avatar.colors;
  const recolored = colors || persona.avatar.makeup.length ? recoloredMaps(atlas, avatar.head, analysed.colors.skin, colors, persona.avatar.makeup) : atlas;
  // avatar.tattoos (ours) go in after the skin recolour, so the ink stays ink whatever the skin.
  const maps = persona.avatar.tattoos.length ? await tattooedMaps(recolored, split.body, joined.fused.joints, persona.avatar.tattoos) : recolored;
  const [headImages, bodyImages] = await Promise.all([
    partTextures('AvatarHead', maps.head, persona.avatar.textures), partTextures('AvatarBody', maps.body, persona.avatar.textures),
  ]);
  progress(60);
  const wanted = new Set(persona.avatar.list);
  // The generated haircut as the head's own `Haircut` blendshape, and its texture to blend into the
  // head's: only for an export that has the head.
  const haircutBlend = embedMorphs && wanted.has('AvatarHead') ? await generatedHaircutBlend(avatar.head, input.files, joined.fused, wholeHead.mesh, persona.avatar.textures) : null;
  if (haircutBlend) wholeHead.morphTargets = [...wholeHead.morphTargets, haircutBlend.target];
  // A head-only export may leave out rings of the neck (the resolver allows it only without the body).
  const head = withoutNeckLayers(wholeHead, persona.avatar.removeNeckLayers);
  const part = (name: string, p: AvatarPartMesh, images: Map<string, SceneImage>): SceneMesh => ({ name, mesh: p.mesh, material: partMaterial(name, images), morphTargets: p.morphTargets, skin: p.skin });
  // The teeth: upper arch on the skull, lower following jawOpen with the head's morph targets.
  const teethOptions = { detail: PERSONA_TEETH[level], textured: true };
  const teeth = onPlacedHead(exportedTeeth(avatar.head, embedMorphs ? morphs : new Map(), deltas, headValues(values), headTargets, teethOptions), joined.fused);
  const lower = avatarTeeth(avatar.head, teethOptions).lower;
  const teethImages = await partTextures('AvatarTeeth', (teethMaps ??= teethTexture()), persona.avatar.textures);
  const teethPacked = teethImages.get('GltfMetallicRoughness');
  const teethMaterial: Omit<SceneMaterial, 'name'> = {
    baseColorTexture: teethImages.get('Color'), normalTexture: teethImages.get('Normal'), metallicRoughnessTexture: teethPacked,
    metallic: teethPacked ? 1 : 0, roughness: teethPacked ? 1 : 0.3, alphaMode: 'opaque', doubleSided: false,
  };
  const teethPart = (name: string, isLower: number) => ({ ...subMesh(teeth, (v) => lower[v] === isLower), name, material: { ...teethMaterial, name } });
  const parts: SceneMesh[] = [
    part('AvatarBody', body, bodyImages),
    part('AvatarHead', head, headImages),
    teethPart('AvatarTeethLower', 1),
    teethPart('AvatarTeethUpper', 0),
  ];
  // avatar.colors.eyes paints the iris in the asked colour; the eyeball is painted from an iris colour either way.
  const iris = colors?.eyes ?? analysed.colors.iris;
  const eyes = await personaEyes(avatar.head, joined.fused, iris, level, persona.avatar.textures, headTargets.map((t) => t.name));
  parts.push(...eyes.parts);
  parts.push(await personaEyelashes(avatar.head, joined.fused, level, embedMorphs ? morphs : new Map(), deltas, headValues(values), headTargets));
  const meshes = parts.filter((p) => wanted.has(p.name));
  const files: ExportFileOutput[] = [];
  // Maps no glTF material takes, which travel beside the model in its zip.
  const besideModel: SceneImage[] = [];
  // Glasses, hats, earrings and necklaces are fitted to this (personaAccessories.ts); a hat also presses the hair.
  let wearer: AccessoryWearer | undefined;
  const wearerOf = (): AccessoryWearer => (wearer ??= {
    head: { mesh: bakedHead(avatar.head.mesh, headValues(values), deltas), template: avatar.head.template }, fused: joined.fused, headPart: head, body: joined.mesh,
    bodyPart: { mesh: split.body.mesh, morphTargets: split.body.morphTargets.filter((t) => bodyShapeNames.has(t.name)) },
  });
  if (persona.haircuts.list.length) {
    const identity = persona.haircuts.list[0];
    const name = identity === GENERATED_HAIRCUT ? PERSONA_GENERATED_HAIRCUT : `haircut_${identity}`;
    let haircut: { mesh: SceneMesh['mesh']; material: SceneMaterial };
    let beside: SceneImage[] = [];
    if (identity === GENERATED_HAIRCUT) {
      haircut = await exportedHaircut(identity, avatar.head, input.files, { color: persona.haircuts.color, textureSize: null });
    } else {
      // The persona set's maps, at the haircuts' own texture profile.
      const textures = await personaHaircutTextures(identity, name, persona.haircuts.textures, persona.haircuts.color);
      haircut = { mesh: libraryHaircutMesh(identity, avatar.head), material: textures.material };
      beside = textures.beside;
    }
    const press = hairUnderHat(persona, wearerOf);
    const worn = press ? { ...haircut.mesh, positions: press(haircut.mesh.positions) } : haircut.mesh;
    const placed = onPlacedHead({ name, mesh: worn, material: { ...haircut.material, name }, morphTargets: [] }, joined.fused);
    // The hair follows the head's blendshapes (customisation, expressions), but not its own Haircut.
    const onHead = { ...placed, morphTargets: followingMorphs(placed.mesh, head.mesh, head.morphTargets, new Set([HAIRCUT_BLENDSHAPE])) };
    if (persona.haircuts.embed) {
      meshes.push(onHead);
      besideModel.push(...beside);
    } else {
      const { skin: _skin, ...unskinned } = onHead;
      let data = await writeArchive({ name: identity, meshes: [unskinned] }, { format: persona.haircuts.format, embedTextures: persona.haircuts.textures.embed, baseName: identity, quads: persona.exportQuads });
      if (beside.length) {
        const entries = readZip(data);
        for (const image of beside) entries[image.name] = image.data;
        data = writeZip(entries);
      }
      files.push({ identity, category: 'haircuts', data, staticFiles: [] });
    }
  }
  // An item's images are the same in every export at its profile unless recoloured: static files
  // (listed, left out of the archive, served once with an ETag), identified with their profile.
  // The maps no material takes always; the material's when the model references them as files.
  const outfitBeside = ['Roughness', 'UnityMetallicSmoothness', 'RecoloringMask', 'body_visibility_mask'];
  const staticFiles: StaticFileOutput[] = [];
  const avatarStatics: StaticFileOutput[] = [];
  const separate = (format: ExportFormat, embedTextures: boolean) => !(embedTextures && EXPORT_FORMATS[format].personaEmbedsTextures);
  for (const o of outfits) {
    const beside = [...o.images].filter(([name]) => outfitBeside.includes(name)).map(([, image]) => image);
    const material = [...o.images].filter(([name]) => !outfitBeside.includes(name)).map(([, image]) => image);
    const [format, embedTextures] = o.item.embed ? [persona.avatar.format, persona.avatar.textures.embed] : [o.item.format, o.item.textures.embed];
    const statics = o.item.color ? [] : [...beside, ...(separate(format, embedTextures) ? material : [])].map((image) => ({
      identity: personaStaticIdentity(image.name, o.item.textures.profile), name: image.name, contentType: image.mimeType, data: image.data,
    }));
    staticFiles.push(...statics);
    const loose = beside.filter((image) => !statics.some((s) => s.name === image.name));
    if (o.item.embed) {
      meshes.push(o.part);
      besideModel.push(...loose);
      avatarStatics.push(...statics);
    } else {
      // A file of its own: the item skinned to a copy of the skeleton, in its section's format.
      const leaveOut = new Set(statics.map((s) => s.name));
      let data = await writeArchive({ name: o.item.identity, meshes: [o.part], skeleton: joined.fused.joints }, { format, embedTextures, baseName: o.item.identity, quads: persona.exportQuads, leaveOut });
      if (loose.length) {
        const entries = readZip(data);
        for (const image of loose) entries[image.name] = image.data;
        data = writeZip(entries);
      }
      files.push({ identity: o.item.identity, category: o.item.section, data, staticFiles: statics.map((s) => s.identity) });
    }
  }
  // What this export painted is stored too, listed or not, so that the next export of an item at
  // its profile (on any worker) takes it instead of painting it again.
  for (const o of outfits) for (const image of o.painted) if (!staticFiles.some((s) => s.identity === image.identity)) staticFiles.push(image);
  const accessories = await personaAccessories(persona, wearerOf);
  meshes.push(...accessories.meshes);
  files.push(...accessories.files);
  besideModel.push(...accessories.beside);
  if (!meshes.length) throw new PipelineFailure('avatar.list names none of the parts this export can make.');
  progress(80);
  // The held poses of the creator's animation names, after the walk and the idle.
  const gender = avatar.body.shape.gender === 'female' ? 'female' : 'male';
  const poses = Object.entries(HELD_POSE_NAMES[gender]).map(([clip, pose]) => heldPoseAnimation(joined.fused.skeleton, HELD_POSES[pose], clip));
  // The face demos, when the head carries mobile_51 (personaFaceDemos.ts).
  const faces = faceDemoAnimations(meshes, joined.fused.joints);
  const clips = [...joined.animations, ...poses, ...faces];
  let scene: Scene = { name: 'avatar', meshes, skeleton: joined.fused.joints, animations: clips };
  // animations.list (ours): those clips only, in its order; bind_pose makes the first one's first frame the rest pose.
  const chosen = persona.animations.list;
  if (chosen) {
    const missing = chosen.filter((name) => !clips.some((c) => c.name === name));
    if (missing.length) throw new PipelineFailure(`animations.list names ${missing.join(', ')}, which this export cannot play: a face demo needs every mobile_51 blendshape it moves in blendshapes.list.`);
    scene.animations = faceDemosOverBody(chosen.map((name) => clips.find((c) => c.name === name)!));
    if (persona.animations.bindPose) scene = sceneBindPose(scene, chosen[0]);
  }
  const format = persona.avatar.format;
  const archive = await writeArchive(scene, { format, embedTextures: persona.avatar.textures.embed, baseName: 'model', quads: persona.exportQuads, leaveOut: new Set(avatarStatics.map((s) => s.name)) });
  // Textures no material takes (Roughness, UnityMetallicSmoothness) travel beside the model, for the parts it has.
  const beside = (images: Map<string, SceneImage>) => [...images].filter(([name]) => BESIDE.includes(name)).map(([, image]) => image);
  const extras = [...beside(headImages), ...beside(bodyImages), ...beside(teethImages), ...eyes.files]
    .filter((image) => TEXTURE_PARTS[image.name.split('_')[0]]?.some((p) => wanted.has(p)))
    .concat(besideModel);
  if (haircutBlend && wanted.has('AvatarHead')) extras.push(haircutBlend.image);
  const entries = readZip(archive);
  for (const image of extras) entries[image.name] = image.data;
  if (persona.modelJson) entries['model.json'] = new TextEncoder().encode(JSON.stringify(personaModelJson(analysed, colors), null, 2));
  // make_public_direct: the model file itself, which embeds every part and texture (the resolver
  // insists); the loose Roughness and UnityMetallicSmoothness maps stay in the zip only.
  const model = `model.${format}`;
  const direct = persona.makePublicDirect && entries[model] ? { name: model, data: entries[model] } : undefined;
  files.unshift({ identity: 'avatar', category: null, data: extras.length || persona.modelJson ? writeZip(entries) : archive, staticFiles: avatarStatics.map((s) => s.identity), ...(direct && { direct }) });
  progress(95);
  return { files, staticFiles };
}
