import { bodyLayout } from '../../assets/body/bodyMesh.js';
import { bodyTopology } from '../../assets/body/bodyTopology.js';
import type { FusedAvatar } from '../../assets/body/index.js';
import { bodyVisibilityMask, fitOutfit, outfitMorphs, paintOutfit, type FittedOutfit } from '../../assets/outfits/index.js';
import type { SceneImage, SceneMaterial, SceneMesh, SceneMorphTarget } from '../../formats/scene.js';
import { encodeJpeg, encodePng } from '../../texture/index.js';
import { outfitByIdentity, type Outfit } from '../../library/outfits/outfitLibrary.js';
import type { ExportPartOptions } from '../catalogue/index.js';
import { PipelineFailure } from '../failure.js';
import { sizedImage } from './textures.js';
import type { StaticFileOutput } from './types.js';
import { outfitImage, outfitImageKinds, outfitImageName, type OutfitImageKind } from './outfitImageNames.js';

/** Side of an outfit's texture, the spec's "most outfit textures are 4096x4096": four garments' quarters, each the body's atlas at 2048². */
export const OUTFIT_TEXTURE_SIZE = 4096;
/** Side of the body visibility mask, in the avatar's texture layout. */
export const VISIBILITY_MASK_SIZE = 1024;

type OutfitImages = Record<OutfitImageKind, SceneImage>;

const painted = new Map<string, Promise<OutfitImages>>();

const asBytes = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/**
 * An outfit's images. They are the same for every avatar (the garments' UVs and the mask are the
 * body's atlas, whatever its shape), so each is painted once per process.
 */
function paintedImages(outfit: Outfit, fitted: FittedOutfit): Promise<OutfitImages> {
  let hit = painted.get(outfit.identity);
  if (!hit) {
    hit = (async () => {
      const maps = paintOutfit(fitted, OUTFIT_TEXTURE_SIZE);
      const n = OUTFIT_TEXTURE_SIZE ** 2;
      const packed = new Uint8Array(n * 3);
      for (let i = 0; i < n; i++) { packed[i * 3] = 255; packed[i * 3 + 1] = maps.roughness.data[i]; packed[i * 3 + 2] = maps.metallic.data[i]; }
      const image = (kind: OutfitImageKind, data: Buffer): SceneImage => outfitImage(outfit.identity, kind, asBytes(data));
      const mask = bodyVisibilityMask(fitted, VISIBILITY_MASK_SIZE);
      return {
        color: image('color', await encodeJpeg(maps.color, 90)),
        normal: image('normal', await encodePng(maps.normal)),
        roughness: image('roughness', await encodeJpeg(maps.roughness, 92)),
        metallic: image('metallic', await encodeJpeg(maps.metallic, 92)),
        packed: image('packed', await encodeJpeg({ width: OUTFIT_TEXTURE_SIZE, height: OUTFIT_TEXTURE_SIZE, channels: 3, data: packed }, 92)),
        mask: image('mask', await encodePng(mask)),
      };
    })();
    painted.set(outfit.identity, hit);
    hit.catch(() => painted.delete(outfit.identity));
  }
  return hit;
}

/**
 * The images an export reads (`kinds`): the stored static files of an earlier export where there
 * are any (`stored`, by file name; the same bytes this process would paint), painted for the rest.
 */
async function outfitImages(
  outfit: Outfit, fitted: FittedOutfit, kinds: readonly OutfitImageKind[], stored: Record<string, Uint8Array>,
): Promise<{ images: Partial<OutfitImages>; painted: SceneImage[] }> {
  const images: Partial<OutfitImages> = {};
  const missing: OutfitImageKind[] = [];
  for (const kind of kinds) {
    const bytes = stored[outfitImageName(outfit.identity, kind)];
    if (bytes) images[kind] = outfitImage(outfit.identity, kind, bytes);
    else missing.push(kind);
  }
  if (!missing.length) return { images, painted: [] };
  const all = await paintedImages(outfit, fitted);
  for (const kind of missing) images[kind] = all[kind];
  return { images, painted: missing.map((kind) => all[kind]) };
}

/**
 * The body as an outfit is fitted to it: per body vertex (topology), its place in the exported
 * body (the fused avatar's body part, with the neck joined to the head) and its skin weights.
 */
export function fusedBody(fused: FusedAvatar, positions: Float32Array): { positions: Float32Array; weights: { joints: Uint16Array; weights: Float32Array } } {
  const { vertexOf } = bodyLayout();
  const count = bodyTopology().vertexCount;
  const out = new Float32Array(count * 3), joints = new Uint16Array(count * 4), weights = new Float32Array(count * 4);
  vertexOf.forEach((v, m) => {
    const f = fused.headVertices + m;
    out.set(positions.subarray(f * 3, f * 3 + 3), v * 3);
    joints.set(fused.skin.joints.subarray(f * 4, f * 4 + 4), v * 4);
    weights.set(fused.skin.weights.subarray(f * 4, f * 4 + 4), v * 4);
  });
  return { positions: out, weights: { joints, weights } };
}

/**
 * The body's `body_shape` targets exported as morph targets (`shapes`, on the fused avatar's
 * vertices, as exportedBody gives them) carried over to an outfit fitted to it, under the same
 * names: an engine that turns one turns both, and the cloth follows the body.
 */
export function fittedOutfitMorphs(fitted: FittedOutfit, fused: FusedAvatar, shapes: readonly SceneMorphTarget[]): SceneMorphTarget[] {
  return shapes.length ? outfitMorphs(fitted, shapes.map((t) => ({ name: t.name, positions: fusedBody(fused, t.positions).positions }))) : [];
}

export interface ExportedOutfit {
  part: SceneMesh;
  /** Images that travel beside the model (the body visibility mask, the grey maps). */
  extras: SceneImage[];
  /**
   * Those of its images (the material's and the extras) that are the outfit's own, not resized:
   * the same in every export, so they may be static files (name → the static file).
   */
  statics: Map<string, StaticFileOutput>;
  /**
   * The outfit's images this export painted because none was stored, at full size whatever the
   * export's `texture_size`: to be stored as static files (not listed), so that no later export
   * or worker paints them again.
   */
  painted: StaticFileOutput[];
  fitted: FittedOutfit;
}

/** The static file identity of an outfit's image: its file name without the extension. */
const staticOf = (image: SceneImage): StaticFileOutput => ({
  identity: image.name.replace(/\.[a-z]+$/, ''), name: image.name, contentType: image.mimeType, data: image.data,
});

/**
 * The outfit `identity` fitted to the exported body (`positions`: the fused avatar's, with any
 * baked body blendshapes), skinned to its skeleton with the weights of the body beneath, following
 * the body's `shapes` exported as targets (fittedOutfitMorphs), with its material: the colour texture, and the maps the outfit section's `additional_textures` ask
 * for (normal_map as `normalTexture`, roughness_map and metallic_map packed as glTF wants them);
 * body_visibility_mask and the grey maps also travel beside the model.
 */
export async function exportedOutfit(
  identity: string, fused: FusedAvatar, positions: Float32Array, o: ExportPartOptions, shapes: readonly SceneMorphTarget[] = [], stored: Record<string, Uint8Array> = {},
): Promise<ExportedOutfit> {
  const outfit = outfitByIdentity(identity);
  if (!outfit) throw new PipelineFailure(`Unknown outfit "${identity}".`);
  const fitted = await fitOutfit(outfit.garments, fusedBody(fused, positions), outfit.detail, outfit);
  const { images, painted } = await outfitImages(outfit, fitted, outfitImageKinds(o.additionalTextures), stored);
  const wanted = new Set(o.additionalTextures);
  const statics = new Map<string, StaticFileOutput>();
  const sized = async (image: SceneImage) => {
    const out = await sizedImage(image, o.textureSize);
    if (out.data === image.data) statics.set(image.name, staticOf(image));
    return out;
  };
  const packed = wanted.has('roughness_map') || wanted.has('metallic_map');
  const material: SceneMaterial = {
    name: `outfit_${identity}`,
    baseColorTexture: await sized(images.color!),
    normalTexture: wanted.has('normal_map') ? await sized(images.normal!) : undefined,
    metallicRoughnessTexture: packed ? await sized(images.packed!) : undefined,
    metallic: packed ? 1 : 0,
    roughness: packed ? 1 : 0.85,
    alphaMode: 'opaque',
    doubleSided: false,
  };
  const extras: SceneImage[] = [];
  if (wanted.has('body_visibility_mask')) { extras.push(images.mask!); statics.set(images.mask!.name, staticOf(images.mask!)); }
  if (wanted.has('roughness_map')) extras.push(await sized(images.roughness!));
  if (wanted.has('metallic_map')) extras.push(await sized(images.metallic!));
  return { part: { name: `outfit_${identity}`, mesh: fitted.mesh, material, morphTargets: fittedOutfitMorphs(fitted, fused, shapes), skin: fitted.skin }, extras, statics, painted: painted.map(staticOf), fitted };
}
