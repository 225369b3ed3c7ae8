import type { Rgb } from '../../analysis/index.js';
import { faceLayout, paintMakeup, recolorBrows, recolorLips, recolorSkin, skinColorOf, type RgbImage } from '../../texture/index.js';
import type { PersonaColors, PersonaMakeup } from '../catalogue/index.js';
import type { StoredBodyAvatar } from './bodyScene.js';
import type { AtlasHalf, PartMaps } from './personaTextures.js';

/**
 * `avatar.colors` (ours, the creator's colour panel): the head's and the body's Color maps with the
 * skin, lips and eyebrows recoloured (`eyes` is the eyeballs': personaEyes.ts). The skin takes one gain on both halves, found from the head's
 * texture, so the neck, toned to the face when the avatar was made, stays seamless. The lips and
 * brows are placed by the head's landmarks in the head's half (its layout is the head texture's).
 * `makeup` (ours, the creator's makeup panel) is painted last, on the head's map (paintMakeup.ts).
 * `photoSkin` is where the search for the texture's skin colour starts.
 */
export function recoloredMaps(maps: Record<AtlasHalf, PartMaps>, head: StoredBodyAvatar['head'], photoSkin: Rgb, colors: PersonaColors | null, makeup: readonly PersonaMakeup[] = []): Record<AtlasHalf, PartMaps> {
  // The eyes are the eyeballs' own texture (personaEyes.ts), not the head's.
  if (!colors?.skin && !colors?.lips && !colors?.eyebrows && !makeup.length) return maps;
  let headColor = maps.head.color as RgbImage;
  let bodyColor = maps.body.color as RgbImage;
  const layout = faceLayout({ uvs: head.mesh.uvs!, indices: head.mesh.indices, binding: head.template.landmarks }, { width: headColor.width, height: headColor.height });
  if (colors?.skin) {
    const from = skinColorOf(headColor, photoSkin);
    // The eye openings' skin is cut away under the eyeballs (personaBuild.ts), so the whites need no keeping.
    headColor = recolorSkin(headColor, from, colors.skin);
    bodyColor = recolorSkin(bodyColor, from, colors.skin);
  }
  {
    if (colors?.lips) headColor = recolorLips(headColor, layout, colors.lips);
    if (colors?.eyebrows) headColor = recolorBrows(headColor, layout, colors.eyebrows);
  }
  // avatar.makeup (ours) goes over the recoloured lips and skin, as makeup goes on a face.
  if (makeup.length) headColor = paintMakeup(headColor, layout, makeup);
  return { head: { ...maps.head, color: headColor }, body: { ...maps.body, color: bodyColor } };
}
