import type { Mask, Rgb } from '../../analysis/types.js';
import type { Mesh } from '../../core/mesh.js';
import { composite } from './composite.js';
import { rasterizeDepth } from '../../core/depthBuffer.js';
import { evenLightingIn, type evenLighting } from './evenLighting.js';
import { orientedShadingIn } from './orientedShading.js';
import type { faceOutline } from './faceOutline.js';
import { faceTone } from './faceTone.js';
import { feather } from '../filters/feather.js';
import { checkImage, type Image, type RgbImage } from '../../core/image.js';
import { FACE_BAND, photoGrid, type PhotoRegions } from './photoGrid.js';
import { photoTexels } from './photoTexels.js';
import { checkProjection, type Projection } from '../../core/projection.js';
import { regionTriangles, type FaceRegion } from '../layout/regionMask.js';
import { skinFill } from './skinFill.js';
import { mirroredProjection } from './mirroredProjection.js';
import { symmetricCompletion, SYMMETRIC_COMPLETION_DEFAULTS, type FacialHair } from './symmetricCompletion.js';
import { islandBorders } from './uvEdges.js';
import { texelDensity } from './texelDensity.js';
import { doubleResolution } from '../filters/doubleResolution.js';
import { unsharpMask } from '../filters/unsharpMask.js';
import { guidedFilter } from '../filters/guidedFilter.js';

/** What a texture is baked from. */
export interface BakeInput {
  /** The fitted head, with per-vertex UVs. */
  mesh: Mesh;
  /** Where each vertex of `mesh` lands in `photo`. */
  projection: Projection;
  /** The photo, 8-bit, 1, 3 or 4 channels; `projection` is in its pixels. */
  photo: Image;
  /**
   * The person's skin colour (FaceAnalysis `colors.skin`). Unseen skin tends to the tone the photo
   * shows along the face's border (see {@link BakedTexture.tone}); this is the fallback when there
   * is no face outline or too little of it is visible.
   */
  skin: Rgb;
  /**
   * With `mirror`: where the face may have hair of its own and its colour. A beard, a moustache or a
   * brow is never taken for an occluder; a strand of head hair across the face is.
   */
  facialHair?: FacialHair;
  /** Segmentation masks over the whole photo, any resolution (FaceAnalysis `segmentation`). */
  masks?: {
    /** Outside it (background) nothing is taken from the photo. */
    person?: Mask;
    /** Hair is not taken from the photo: the head texture is skin, hair is a separate mesh. */
    hair?: Mask;
  };
  /**
   * The face outline in the photo, [x0, y0, x1, y1, ...] pixels (e.g. {@link faceOutline} of the
   * analysis). In the inner face the photo is taken whatever its colour; outside it (neck, ears,
   * top of the head) and in the band inside the outline (forehead, temples, cheek sides, jaw; see
   * `faceBand`) only where it looks like skin, so a collar, a scarf, a fringe or a strand of hair
   * the mask missed is not baked onto the head. Without it the photo is trusted everywhere.
   */
  faceOutline?: ArrayLike<number>;
  /**
   * Per vertex, its mirror image's vertex across the face's symmetry plane (see mirrorVertices).
   * With it, what the photo saw badly or not at all on one side is completed from the other (see
   * symmetricCompletion.ts); without it, only the skin fill completes the head.
   */
  mirror?: ArrayLike<number>;
  /** Parts of the mesh taken from the photo but not skin, so kept out of the skin fill. */
  regions?: {
    eyes?: FaceRegion;
    lips?: FaceRegion;
    brows?: FaceRegion;
  };
}

/** Options of {@link bakeTexture}. */
export interface BakeOptions {
  /** Texture width in texels. */
  width?: number;
  /** Texture height in texels. */
  height?: number;
  /** Facing (cosine to the camera) at and below which nothing is taken from the photo. */
  facingFrom?: number;
  /** Facing from which the photo is taken at full weight; between the two, a smoothstep. */
  facingTo?: number;
  /**
   * How far behind the nearest surface (fraction of the mesh's depth range) a point still counts as
   * seen; at twice this it is hidden. Absorbs the depth buffer's discretisation.
   */
  depthTolerance?: number;
  /** Longer side of the photo-space depth buffer, in cells; it covers only the area under the mesh. */
  depthBufferSize?: number;
  /** Texels by which triangles are grown so that seams never show the texture background. */
  dilation?: number;
  /** Width, as a fraction of the texture width, of the fade from the photo into the fill at hard edges. */
  feather?: number;
  /** The skin fill is computed at 1/fillFactor of the texture resolution (it is smooth). */
  fillFactor?: number;
  /** Distance from known skin, as a fraction of the texture width, over which the fill becomes the skin tone. */
  fillFalloff?: number;
  /**
   * Depth of the band inside the face outline, as a fraction of the face's size, over which the
   * photo goes from taken only where it looks like skin (at the outline) to taken whatever its colour.
   */
  faceBand?: number;
  /** Beside the hair, the margin over which the photo fades in ({@link PhotoRegions.hairMargin}): for a head shown bald. */
  hairMargin?: number;
  /** Luma difference (0..255) from the skin tone within which a photo texel fully counts as skin for the fill. */
  skinLumaTolerance?: number;
  /** Chroma (Cb, Cr) difference from the skin tone within which a photo texel fully counts as skin. */
  skinChromaTolerance?: number;
  /**
   * `enhance_lighting`: how much of the photo's broad shading to divide out (0..1, see
   * {@link evenLighting}), applied to the photo's texels before the fill is grown from them.
   */
  evenLighting?: number;
  /**
   * Texels per photo pixel (along a side, over the squarely seen face) that a bake at half the
   * resolution must still have for the texture to be baked that way and doubled: the photo then has
   * no detail the full resolution could hold, and the bake costs a quarter. 0 always bakes at full size.
   */
  halfSizeDensity?: number;
  /**
   * How much the photo's texels are sharpened (unsharp mask; 0 leaves them as baked). A photo's face
   * is magnified several times onto the texture and softened by the resampling; sharpened by about
   * its own pixel's size, its features keep their edges. Measured with likeness-eval on 18 faces:
   * the margin over the best other photo rose by about 0.01 at pose and turned (docs/likeness.md).
   */
  sharpen?: number;
  /** The unsharp mask's radius, in photo pixels (their size on the texture, see texelDensity.ts). */
  sharpenRadius?: number;
  /**
   * Edge-preserving smoothing of the photo's texels (guidedFilter.ts), for a face an engine lights
   * (enhance_lighting): within `smoothSkinRadius` of a texel, variation well below this many levels
   * (the photo's grain, pores, JPEG blocks and the blotches of its light) is flattened, and what
   * stands well above it (lids, brows, lips, creases) kept. 0 leaves the texels as baked.
   */
  smoothSkin?: number;
  /** The smoothing's window radius, as a fraction of the texture's width. */
  smoothSkinRadius?: number;
}

export const BAKE_DEFAULTS: Required<BakeOptions> = {
  width: 4096,
  height: 2048,
  facingFrom: 0.15,
  facingTo: 0.5,
  depthTolerance: 0.02,
  depthBufferSize: 512,
  dilation: 2,
  feather: 1 / 512,
  fillFactor: 8,
  fillFalloff: 1 / 24,
  faceBand: FACE_BAND,
  hairMargin: 0,
  skinLumaTolerance: 60,
  skinChromaTolerance: 18,
  evenLighting: 0,
  halfSizeDensity: 1.25,
  sharpen: 0.8,
  sharpenRadius: 1.25,
  smoothSkin: 0,
  smoothSkinRadius: 1 / 128,
};

/** Texels: a tiny face magnified onto a large texture is sharpened no coarser than this. */
const MAX_SHARPEN_RADIUS = 24;
/** Photo pixels over which the two sides of the face meet, at least (symmetricCompletion's minRamp). */
const SEAM_PIXELS = 1.5;

/** A baked texture and what later steps need to know about it. */
export interface BakedTexture {
  /** The `model` texture, RGB. */
  texture: RgbImage;
  /** Per texel, how much of its colour comes from the photo (255) rather than the fill (0). */
  confidence: Mask;
  /**
   * Per texel, how much it is skin seen in the photo (255): not hair, eyes, lips, brows, nor
   * anything far from the skin colour, nor the fill. What {@link evenLighting} learns shading from.
   */
  skin: Mask;
  /**
   * The skin tone the unseen head is filled with and photo texels are judged against: the photo's
   * tone along the face's border (see faceTone.ts), or `skin` without a usable outline.
   */
  tone: Rgb;
}

/**
 * Bakes the avatar's `model` texture from one photo: texels the photo shows take its colour, the rest
 * of the head (sides, back, neck, under the chin, and whatever hair or another part hides) is filled
 * with the person's own skin tone, fading from the one into the other without a seam.
 *
 * 1. A depth buffer of the mesh in photo space, so hidden points are not taken from the photo.
 * 2. One UV-space rasterisation: per texel, photo position, depth and facing; photo weight =
 *    smoothstep(facing) × visible × in the photo × person × not hair (× strict skin likeness, against
 *    the tone of the face's border, outside the inner face); bilinear photo colour. With `mirror`, a
 *    second one of every vertex's mirror image, and the two combined: the other side's colour, its
 *    shading matched, where this side was seen badly, hidden or occluded (symmetricCompletion.ts).
 * 3. Optionally, the photo's shading evened out (`enhance_lighting`): first what the surface's
 *    orientation explains (orientedShading.ts), then the broad field and the colour cast.
 * 4. The skin fill (pull-push from skin texels, pulled with distance towards the tone of the photo
 *    along the face's border, so the face blends into the head) at low resolution.
 * 5. The photo weight's hard edges feathered, then photo and upsampled fill blended per texel.
 * 6. The photo's texels sharpened by about a photo pixel (`sharpen`), as far as they are the photo;
 *    or, for a face an engine lights, smoothed with their edges kept (`smoothSkin`).
 *
 * ```ts
 * const { texture, confidence } = bakeTexture({ mesh, projection, photo, skin: analysis.colors.skin,
 *   masks: analysis.segmentation, faceOutline: faceOutline(analysis.face) }, { width: 4096, height: 2048 });
 * const jpeg = await encodeJpeg(texture, 90);
 * ```
 */
export function bakeTexture(input: BakeInput, options: BakeOptions = {}): BakedTexture {
  const o = { ...BAKE_DEFAULTS, ...options };
  const { mesh, projection, photo } = input;
  const width = o.width, height = o.height;
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    throw new RangeError(`texture size must be positive integers, got ${width}×${height}`);
  }
  if (!mesh.uvs) throw new RangeError('the mesh has no UVs');
  const vertices = mesh.positions.length / 3;
  if (mesh.uvs.length !== vertices * 2) throw new RangeError(`mesh.uvs has ${mesh.uvs.length} numbers, expected ${vertices * 2}`);
  checkProjection(projection, vertices);
  checkImage(photo, 'the photo');
  // A 4096×2048 texture has some 860 texels between the outer eye corners; a 1-megapixel portrait, 200-300 pixels.
  if (o.halfSizeDensity > 0 && width % 2 === 0 && height % 2 === 0
    && texelDensity(mesh, projection, width / 2, height / 2, o.facingTo) >= o.halfSizeDensity) {
    const half = bakeTexture(input, { ...o, width: width / 2, height: height / 2, halfSizeDensity: 0 });
    // The masks are doubled on first use: the head pipelines read only the texture and the tone.
    let confidence: Mask | undefined, skin: Mask | undefined;
    return {
      texture: doubleResolution(half.texture),
      get confidence() { return (confidence ??= doubleResolution(half.confidence)); },
      get skin() { return (skin ??= doubleResolution(half.skin)); },
      tone: half.tone,
    };
  }
  for (const [name, mask] of Object.entries(input.masks ?? {})) {
    if (mask && !(mask.width > 0 && mask.height > 0 && mask.data.length === mask.width * mask.height)) {
      throw new RangeError(`the ${name} mask is ${mask.width}×${mask.height} with ${mask.data.length} bytes`);
    }
  }

  let zMin = Infinity, zMax = -Infinity;
  for (const z of projection.depth) {
    if (z < zMin) zMin = z;
    if (z > zMax) zMax = z;
  }
  const depthRange = zMax > zMin ? zMax - zMin : 1;
  const depthBuffer = rasterizeDepth(mesh.indices, projection, photo.width, photo.height, o.depthBufferSize);
  const grid = photoGrid(depthBuffer, photo.width, photo.height, { ...input.masks, faceOutline: input.faceOutline, faceBand: o.faceBand, hairMargin: o.hairMargin });
  const tone = input.faceOutline && input.faceOutline.length >= 6 ? faceTone(grid, depthBuffer, photo, input.skin) : { ...input.skin };
  const regions = input.regions ?? {};
  const notSkin = regionTriangles(mesh, [regions.eyes, regions.lips, regions.brows]);
  const texelsOf = (seenFrom: Projection, w: number, h: number) => photoTexels({
    indices: mesh.indices,
    uvs: mesh.uvs!,
    projection: seenFrom,
    photo,
    depthBuffer,
    depthTolerance: o.depthTolerance * depthRange,
    grid,
    borders: islandBorders(mesh.indices),
    notSkin,
    skin: tone,
    skinLumaTolerance: o.skinLumaTolerance,
    skinChromaTolerance: o.skinChromaTolerance,
    facingFrom: o.facingFrom,
    facingTo: o.facingTo,
    width: w,
    height: h,
    dilation: Math.ceil((o.dilation * w) / width),
  });
  const texels = texelsOf(projection, width, height);
  // Texels per photo pixel over the squarely seen face: how wide a photo pixel is in the texture.
  const perPixel = texelDensity(mesh, projection, width, height, o.facingTo);
  if (input.mirror) {
    // The mirror image at half resolution: a photo's face has several times fewer pixels than the
    // texture's face has texels, so nothing is lost, and the second rasterisation costs a quarter.
    const mirrored = texelsOf(mirroredProjection(projection, input.mirror), Math.ceil(width / 2), Math.ceil(height / 2));
    symmetricCompletion(texels, mirrored, width, height, tone, input.facialHair, { ...SYMMETRIC_COMPLETION_DEFAULTS, minRamp: SEAM_PIXELS * perPixel });
  }
  if (o.evenLighting > 0) {
    // First what the light's direction explains (the nose's and the sockets' shading), then the rest.
    orientedShadingIn(texels.color, texels.source, width, height, texels.seen, mesh, { strength: o.evenLighting });
    // To the skin tone the fill grows towards, channel by channel: the face then meets the fill (and a
    // body painted in that tone) in colour as well as in light.
    evenLightingIn(texels.color, texels.source, width, height, texels.seen, { strength: o.evenLighting, target: tone });
  }
  const fill = skinFill(texels.color, texels.source, texels.seen, width, height, tone, o.fillFactor, o.fillFalloff * width);
  const blend = feather(texels.weight, texels.coverage, width, height, texels.seen, Math.round(o.feather * width));
  const data = composite(texels.color, blend, texels.seen, fill, width, height);
  if (o.sharpen > 0) {
    const radius = Math.min(MAX_SHARPEN_RADIUS, Math.max(1, o.sharpenRadius * perPixel));
    unsharpMask(data, width, height, 3, texels.seen, radius, o.sharpen, blend);
  }
  if (o.smoothSkin > 0) smoothSeen(data, width, height, texels.seen, o.smoothSkinRadius * width, o.smoothSkin);
  // Skin seen in the photo, as far as the photo shows in the texture (none outside `seen`).
  const skin = texels.source;
  const { x0, x1, y0, y1 } = texels.seen;
  for (let y = y0; y <= y1; y++) capRow(skin, blend, y * width + x0, y * width + x1 + 1);
  return {
    texture: { width, height, channels: 3, data },
    confidence: { width, height, channels: 1, data: blend },
    skin: { width, height, channels: 1, data: skin },
    tone,
  };
}

/** values = min(values, cap) over [from, to). */
function capRow(values: Uint8Array, cap: Uint8Array, from: number, to: number): void {
  for (let i = from; i < to; i++) if (values[i] > cap[i]) values[i] = cap[i];
}

/**
 * The guided filter over the box of texels the photo reaches (and a window's radius around it, so
 * that its edge is filtered as the rest is): the fill outside is flat and would not change.
 */
function smoothSeen(data: Uint8Array, width: number, height: number, seen: { x0: number; x1: number; y0: number; y1: number }, radius: number, edge: number): void {
  if (seen.x1 < seen.x0 || seen.y1 < seen.y0) return;
  const pad = Math.ceil(radius);
  const x0 = Math.max(0, seen.x0 - pad), x1 = Math.min(width - 1, seen.x1 + pad);
  const y0 = Math.max(0, seen.y0 - pad), y1 = Math.min(height - 1, seen.y1 + pad);
  const w = x1 - x0 + 1, h = y1 - y0 + 1;
  const box = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) box.set(data.subarray(((y0 + y) * width + x0) * 3, ((y0 + y) * width + x1 + 1) * 3), y * w * 3);
  const smooth = guidedFilter({ width: w, height: h, channels: 3, data: box }, { radius: radius / w, edge }).data;
  for (let y = seen.y0; y <= seen.y1; y++) {
    const from = ((y - y0) * w + (seen.x0 - x0)) * 3;
    data.set(smooth.subarray(from, from + (seen.x1 - seen.x0 + 1) * 3), (y * width + seen.x0) * 3);
  }
}
