import type { Mask, Rgb } from '../../../analysis/types.js';
import type { Mesh } from '../../../core/mesh.js';
import { rasterizeDepth } from '../../../core/depthBuffer.js';
import { feather } from '../../../texture/filters/feather.js';
import { composite } from '../../../texture/bake/composite.js';
import { paintHair } from './hairPaint.js';
import { hairGutter } from './hairGutter.js';
import { paintCurtain } from './curtainTexture.js';
import type { UvBox } from '../../headMouthShape.js';
import type { PhotoCamera } from '../../../core/camera.js';
import { crownCoordinates, hairLook, keepHairLike, strandNoise } from './hairStrands.js';
import { checkImage, checkRgbImage, type Image, type RgbImage } from '../../../core/image.js';
import { photoGrid } from '../../../texture/bake/photoGrid.js';
import { photoTexels } from '../../../texture/bake/photoTexels.js';
import { checkProjection, type Projection } from '../../../core/projection.js';
import { skinFill } from '../../../texture/bake/skinFill.js';
import { islandBorders } from '../../../texture/bake/uvEdges.js';
import type { BakeOptions } from '../../../texture/bake/bakeTexture.js';

/** What the hair is painted from. */
export interface HairTextureInput {
  /** The baked `model` texture (bakeTexture's); not changed. */
  texture: RgbImage;
  /** The head with its hair volume (HairVolume.mesh): UVs, and positions for the hair's direction. */
  mesh: Mesh;
  /** Per vertex, how much hair covers it, 0..1 (HairVolume.coverage). */
  coverage: Float32Array;
  /** Where each vertex of the head with its hair volume lands in the photo (HairVolume.projection). */
  projection: Projection;
  /** The photo, 8-bit, 1, 3 or 4 channels; `projection` is in its pixels. */
  photo: Image;
  /** Where the photo shows hair, over the whole photo at any resolution: the hair region hairVolume was given (hairRegion). */
  hair: Mask;
  /** The person's hair colour (FaceAnalysis `colors.hair`): the fallback when the photo shows too little hair. */
  color: Rgb;
  /**
   * The person's skin colour (the bake's `tone`, or FaceAnalysis `colors.skin`): a pixel of the
   * hair mask nearer it than the hair colour is skin the mask took for hair, and is not taken.
   * Without it the mask is trusted as it is.
   */
  skin?: Rgb;
  /**
   * A merged head's curtain of long hair with texels of its own (hairCurtain given a strip), and the
   * fit's camera and the photo size it projects into: painted into its strip (curtainTexture.ts).
   */
  curtain?: { mesh: Mesh; strip: UvBox; camera: PhotoCamera; width: number; height: number };
}

/**
 * Options of {@link hairTexture}: the bake's photo sampling options (same meaning, for the hair:
 * `feather` fades the photo's hair into the fill, `fillFalloff` is the distance over which the fill
 * becomes the hair's mean colour), and the strands'.
 */
export interface HairTextureOptions extends Pick<BakeOptions, 'facingFrom' | 'facingTo' | 'depthTolerance' | 'depthBufferSize' | 'dilation' | 'feather' | 'fillFactor' | 'fillFalloff'> {
  /** Strand contrast over the fill, as a multiple of the photo hair's own fine contrast. */
  strands?: number;
  /** Least strand contrast (relative luma): hair that looks flat in the photo still has strands. */
  minStrands?: number;
  /** Most strand contrast (relative luma): a low-contrast texture whatever the photo. */
  maxStrands?: number;
  /** Strand contrast over the photo's own hair, as a fraction of that over the fill: the photo has its own. */
  strandsOnPhoto?: number;
  /** Width of the photo's border, as a fraction of its shorter side, over which its hair fades out. */
  borderFade?: number;
  /** Coverage at which the hair starts to show over the skin (the hairline is at ½). */
  hairlineFrom?: number;
  /** Coverage at which the hair hides the skin. */
  hairlineTo?: number;
  /** How far (fraction of the texture's width) the hair is carried into unused texels around it (hairGutter.ts). */
  gutter?: number;
}

export const HAIR_TEXTURE_DEFAULTS: Required<HairTextureOptions> = {
  facingFrom: 0.15,
  facingTo: 0.5,
  depthTolerance: 0.02,
  depthBufferSize: 512,
  dilation: 2,
  feather: 1 / 128,
  fillFactor: 8,
  fillFalloff: 1 / 16,
  strands: 1.2,
  minStrands: 0.04,
  maxStrands: 0.12,
  strandsOnPhoto: 0.35,
  borderFade: 0.06,
  hairlineFrom: 0.4,
  hairlineTo: 0.6,
  gutter: 1 / 128,
};

/** The texture with hair, and where the hair is. */
export interface HairTexture {
  texture: RgbImage;
  /** Per texel, how much it is hair (0..255): for `hair_color` (recolorRegion) and the roughness map. */
  mask: Mask;
}

/**
 * Paints head_1.2's hair into the baked `model` texture, over the texels of hair-covered vertices.
 *
 * 1. The photo's hair where the photo shows it: the same UV-space pass as the bake (photoTexels.ts),
 *    at half resolution, over the hair triangles only, through the head with its volume, with the
 *    hair mask as the only place anything is taken from, and only what looks like hair rather than
 *    skin (see keepHairLike); its hard edges feathered.
 * 2. Elsewhere the person's hair colour: the photo's hair pushed outwards (pull-push, as the skin
 *    fill) and towards its mean colour with distance, streaked with strand noise that runs from the
 *    crown down, as contrasty as the photo's own hair detail (bounded: a low-contrast texture).
 * 3. Laid over the baked skin by the per-vertex coverage, which fades at the hairline.
 * 4. Given a curtain with a strip of its own, its texels: the photo's hair colour at each height
 *    beside the face, with the same strands (curtainTexture.ts).
 *
 * ```ts
 * const hair = hairRegion(photo, analysis);
 * const volume = hairVolume(fitted, analysis, hair);
 * const { texture, mask } = hairTexture({ texture: baked.texture, mesh: volume.mesh, coverage: volume.coverage,
 *   projection: volume.projection, photo, hair, color: analysis.colors.hair, skin: baked.tone });
 * ```
 */
export function hairTexture(input: HairTextureInput, options: HairTextureOptions = {}): HairTexture {
  const o = { ...HAIR_TEXTURE_DEFAULTS, ...options };
  const { texture, mesh, coverage, projection, photo, hair } = input;
  checkRgbImage(texture);
  checkImage(photo, 'the photo');
  const { width: W, height: H } = texture;
  const vertices = mesh.positions.length / 3;
  if (!mesh.uvs || mesh.uvs.length !== vertices * 2) throw new RangeError('the mesh needs one UV per vertex');
  if (coverage.length !== vertices) throw new RangeError(`coverage has ${coverage.length} entries, expected ${vertices}`);
  checkProjection(projection, vertices);

  // The hair triangles. Their outline within the mesh is grown as well as the UV seams, which
  // costs nothing: the coverage beyond it is below the hairline.
  const all = mesh.indices, picked: number[] = [];
  for (let t = 0; t < all.length; t += 3) {
    if (coverage[all[t]] > o.hairlineFrom || coverage[all[t + 1]] > o.hairlineFrom || coverage[all[t + 2]] > o.hairlineFrom) picked.push(all[t], all[t + 1], all[t + 2]);
  }
  const indices = Uint32Array.from(picked), borders = islandBorders(indices);
  const data = texture.data.slice();
  const mask = new Uint8Array(W * H);
  if (indices.length === 0) return { texture: { width: W, height: H, channels: 3, data }, mask: { width: W, height: H, channels: 1, data: mask } };

  let zMin = Infinity, zMax = -Infinity;
  for (const z of projection.depth) {
    if (z < zMin) zMin = z;
    if (z > zMax) zMax = z;
  }
  // Every triangle occludes; only hair texels are made.
  const depthBuffer = rasterizeDepth(mesh.indices, projection, photo.width, photo.height, o.depthBufferSize);
  // The hair mask as the only region anything is taken from (photoGrid's `person`), fading out
  // towards the photo's border: hair the frame cuts off would otherwise end in a hard line where
  // the fill takes over (across a UV seam the bake's feathering does not reach).
  const grid = photoGrid(depthBuffer, photo.width, photo.height, { person: fadeAtBorder(hair, o.borderFade) });
  // Where the head's hair lands in the photo.
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (let v = 0; v < vertices; v++) {
    if (coverage[v] < 0.5) continue;
    box.x0 = Math.min(box.x0, projection.x[v]);
    box.x1 = Math.max(box.x1, projection.x[v]);
    box.y0 = Math.min(box.y0, projection.y[v]);
    box.y1 = Math.max(box.y1, projection.y[v]);
  }
  const look = hairLook(photo, hair, box, input.color, input.skin);
  // The photo's hair at half the texture's resolution: the photo holds far less detail than that.
  const hw = Math.ceil(W / 2), hh = Math.ceil(H / 2);
  const texels = photoTexels({
    indices, uvs: mesh.uvs, projection, photo, depthBuffer, grid, borders,
    depthTolerance: o.depthTolerance * (zMax > zMin ? zMax - zMin : 1),
    skin: look.color, skinLumaTolerance: 60, skinChromaTolerance: 18,
    facingFrom: o.facingFrom, facingTo: o.facingTo, width: hw, height: hh, dilation: Math.ceil(o.dilation / 2),
  });
  if (input.skin) keepHairLike(texels.color, texels.weight, hw, texels.seen, input.color, input.skin);
  const fill = skinFill(texels.color, texels.weight, texels.seen, hw, hh, look.color, o.fillFactor / 2, (o.fillFalloff * W) / 2);
  const blend = feather(texels.weight, texels.coverage, hw, hh, texels.seen, Math.round((o.feather * W) / 2));
  const contrast = Math.min(o.maxStrands, Math.max(o.minStrands, o.strands * look.contrast));

  const { around, down } = crownCoordinates(mesh.positions, coverage);
  paintHair({
    indices, borders, uvs: mesh.uvs, coverage, around, down, data, width: W, height: H, dilation: o.dilation,
    base: composite(texels.color, blend, texels.seen, fill, hw, hh), baseWidth: hw, blend, noise: strandNoise(), strands: contrast,
    strandsOnPhoto: contrast * o.strandsOnPhoto, hairlineFrom: o.hairlineFrom, hairlineTo: o.hairlineTo, mask,
  });
  hairGutter(data, mask, mesh, W, H, Math.round(o.gutter * W));
  const { curtain } = input;
  if (curtain) {
    paintCurtain({
      texture: { width: W, height: H, channels: 3, data }, mask: { width: W, height: H, channels: 1, data: mask },
      curtain: curtain.mesh, strip: curtain.strip, camera: curtain.camera, photo, hair, color: input.color, cap: look.color,
      width: curtain.width, height: curtain.height, strands: contrast,
    });
  }
  return { texture: { width: W, height: H, channels: 3, data }, mask: { width: W, height: H, channels: 1, data: mask } };
}

/** The mask times a smoothstep of the distance to its border, over `fraction` of its shorter side. */
function fadeAtBorder(mask: Mask, fraction: number): Mask {
  const { width: w, height: h } = mask;
  const reach = Math.max(1, fraction * Math.min(w, h));
  const data = mask.data.slice();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = Math.min(x, y, w - 1 - x, h - 1 - y) / reach;
      if (d >= 1) continue;
      data[y * w + x] = Math.round(data[y * w + x] * d * d * (3 - 2 * d));
    }
  }
  return { width: w, height: h, channels: 1, data };
}
