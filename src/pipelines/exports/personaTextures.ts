import type { Image } from '../../core/image.js';
import { decodeChannel, decodeRgb, encodeProfile, readImageInfo, type ProfileFormat } from '../../formats/image.js';
import type { SceneImage, SceneMaterial } from '../../formats/scene.js';
import type { PersonaTextures } from '../catalogue/index.js';
import { personaImageName } from './personaItemImageNames.js';
import { avatarFiles } from '../files.js';

/** Which half of the body atlas (assets/body/headFusion.ts) a part's texture is: the head's on top, the body's below. */
export type AtlasHalf = 'head' | 'body';

/** A part's source maps, cut from the avatar's atlases: colour, and where the avatar has them, normal, roughness, metallic. */
export interface PartMaps {
  color: Image;
  normal?: Image;
  roughness?: Image;
  metallic?: Image;
}

const SIDES: Record<string, number> = { '4K': 4096, '2K': 2048, '1K': 1024 };
const MIME: Record<ProfileFormat, SceneImage['mimeType']> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Rows `[from, to)` of an image. */
function rows(image: Image, from: number, to: number): Image {
  const stride = image.width * image.channels;
  return { ...image, height: to - from, data: image.data.slice(from * stride, to * stride) };
}

const halfOf = (image: Image, half: AtlasHalf): Image => (half === 'head' ? rows(image, 0, image.height / 2) : rows(image, image.height / 2, image.height));

/** A profile's longest side in pixels: `2K.png` → 2048. */
export const profileSide = (profile: string): number => SIDES[profile.split('.')[0]] ?? 2048;

/**
 * The avatar's atlases, decoded once per export: the model (4096²) and the maps as the avatar made
 * them, each at most `side` on its longer side, since a profile never upscales (a half of the
 * atlas is then at most side × side/2).
 */
export async function atlasMaps(files: Record<string, Uint8Array>, side = 4096): Promise<Record<AtlasHalf, PartMaps>> {
  const grey = async (data: Uint8Array | undefined) => {
    if (!data) return undefined;
    const { width, height } = await readImageInfo(data);
    const k = Math.min(1, side / Math.max(width!, height!));
    return decodeChannel(data, Math.round(width! * k), Math.round(height! * k));
  };
  const [color, normal, roughness, metallic] = await Promise.all([
    decodeRgb(files[avatarFiles.texture('model', 'jpg')], side),
    files[avatarFiles.texture('normal_map', 'png')] ? decodeRgb(files[avatarFiles.texture('normal_map', 'png')], side * 2) : undefined,
    grey(files[avatarFiles.texture('roughness_map', 'jpg')]),
    grey(files[avatarFiles.texture('metallic_map', 'jpg')]),
  ]);
  const cut = (half: AtlasHalf): PartMaps => ({
    color: halfOf(color, half),
    // The head's relief is in its mesh and photo: its half of the normal map is flat, so it has none.
    normal: normal && half === 'body' ? halfOf(normal, half) : undefined,
    roughness: roughness && halfOf(roughness, half),
    metallic: metallic && halfOf(metallic, half),
  });
  return { head: cut('head'), body: cut('body') };
}

/** Two grey maps as one image, channel by channel (`fill` where a map is missing); sizes follow the first map. */
function packed(channels: (Image | undefined | number)[], width: number, height: number): Image {
  const out = new Uint8Array(width * height * channels.length);
  channels.forEach((c, k) => {
    if (typeof c === 'number' || !c) {
      const fill = typeof c === 'number' ? c : 0;
      for (let i = 0; i < width * height; i++) out[i * channels.length + k] = fill;
      return;
    }
    // Maps of another size are sampled nearest: these are smooth, region-wise maps.
    for (let y = 0; y < height; y++) {
      const sy = Math.min(c.height - 1, Math.floor((y * c.height) / height));
      for (let x = 0; x < width; x++) out[(y * width + x) * channels.length + k] = c.data[sy * c.width + Math.min(c.width - 1, Math.floor((x * c.width) / width))];
    }
  });
  return { width, height, channels: channels.length, data: out };
}

/**
 * A part's textures by persona texture name, encoded at `textures.profile` (4K, 2K or 1K on the
 * longer side, never upscaled; png, jpg or webp), for the names in `textures.list` it has:
 * - `Color` (always: the material's base colour);
 * - `Normal` (tangent space, glTF's convention);
 * - `Roughness` (grey);
 * - `GltfMetallicRoughness`: glTF's packing, roughness in G and metallic in B (R, occlusion, 255);
 * - `UnityMetallicSmoothness`: Unity's, metallic in RGB and smoothness = 1 − roughness in A.
 * Names the part does not have are skipped without error (spec, rule 3).
 */
export async function partTextures(part: string, maps: PartMaps, textures: PersonaTextures): Promise<Map<string, SceneImage>> {
  const format = textures.profile.split('.')[1] as ProfileFormat;
  const side = profileSide(textures.profile);
  const out = new Map<string, SceneImage>();
  const add = async (name: string, image: Image) => {
    const data = await encodeProfile(image, format, side);
    out.set(name, { name: personaImageName(part, name, format), mimeType: MIME[format], data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
  };
  const wanted = new Set(textures.list);
  await add('Color', maps.color);
  if (wanted.has('Normal') && maps.normal) await add('Normal', maps.normal);
  const r = maps.roughness;
  if (r) {
    if (wanted.has('Roughness')) await add('Roughness', r);
    if (wanted.has('GltfMetallicRoughness')) await add('GltfMetallicRoughness', packed([255, r, maps.metallic ?? 0], r.width, r.height));
    if (wanted.has('UnityMetallicSmoothness')) {
      const smooth = { ...r, data: r.data.map((v) => 255 - v) };
      const m = maps.metallic ?? 0;
      await add('UnityMetallicSmoothness', packed([m, m, m, smooth], r.width, r.height));
    }
  }
  return out;
}

/**
 * A part's material: its Color, and the Normal and GltfMetallicRoughness maps when listed and
 * made; without the packed map, the constant `roughness`.
 */
export function partMaterial(name: string, images: Map<string, SceneImage>, roughness = 0.55): SceneMaterial {
  const packed = images.get('GltfMetallicRoughness');
  return {
    name,
    baseColorTexture: images.get('Color'),
    normalTexture: images.get('Normal'),
    metallicRoughnessTexture: packed,
    metallic: packed ? 1 : 0,
    roughness: packed ? 1 : roughness,
    alphaMode: 'opaque',
    doubleSided: false,
  };
}
