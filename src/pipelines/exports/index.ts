import { BLENDSHAPE_SET_NAMES } from '../../geometry/index.js';
import { readZip, writeZip } from '../../formats/zip.js';
import type { Scene, SceneImage, SceneMaterial, SceneMesh } from '../../formats/scene.js';
import type { ExportPartOptions } from '../catalogue/index.js';
import { avatarFiles } from '../files.js';
import { PipelineFailure } from '../failure.js';
import { blendshapeSelection, exportedHead, headBlendshapes, storedHead } from './headMesh.js';
import { exportedHaircut } from './haircutMesh.js';
import { exportedTeeth } from './teethMesh.js';
import { keepOffHead } from '../../assets/haircuts/index.js';
import { metallicRoughnessImage, sizedImage } from './textures.js';
import { writeArchive } from './writeArchive.js';
import type { ExportFileOutput, ExportInput, ExportOutput, StaticFileOutput } from './types.js';

export type { ExportInput, ExportOutput, ExportFileOutput, StaticFileOutput } from './types.js';
export { haircutTextureIdentity } from './haircutMesh.js';

/** Vertices only, as `pointclouds: true` asks: no faces, no normals, no UVs, no material. */
function points(part: SceneMesh): SceneMesh {
  return {
    name: part.name,
    mesh: { positions: part.mesh.positions, indices: new Uint32Array(0) },
    morphTargets: part.morphTargets.map((t) => ({ name: t.name, positions: t.positions })),
  };
}

export const asPart = (part: SceneMesh, o: ExportPartOptions): SceneMesh => (o.pointclouds ? points(part) : part);

/** The head's (or body's) material: the model texture, and glTF's metallic-roughness and normal maps when those textures are asked for. */
export async function headMaterial(files: Record<string, Uint8Array>, o: ExportPartOptions): Promise<{ material: SceneMaterial; extras: SceneImage[] }> {
  const model = files[avatarFiles.texture('model', 'jpg')];
  if (!model) throw new PipelineFailure('The avatar has no texture to export.');
  const wanted = new Set(o.additionalTextures);
  const roughness = wanted.has('roughness_map') ? files[avatarFiles.texture('roughness_map', 'jpg')] : undefined;
  const metallic = wanted.has('metallic_map') ? files[avatarFiles.texture('metallic_map', 'jpg')] : undefined;
  const packed = await metallicRoughnessImage(roughness, metallic, 'model_metallic_roughness.jpg');
  const normal = wanted.has('normal_map') ? files[avatarFiles.texture('normal_map', 'png')] : undefined;
  const material: SceneMaterial = {
    name: 'head',
    baseColorTexture: await sizedImage({ name: 'model.jpg', mimeType: 'image/jpeg', data: model }, o.textureSize),
    metallicRoughnessTexture: packed && (await sizedImage(packed, o.textureSize)),
    normalTexture: normal && (await sizedImage({ name: 'model_normal.png', mimeType: 'image/png', data: normal }, o.textureSize)),
    metallic: packed ? 1 : 0, roughness: packed ? 1 : 0.55,
    alphaMode: 'opaque', doubleSided: false,
  };
  // Other requested textures (cartoonish, lips mask, …) travel as images beside the model; textures
  // the avatar does not have are skipped without error, as the spec asks.
  const extras: SceneImage[] = [];
  for (const identity of wanted) {
    if (identity === 'roughness_map' || identity === 'metallic_map' || identity === 'normal_map' || identity === 'model') continue;
    for (const [extension, mimeType] of [['jpg', 'image/jpeg'], ['png', 'image/png']] as const) {
      const data = files[avatarFiles.texture(identity, extension)];
      if (data) extras.push(await sizedImage({ name: `${identity}.${extension}`, mimeType, data }, o.textureSize));
    }
  }
  return { material, extras };
}

/**
 * An export's archives from the avatar's stored files: `avatar` (the head, with the haircut and
 * blendshapes when embedded), a haircut by its identity and `blendshapes` when not embedded. A
 * library haircut's unchanged texture is a static file, referenced by the models and not archived.
 */
export async function buildExport(input: ExportInput, progress: (value: number) => void = () => undefined): Promise<ExportOutput> {
  const p = input.parameters;
  if (p.outfits.list.length) throw new PipelineFailure('Outfits come with full-body avatars, which this service does not make yet.');
  const { head } = storedHead(input.pipeline, input.pipeline_subtype, input.files);
  progress(10);

  const chosen = blendshapeSelection(p.blendshapes.list, BLENDSHAPE_SET_NAMES);
  const needed = new Map(chosen);
  for (const [set, factors] of Object.entries(p.blendshapes.values ?? {})) {
    needed.set(set, [...new Set([...(needed.get(set) ?? []), ...Object.keys(factors)])]);
  }
  const deltas = headBlendshapes(head, needed);
  const morphs = new Map([...chosen].map(([set, names]) => [set, new Map(names.map((n) => [n, deltas.get(set)!.get(n)!]))]));
  progress(35);

  const files: ExportFileOutput[] = [];
  const staticFiles: StaticFileOutput[] = [];
  const embedMorphs = p.blendshapes.embed || !chosen.size;
  const exported = await exportedHead(head, p.avatar.lod, embedMorphs ? morphs : new Map(), deltas, p.blendshapes.values);
  const { material, extras } = await headMaterial(input.files, p.avatar);
  const avatar: Scene = {
    name: 'avatar',
    meshes: [
      asPart({ name: 'head', mesh: exported.mesh, material, morphTargets: exported.morphTargets }, p.avatar),
      asPart(exportedTeeth(head, embedMorphs ? morphs : new Map(), deltas, p.blendshapes.values, exported.morphTargets), p.avatar),
    ],
  };
  progress(55);

  const leaveOut = new Set<string>();
  let avatarStatic: string[] = [];
  if (p.haircuts.list.length) {
    const identity = p.haircuts.list[0];
    const haircut = await exportedHaircut(identity, head, input.files, { color: p.haircuts.color, textureSize: p.haircuts.textureSize });
    // The haircut keeps its own faces at every LOD: simplifying its cards and textured cap opens
    // holes where alpha is interpolated over larger triangles. Fitted to LOD0, it is kept off this
    // LOD's flatter surface, which can stand proud of LOD0's.
    if (p.avatar.lod > 0) haircut.mesh = keepOffHead(haircut.mesh, exported.mesh);
    const part = asPart({ name: `haircut_${identity}`, mesh: haircut.mesh, material: haircut.material, morphTargets: [] }, p.haircuts);
    // A static texture stays out of archives whose models reference it as a separate file.
    const useStatic = (o: ExportPartOptions) => haircut.staticTexture && !o.pointclouds && !(o.format !== 'gltf' && o.embedTextures);
    if (p.haircuts.embed) {
      avatar.meshes.push(part);
      if (useStatic(p.avatar)) {
        leaveOut.add(haircut.staticTexture!.name);
        avatarStatic = [haircut.staticTexture!.identity];
      }
    } else {
      const own = useStatic(p.haircuts);
      const data = await writeArchive({ name: identity, meshes: [part] }, {
        format: p.haircuts.format, embedTextures: p.haircuts.embedTextures, baseName: identity,
        leaveOut: own ? new Set([haircut.staticTexture!.name]) : undefined,
      });
      files.push({ identity, category: 'haircuts', data, staticFiles: own ? [haircut.staticTexture!.identity] : [] });
    }
    if (haircut.staticTexture && (avatarStatic.length || files.some((f) => f.staticFiles.length))) staticFiles.push(haircut.staticTexture);
  }
  progress(70);

  if (!embedMorphs) {
    // Its own level of detail: the blendshapes file is a head of its own, with the shapes as morph targets.
    const own = await exportedHead(head, p.blendshapes.lod, morphs, deltas, p.blendshapes.values);
    const teeth = exportedTeeth(head, morphs, deltas, p.blendshapes.values, own.morphTargets);
    const scene: Scene = { name: 'blendshapes', meshes: [asPart({ name: 'head', mesh: own.mesh, morphTargets: own.morphTargets }, p.blendshapes), asPart(teeth, p.blendshapes)] };
    files.push({ identity: 'blendshapes', category: 'blendshapes', data: await writeArchive(scene, { format: p.blendshapes.format, embedTextures: false, baseName: 'blendshapes' }), staticFiles: [] });
  }

  const archive = await writeArchive(avatar, { format: p.avatar.format, embedTextures: p.avatar.embedTextures, baseName: 'model', leaveOut });
  const withExtras = extras.length ? await appendImages(archive, extras) : archive;
  files.unshift({ identity: 'avatar', category: null, data: withExtras, staticFiles: avatarStatic });
  progress(95);
  return { files, staticFiles };
}

async function appendImages(zip: Uint8Array, images: SceneImage[]): Promise<Uint8Array> {
  const entries = readZip(zip);
  for (const image of images) entries[`textures/${image.name}`] = image.data;
  return writeZip(entries);
}
