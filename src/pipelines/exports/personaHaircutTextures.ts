import { haircutByIdentity, haircutMaps, type HaircutMaps } from '../../assets/haircuts/index.js';
import type { Image, Mask } from '../../core/image.js';
import { encodeProfile, type ProfileFormat } from '../../formats/image.js';
import type { SceneImage, SceneMaterial } from '../../formats/scene.js';
import { recolorRegion } from '../../texture/index.js';
import type { PersonaTextures } from '../catalogue/index.js';
import { profileSide } from './personaTextures.js';

const MIME: Record<ProfileFormat, SceneImage['mimeType']> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** The spec's haircut texture names (besides Color) and the map each is. */
const BESIDE: Record<string, (m: HaircutMaps) => Image> = {
  Alpha: (m) => m.alpha,
  AO: (m) => m.ao,
  Depth: (m) => m.depth,
  Root: (m) => m.root,
  Roughness: (m) => m.roughness,
  Shade: (m) => m.shade,
  UniqueID: (m) => m.uniqueId,
  ScalpShade: (m) => m.scalpShade,
  ScalpShadeAlpha: (m) => m.scalpShadeAlpha,
  ScalpShadeAOAlpha: (m) => m.scalpShadeAoAlpha,
};

/** Largest side the haircut maps are painted at: the spec's haircut textures are 2048². */
const HAIRCUT_SIDE = 2048;

/** A library haircut's material and the maps no glTF material takes, which travel beside the model. */
export interface PersonaHaircutTextures {
  material: SceneMaterial;
  beside: SceneImage[];
}

/**
 * A persona haircut's textures at `textures.profile` (at most 2048², the spec's haircut size), for
 * the names in `textures.list`: `Color` always (straight RGBA; PNG when the profile is jpg, since
 * JPEG has no alpha and the cards need theirs), `Normal` and `GltfMetallicRoughness` on the material,
 * and the rest (`Alpha`, `AO`, `Depth`, `Root`, `Roughness`, `Shade`, `UniqueID`,
 * `UnityMetallicSmoothness`, the `ScalpShade` maps) as files named `<name>_<Texture>.<ext>`.
 * `color` recolours the strands and the scalp shade, keeping their light and dark.
 */
export async function personaHaircutTextures(
  identity: string, name: string, textures: PersonaTextures, color: [number, number, number] | null,
): Promise<PersonaHaircutTextures> {
  if (color) return madeTextures(identity, name, textures, color);
  // Not recoloured, they are the same in every export: a worker paints and encodes them once.
  const key = `${identity}|${name}|${textures.profile}|${[...new Set(textures.list)].sort().join(',')}`;
  let hit = encoded.get(key);
  if (!hit) {
    if (encoded.size >= 32) encoded.delete(encoded.keys().next().value!);
    hit = madeTextures(identity, name, textures, null);
    encoded.set(key, hit);
    hit.catch(() => encoded.delete(key));
  }
  const { material, beside } = await hit;
  return { material: { ...material }, beside: [...beside] };
}

const encoded = new Map<string, Promise<PersonaHaircutTextures>>();

async function madeTextures(identity: string, name: string, textures: PersonaTextures, color: [number, number, number] | null): Promise<PersonaHaircutTextures> {
  const haircut = haircutByIdentity(identity);
  if (!haircut) throw new RangeError(`no library haircut "${identity}"`);
  const format = textures.profile.split('.')[1] as ProfileFormat;
  const side = Math.min(HAIRCUT_SIDE, profileSide(textures.profile));
  const maps = haircutMaps(haircut, side);
  if (color) {
    maps.color = recoloured(maps.color, maps.alpha, color);
    maps.scalpShade = recolorRegion(maps.scalpShade, maps.scalpShadeAlpha, { red: color[0], green: color[1], blue: color[2] });
  }
  const encode = async (texture: string, image: Image, as: ProfileFormat = format): Promise<SceneImage> => {
    const data = await encodeProfile(image, as, side);
    return { name: `${name}_${texture}.${as}`, mimeType: MIME[as], data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  };
  const wanted = new Set(textures.list);
  const material: SceneMaterial = {
    name, baseColorTexture: await encode('Color', maps.color, format === 'jpg' ? 'png' : format), metallic: 0, roughness: 1,
    // Cards and fading edges: alpha-tested, so engines need no sorting; both sides, as cards have no inside.
    alphaMode: 'mask', alphaCutoff: 0.35, doubleSided: true,
  };
  if (wanted.has('Normal')) material.normalTexture = await encode('Normal', maps.normal);
  if (wanted.has('GltfMetallicRoughness')) material.metallicRoughnessTexture = await encode('GltfMetallicRoughness', channels([255, maps.roughness, 0]));
  else material.roughness = 0.45;
  const beside: SceneImage[] = [];
  for (const [texture, map] of Object.entries(BESIDE)) if (wanted.has(texture)) beside.push(await encode(texture, map(maps)));
  if (wanted.has('UnityMetallicSmoothness')) {
    const smooth = { ...maps.roughness, data: maps.roughness.data.map((v) => 255 - v) };
    beside.push(await encode('UnityMetallicSmoothness', channels([0, 0, 0, smooth]), format === 'jpg' ? 'png' : format));
  }
  return { material, beside };
}

/** The strands recoloured (recolorRegion over their alpha), alpha kept. */
function recoloured(rgba: Image, alpha: Mask, color: [number, number, number]): Image {
  const n = rgba.width * rgba.height;
  const rgb = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) rgb[i * 3 + c] = rgba.data[i * 4 + c];
  const out = recolorRegion({ width: rgba.width, height: rgba.height, channels: 3, data: rgb }, alpha, { red: color[0], green: color[1], blue: color[2] });
  const data = new Uint8Array(rgba.data);
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) data[i * 4 + c] = out.data[i * 3 + c];
  return { ...rgba, data };
}

/** Grey maps and constants packed channel by channel, all of the first map's size. */
function channels(parts: (Image | number)[]): Image {
  const first = parts.find((p): p is Image => typeof p !== 'number')!;
  const n = first.width * first.height, k = parts.length;
  const data = new Uint8Array(n * k);
  parts.forEach((p, c) => {
    for (let i = 0; i < n; i++) data[i * k + c] = typeof p === 'number' ? p : p.data[i];
  });
  return { width: first.width, height: first.height, channels: k, data };
}
