import {
  LEFT_BROW, LEFT_EYE_OPENING, LEFT_IRIS, LIPS_INNER, LIPS_OUTER, RIGHT_BROW, RIGHT_EYE_OPENING, RIGHT_IRIS,
} from '../../analysis/regions.js';
import { landmarkTexels, type LandmarkTexelsInput } from './landmarkTexels.js';
import { boxSize, polygonBox, polygonDistance, polygonMask, smoothOutline, softEdge, type AreaMask } from './polygonMask.js';

/** An iris in the texture: centre and radius in texels. */
export interface IrisTexels {
  x: number;
  y: number;
  radius: number;
}

/** One eye in the texture. */
export interface EyeLayout {
  /**
   * The eye opening along the lid margins, x0, y0, x1, y1, ... in texels, smoothed through the
   * landmarks: the upper lid from the outer corner (point 0) to the inner corner (point n / 2 of
   * the n points), then the lower lid back.
   */
  opening: Float32Array;
  /** Texels inside the opening, with the soft edge. */
  mask: AreaMask;
  /** The iris as the photo shows it (partly under the lids). */
  iris: IrisTexels;
}

/** The face's features in texture space, for the edits that paint or recolour them. */
export interface FaceLayout {
  width: number;
  height: number;
  /** The 478 landmarks, x, y per landmark in texels (see landmarkTexels.ts). */
  landmarks: Float32Array;
  /** The lips: the ring between the outer and the inner lip contour. */
  lips: AreaMask;
  /** The mouth opening: inside the inner lip contour (teeth, tongue, the dark of the mouth). */
  mouth: AreaMask;
  /** The person's right eye (left in the texture) and left eye. */
  eyes: [EyeLayout, EyeLayout];
  /** The eyelashes and lid margins around both eye openings, wider above than below. */
  eyelashes: AreaMask;
  /**
   * The person's right brow and left brow: the landmarks' outline grown by `browMargin`, since
   * the outer hairs lie beyond the landmarks. Skin shows between the hairs (recolorBrows.ts).
   */
  brows: [AreaMask, AreaMask];
}

/** Options of {@link faceLayout}. */
export interface FaceLayoutOptions {
  /** Texture width in texels. */
  width?: number;
  /** Texture height in texels. */
  height?: number;
  /** Width of the masks' soft edges, as a fraction of the texture width (4 texels at 4096). */
  softness?: number;
  /**
   * How much of the photo's own eye outline to keep beyond the template's outline mapped onto it
   * (see landmarkTexels.ts): eyelid landmarks of a small face are noisy. Lips are always the photo's.
   */
  eyeDetail?: number;
  /** How far the eyelash band reaches above the upper lid, as a fraction of the eye's width. */
  eyelashesAbove?: number;
  /** How far it reaches below the lower lid, as a fraction of the eye's width. */
  eyelashesBelow?: number;
  /** How far the brow areas reach beyond the brow landmarks' outline, as a fraction of the brow's length. */
  browMargin?: number;
}

export const FACE_LAYOUT_DEFAULTS: Required<FaceLayoutOptions> = {
  width: 4096,
  height: 2048,
  softness: 1 / 1024,
  eyeDetail: 0.5,
  eyelashesAbove: 0.16,
  eyelashesBelow: 0.07,
  browMargin: 0.08,
};

/**
 * Lips, mouth, eyes, irises and eyelashes in texel coordinates, with soft masks over their boxes,
 * from the face-mesh landmarks bound to the head's surface. The layout is the template's unless the
 * photo is given: then eyes, irises and lips are where the photo put them in the texture (an open
 * smile, a sideways gaze).
 *
 * ```ts
 * const layout = faceLayout({ uvs: fitted.mesh.uvs!, indices: fitted.mesh.indices, binding: fitted.template.landmarks,
 *   photo: { landmarks: analysis.face.landmarks, projection: fitted.projection } }, { width: 4096, height: 2048 });
 * const red = recolorLips(texture, layout, { red: 190, green: 40, blue: 60 });
 * ```
 */
export function faceLayout(input: LandmarkTexelsInput, options: FaceLayoutOptions = {}): FaceLayout {
  const o = { ...FACE_LAYOUT_DEFAULTS, ...options };
  const { width, height } = o;
  const softness = o.softness * width;
  const landmarks = landmarkTexels(input, {
    width, height,
    groups: [
      { landmarks: [...RIGHT_EYE_OPENING, ...RIGHT_IRIS], detail: o.eyeDetail },
      { landmarks: [...LEFT_EYE_OPENING, ...LEFT_IRIS], detail: o.eyeDetail },
      { landmarks: [...LIPS_OUTER, ...LIPS_INNER], detail: 1 },
    ],
  });
  const points = (list: readonly number[]): Float32Array => {
    const out = new Float32Array(list.length * 2);
    list.forEach((l, i) => out.set(landmarks.subarray(l * 2, l * 2 + 2), i * 2));
    return out;
  };
  const outer = smoothOutline(points(LIPS_OUTER)), inner = smoothOutline(points(LIPS_INNER));
  const lipsBox = polygonBox(outer, softness / 2 + 1, width, height);
  const outerDistance = polygonDistance(outer, lipsBox, softness + 1), innerDistance = polygonDistance(inner, lipsBox, softness + 1);
  const lips = new Uint8Array(outerDistance.length);
  for (let i = 0; i < lips.length; i++) lips[i] = Math.min(softEdge(outerDistance[i], softness), 255 - softEdge(innerDistance[i], softness));
  const eye = (opening: readonly number[], iris: readonly number[]): EyeLayout => {
    const outline = smoothOutline(points(opening));
    return { opening: outline, mask: polygonMask(outline, softness, width, height), iris: irisTexels(points(iris)) };
  };
  const eyes: [EyeLayout, EyeLayout] = [eye(RIGHT_EYE_OPENING, RIGHT_IRIS), eye(LEFT_EYE_OPENING, LEFT_IRIS)];
  return {
    width, height, landmarks,
    lips: { box: lipsBox, data: lips },
    mouth: polygonMask(inner, softness, width, height),
    eyes,
    eyelashes: eyelashBand(eyes, softness, o.eyelashesAbove, o.eyelashesBelow, width, height),
    brows: [browArea(points(RIGHT_BROW), o.browMargin, softness, width, height), browArea(points(LEFT_BROW), o.browMargin, softness, width, height)],
  };
}

/** A brow's area: its upper edge then its lower edge back (regions.ts), grown by `margin` × its length. */
function browArea(p: Float32Array, margin: number, softness: number, width: number, height: number): AreaMask {
  const half = p.length / 2;
  const outline = new Float32Array(p.length);
  outline.set(p.subarray(0, half));
  for (let k = 0; k < half / 2; k++) outline.set(p.subarray(p.length - (k + 1) * 2, p.length - k * 2), half + k * 2);
  const grow = Math.hypot(p[0] - p[half - 2], p[1] - p[half - 1]) * margin;
  const box = polygonBox(outline, grow + softness + 1, width, height);
  const distance = polygonDistance(outline, box, grow + softness + 1);
  const data = new Uint8Array(distance.length);
  for (let i = 0; i < data.length; i++) data[i] = softEdge(distance[i] + grow, softness * 2);
  return { box, data };
}

/** Throws unless the layout was made for a texture of this size. */
export function checkLayout(texture: { width: number; height: number }, layout: FaceLayout): void {
  if (layout.width !== texture.width || layout.height !== texture.height) {
    throw new RangeError(`the face layout is for a ${layout.width}×${layout.height} texture, the texture is ${texture.width}×${texture.height}`);
  }
}

/** Centre and mean radius of an iris from its centre landmark and four edge landmarks. */
function irisTexels(p: Float32Array): IrisTexels {
  let radius = 0;
  for (let k = 1; k < 5; k++) radius += Math.hypot(p[k * 2] - p[0], p[k * 2 + 1] - p[1]) / 4;
  return { x: p[0], y: p[1], radius };
}

/**
 * Both eyes' lash bands in one box: from a little inside the lid margin (lash roots overhang it)
 * out to `above` × the eye's width over the corner line and `below` × it under, soft at both ends.
 */
function eyelashBand(eyes: EyeLayout[], softness: number, above: number, below: number, width: number, height: number): AreaMask {
  const reaches = eyes.map(({ opening }) => Math.hypot(opening[0] - opening[opening.length / 2], opening[1] - opening[opening.length / 2 + 1]));
  const grow = Math.max(...reaches) * above + softness;
  const boxes = eyes.map(({ opening }) => polygonBox(opening, grow, width, height));
  const box = { x0: Math.min(...boxes.map((b) => b.x0)), y0: Math.min(...boxes.map((b) => b.y0)), x1: Math.max(...boxes.map((b) => b.x1)), y1: Math.max(...boxes.map((b) => b.y1)) };
  const { width: w } = boxSize(box);
  const data = new Uint8Array(w * boxSize(box).height);
  eyes.forEach(({ opening }, e) => {
    const b = boxes[e];
    const distance = polygonDistance(opening, b, grow + softness);
    const bw = b.x1 - b.x0 + 1;
    const ox = opening[0], oy = opening[1];
    const cx = opening[opening.length / 2] - ox, cy = opening[opening.length / 2 + 1] - oy;
    const eyeWidth = reaches[e];
    // Which side of the corner line a texel is on: the upper side is the one the upper lid bulges to.
    const q = 2 * Math.floor(opening.length / 8);
    const mid = opening[q] - ox, midY = opening[q + 1] - oy;
    const upperSign = Math.sign(cx * midY - cy * mid) || 1;
    for (let y = b.y0; y <= b.y1; y++) {
      for (let x = b.x0; x <= b.x1; x++) {
        const d = -distance[(y - b.y0) * bw + (x - b.x0)];
        const side = (upperSign * (cx * (y - oy) - cy * (x - ox))) / (eyeWidth * eyeWidth);
        // Blend the reach across the corner line over a third of the eye's width.
        const t = Math.min(1, Math.max(0, side * 3 + 0.5));
        const reach = eyeWidth * (below + (above - below) * t);
        const v = Math.min(softEdge(d + softness, softness), softEdge(reach - d, softness * 2));
        const k = (y - box.y0) * w + (x - box.x0);
        if (v > data[k]) data[k] = v;
      }
    }
  });
  return { box, data };
}
