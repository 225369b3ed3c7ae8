import { writePly } from '../../formats/ply.js';
import { readZip, writeZip } from '../../formats/zip.js';
import type { Scene, SceneImage, SceneMesh, SceneMorphTarget } from '../../formats/scene.js';
import { exportedOutfit } from './outfitMesh.js';
import { avatarFiles } from '../files.js';
import { asPart, buildExport, headMaterial } from './index.js';
import { exportedHaircut } from './haircutMesh.js';
import { exportedTeeth } from './teethMesh.js';
import { bodyMorphs, bodyShapeSelection, exportedBody, headHalf, onPlacedHead, storedBodyAvatar } from './bodyScene.js';
import { writeArchive } from './writeArchive.js';
import { BODY_SHAPE_SET } from '../../library/blendshapeNames.js';
import type { BlendshapeArchiveInput, ExportFileOutput, ExportInput, ExportOutput, StaticFileOutput } from './types.js';
import type { ExportPartOptions } from '../catalogue/index.js';

/**
 * A body_0.3 export: the whole body with its skeleton (Mixamo names), skin, the head's blendshapes
 * as morph targets, the teeth and a haircut on the head. `template` `head` is the head alone, as
 * head_2.0 head/mobile exports it. `lod` picks the level of the spec's female/male template row.
 * An outfit (library/outfits) is fitted to the body and skinned to its skeleton (outfitMesh.ts).
 */
export async function buildBodyExport(input: ExportInput, progress: (value: number) => void = () => undefined): Promise<ExportOutput> {
  const p = input.parameters;
  const avatar = storedBodyAvatar(input.files);
  if (p.avatar.template === 'head') {
    // The head alone: the head pipeline's export of the stored head, with the head's half of the atlas.
    // The body's normal map is flat over the head: the head has none.
    const { [avatarFiles.texture('normal_map', 'png')]: _normal, ...files } = input.files;
    for (const identity of ['model', 'roughness_map', 'metallic_map']) {
      const key = avatarFiles.texture(identity, 'jpg');
      if (files[key]) files[key] = await headHalf(files[key], identity !== 'model');
    }
    files[avatarFiles.mesh(0)] = writeZip({ 'model.ply': writePly(avatar.head.mesh) });
    return buildExport({ ...input, pipeline: 'head_2.0', pipeline_subtype: 'head/mobile', files }, progress);
  }
  progress(10);
  const { chosen, deltas, morphs } = bodyMorphs(avatar.head, p.blendshapes.list, p.blendshapes.values);
  const shapes = bodyShapeSelection(p.blendshapes.list, p.blendshapes.values);
  const embedMorphs = p.blendshapes.embed || (!chosen.size && !shapes.names.length);
  const bakedShapes = { names: [], values: shapes.values };
  // `default`: the spec's default template row, a body a little lighter than the subtypes' at LOD0.
  const row = p.avatar.template === 'default' ? 'default' : 'subtype';
  const body = await exportedBody(avatar, embedMorphs ? morphs : new Map(), deltas, p.blendshapes.values, p.avatar.lod, embedMorphs ? shapes : bakedShapes, row);
  progress(40);
  const { material } = await headMaterial(input.files, p.avatar);
  // The teeth take the head's blendshapes only: the body's own move nothing above the neck.
  const headValues = withoutBodyShape(p.blendshapes.values);
  const teeth = onPlacedHead(exportedTeeth(avatar.head, embedMorphs ? morphs : new Map(), deltas, headValues, body.headTargets), body.fused);
  const meshes: SceneMesh[] = [
    asPart({ name: 'body', mesh: body.mesh, material: { ...material, name: 'body' }, morphTargets: body.morphTargets, skin: body.skin }, p.avatar),
    asPart(teeth, p.avatar),
  ];
  const files: ExportFileOutput[] = [];
  if (p.haircuts.list.length) {
    const identity = p.haircuts.list[0];
    const haircut = await exportedHaircut(identity, avatar.head, input.files, { color: p.haircuts.color, textureSize: p.haircuts.textureSize });
    const part = onPlacedHead({ name: `haircut_${identity}`, mesh: haircut.mesh, material: haircut.material, morphTargets: [] }, body.fused);
    if (p.haircuts.embed) meshes.push(asPart(part, p.avatar));
    else {
      const { skin: _skin, ...unskinned } = part;
      const data = await writeArchive({ name: identity, meshes: [asPart(unskinned, p.haircuts)] }, { format: p.haircuts.format, embedTextures: p.haircuts.embedTextures, baseName: identity });
      files.push({ identity, category: 'haircuts', data, staticFiles: [] });
    }
  }
  const extras: SceneImage[] = [];
  const staticFiles: StaticFileOutput[] = [];
  let outfitStatics: StaticFileOutput[] = [];
  if (p.outfits.list.length && p.avatar.template !== 'head') {
    const identity = p.outfits.list[0];
    // Fitted to the body as exported: LOD0's vertices with any body_shape values baked in (a
    // level above 0 picks its vertices from them too, so the outfit fits every level).
    const positions = body.sourceVertices ? body.fused.mesh.positions : body.mesh.positions;
    const outfit = await exportedOutfit(identity, body.fused, positions, p.outfits, body.shapeTargets, input.staticFiles);
    // The outfit's own images are static files (spec: "files that do not change between
    // exports"): left out of the archive and listed, as library haircuts' textures are. The
    // material's only when the model references them as files; the extras beside it always.
    const material = [outfit.part.material?.baseColorTexture, outfit.part.material?.normalTexture, outfit.part.material?.metallicRoughnessTexture];
    const staticsFor = (o: ExportPartOptions): StaticFileOutput[] => {
      const separate = !o.pointclouds && !(o.format !== 'gltf' && o.embedTextures);
      const names = [...(separate ? material.flatMap((m) => (m ? [m.name] : [])) : []), ...outfit.extras.map((e) => e.name)];
      return names.flatMap((name) => outfit.statics.get(name) ?? []);
    };
    const beside = (statics: StaticFileOutput[]) => outfit.extras.filter((e) => !statics.some((s) => s.name === e.name));
    if (p.outfits.embed) {
      meshes.push(asPart(outfit.part, p.outfits));
      outfitStatics = staticsFor(p.avatar);
      extras.push(...beside(outfitStatics));
    } else {
      const scene: Scene = { name: identity, meshes: [asPart(outfit.part, p.outfits)], ...(p.outfits.pointclouds ? {} : { skeleton: body.fused.joints }) };
      if (p.outfits.pointclouds) delete scene.meshes[0].skin;
      const own = staticsFor(p.outfits);
      const data = await writeArchive(scene, { format: p.outfits.format, embedTextures: p.outfits.embedTextures, baseName: identity, leaveOut: new Set(own.map((s) => s.name)) });
      const rest = beside(own);
      files.push({ identity, category: 'outfits', data: rest.length ? await withImages(data, rest) : data, staticFiles: own.map((s) => s.identity) });
      staticFiles.push(...own);
    }
    staticFiles.push(...outfitStatics);
    for (const image of outfit.painted) if (!staticFiles.some((s) => s.identity === image.identity)) staticFiles.push(image);
  }
  progress(70);
  if (!embedMorphs) {
    const own = await exportedBody(avatar, morphs, deltas, p.blendshapes.values, p.blendshapes.lod, shapes);
    const ownTeeth = onPlacedHead(exportedTeeth(avatar.head, morphs, deltas, headValues, own.headTargets), own.fused);
    const scene: Scene = {
      name: 'blendshapes',
      meshes: [asPart({ name: 'body', mesh: own.mesh, morphTargets: own.morphTargets }, p.blendshapes), asPart({ ...ownTeeth, skin: undefined }, p.blendshapes)],
    };
    files.push({ identity: 'blendshapes', category: 'blendshapes', data: await writeArchive(scene, { format: p.blendshapes.format, embedTextures: false, baseName: 'blendshapes' }), staticFiles: [] });
  }
  // The walk and the idle ship with every skinned body (issue 13's animation proof).
  const scene: Scene = { name: 'avatar', meshes, ...(p.avatar.pointclouds ? {} : { skeleton: body.fused.joints, animations: body.animations }) };
  if (p.avatar.pointclouds) for (const m of meshes) delete m.skin;
  const archive = await writeArchive(scene, { format: p.avatar.format, embedTextures: p.avatar.embedTextures, baseName: 'model', leaveOut: new Set(outfitStatics.map((s) => s.name)) });
  files.unshift({ identity: 'avatar', category: null, data: extras.length ? await withImages(archive, extras) : archive, staticFiles: outfitStatics.map((s) => s.identity) });
  progress(95);
  return { files, staticFiles };
}

/**
 * GET /avatars/{code}/blendshapes/ for a body: the whole body as base, the head's sets on its head
 * vertices, and `body_shape` on the body when the avatar was made with it.
 */
export async function bodyBlendshapeArchive({ files, sets, fmt }: BlendshapeArchiveInput): Promise<Uint8Array> {
  const avatar = storedBodyAvatar(files);
  const { deltas } = bodyMorphs(avatar.head, sets, null);
  const shapes = bodyShapeSelection(sets.filter((set) => set === BODY_SHAPE_SET), null);
  const body = await exportedBody(avatar, deltas, deltas, null, 0, shapes);
  if (fmt !== 'ply') {
    const teeth = onPlacedHead(exportedTeeth(avatar.head, deltas, deltas, null, body.headTargets), body.fused);
    return writeArchive({ name: 'blendshapes', meshes: [{ name: 'body', mesh: body.mesh, morphTargets: body.morphTargets }, { ...teeth, skin: undefined }] },
      { format: fmt, embedTextures: false, baseName: 'blendshapes' });
  }
  const entries: Record<string, Uint8Array> = { 'base.ply': writePly(body.mesh, { comment: 'Likeness avatar, LOD 0' }) };
  const names = [...[...deltas].flatMap(([set, byName]) => [...byName.keys()].map((name) => `${set}/${name}`)), ...shapes.names.map((name) => `${BODY_SHAPE_SET}/${name}`)];
  names.forEach((path, k) => {
    const target = body.morphTargets[k];
    const positions = body.mesh.positions.slice();
    for (let i = 0; i < positions.length; i++) positions[i] += target.positions[i];
    entries[`${path}.ply`] = writePly({ positions, indices: new Uint32Array(0) }, { pointsOnly: true, comment: `Likeness blendshape ${path}, LOD 0` });
  });
  return writeZip(entries);
}

/** A zip with images added under `textures/`: maps that travel beside the model. */
async function withImages(zip: Uint8Array, images: SceneImage[]): Promise<Uint8Array> {
  const entries = readZip(zip);
  for (const image of images) entries[`textures/${image.name}`] = image.data;
  return writeZip(entries);
}

/** `values` without the body's own set, for what only the head's sets move. */
function withoutBodyShape(values: Record<string, Record<string, number>> | null): Record<string, Record<string, number>> | null {
  if (!values) return null;
  const rest = Object.fromEntries(Object.entries(values).filter(([set]) => set !== BODY_SHAPE_SET));
  return Object.keys(rest).length ? rest : null;
}
