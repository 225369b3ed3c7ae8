import {
  cartoonishTexture, encodeJpeg, encodePng, lipsMask, metallicMap, roughnessMap, slightlyCartoonishTexture,
  smoothEyelashesTexture, uniformTexture,
} from '../../texture/index.js';
import type { HeadTexture } from './headTexture.js';
import type { TextureEntry } from '../files.js';
import type { AvatarTexture } from '../avatarModel.js';

/** One additional texture, encoded. */

const jpeg = (identity: string): TextureEntry => ({ identity, extension: 'jpg', contentType: 'image/jpeg' });
const png = (identity: string): TextureEntry => ({ identity, extension: 'png', contentType: 'image/png' });

/** Grey maps are stored as one-channel JPEGs: what glTF and game engines read as a scalar map. */
const grey = (mask: { width: number; height: number; data: Uint8Array }) => ({ ...mask, channels: 1 });

/** How each additional texture the spec names is made from the finished `model` texture. */
const MAKERS: Record<string, (model: HeadTexture) => Promise<AvatarTexture>> = {
  cartoonish_texture: async (m) => ({ entry: jpeg('cartoonish_texture'), data: await encodeJpeg(cartoonishTexture(m.texture), 90) }),
  slightly_cartoonish_texture: async (m) => ({ entry: jpeg('slightly_cartoonish_texture'), data: await encodeJpeg(slightlyCartoonishTexture(m.texture), 90) }),
  smooth_eyelashes_texture: async (m) => ({ entry: jpeg('smooth_eyelashes_texture'), data: await encodeJpeg(smoothEyelashesTexture(m.texture, m.layout), 90) }),
  lips_mask: async (m) => ({ entry: png('lips_mask'), data: await encodePng(lipsMask(m.layout)) }),
  metallic_map: async (m) => ({ entry: jpeg('metallic_map'), data: await encodeJpeg(grey(metallicMap(m.texture.width, m.texture.height)), 95) }),
  roughness_map: async (m) => ({ entry: jpeg('roughness_map'), data: await encodeJpeg(grey(roughnessMap(m.layout, { hair: m.hair })), 95) }),
  uniformly_colored_texture: async (m) => ({ entry: jpeg('uniformly_colored_texture'), data: await encodeJpeg(uniformTexture(m.texture.width, m.texture.height, m.tone), 95) }),
};

/** The requested additional textures, in the order asked; names the catalogue offers but we cannot make are an error. */
export async function additionalTextures(names: readonly string[], model: HeadTexture): Promise<AvatarTexture[]> {
  const out: AvatarTexture[] = [];
  for (const name of new Set(names)) {
    const make = MAKERS[name];
    if (!make) throw new Error(`no maker for the additional texture "${name}"`);
    out.push(await make(model));
  }
  return out;
}
