import { convexHull, fillPolygon } from '../../analysis/raster.js';
import { FACE_OVAL, LEFT_CHEEK, LIPS_OUTER, RIGHT_CHEEK } from '../../analysis/regions.js';
import type { MainFace } from '../../analysis/types.js';
import { boxBlur } from '../filters/boxBlur.js';
import type { Image, TexelBox } from '../../core/image.js';
import { smoothstep } from '../../core/smoothstep.js';

/**
 * Where a face shows stubble, pixel by pixel, over the box around the face. Stubble is short dark
 * hair seen through skin: next to the person's own skin (the upper cheeks, which no beard reaches)
 * it is cooler (less red, more blue: the grey of the hair mixed in) and grainier. Shading only
 * darkens or warms skin, and light of another colour on the jaw leaves it as smooth as the cheeks,
 * so stubble needs both: coolness, not darkness (darkness without coolness is a shadow), and grain. Hair too dark or too grey to be stubble (a beard, a
 * moustache) counts as thick.
 */
export interface StubbleMap {
  /** The pixels of the photo the maps cover. */
  box: TexelBox;
  width: number;
  height: number;
  /** 0..1 per pixel: how much it looks like stubble; 0 outside the beard area. */
  likelihood: Float32Array;
  /** 1 where the beard grows: the face below the nose, lips excluded. */
  beard: Uint8Array;
  /** 1 on the face below the eyes, lips excluded: skin a fill can be taken from. */
  face: Uint8Array;
  /** 1 on the lips and the margin around them left out of the beard area. */
  lips: Uint8Array;
  /** Low-pass RGB of the box (the colour stubble tints; the rest is its grain). */
  low: Float32Array;
  /** The upper cheeks' mean low-pass colour. */
  reference: [number, number, number];
  /** Mean likelihood over the beard area. */
  coverage: number;
  /** Share of the beard area that is thick hair. */
  thick: number;
}

/** Eye distance and the direction down the face, from the iris centres. */
export function faceAxes(L: ArrayLike<number>): { eyes: number; down: (x: number, y: number) => number } {
  const x0 = L[468 * 3], y0 = L[468 * 3 + 1];
  const eyes = Math.hypot(L[473 * 3] - x0, L[473 * 3 + 1] - y0) || 1;
  const ux = (L[473 * 3] - x0) / eyes, uy = (L[473 * 3 + 1] - y0) / eyes;
  return { eyes, down: (x, y) => -(x - x0) * uy + (y - y0) * ux };
}

export function stubbleMap(photo: Image, face: Pick<MainFace, 'landmarks'>): StubbleMap {
  const L = face.landmarks;
  const point = (i: number): [number, number] => [L[i * 3], L[i * 3 + 1]];
  const { eyes, down } = faceAxes(L);
  const oval = FACE_OVAL.map(point);
  const box: TexelBox = {
    x0: Math.max(0, Math.floor(Math.min(...oval.map((p) => p[0]))) - 2), y0: Math.max(0, Math.floor(Math.min(...oval.map((p) => p[1]))) - 2),
    x1: Math.min(photo.width - 1, Math.ceil(Math.max(...oval.map((p) => p[0]))) + 2), y1: Math.min(photo.height - 1, Math.ceil(Math.max(...oval.map((p) => p[1]))) + 2),
  };
  const width = box.x1 - box.x0 + 1, height = box.y1 - box.y0 + 1;
  const local = (ps: Array<[number, number]>): Array<[number, number]> => ps.map(([x, y]) => [x - box.x0, y - box.y0]);
  const inOval = new Uint8Array(width * height), lips = new Uint8Array(width * height), cheeks = new Uint8Array(width * height);
  fillPolygon(inOval, width, height, local(oval), 1);
  // The lips and a margin around them: lip colour is no skin and no stubble.
  const [mx, my] = [(L[61 * 3] + L[291 * 3]) / 2, (L[61 * 3 + 1] + L[291 * 3 + 1]) / 2];
  fillPolygon(lips, width, height, local(LIPS_OUTER.map(point).map(([x, y]): [number, number] => [mx + (x - mx) * 1.05, my + (y - my) * 1.12])), 1);
  for (const patch of [RIGHT_CHEEK, LEFT_CHEEK]) fillPolygon(cheeks, width, height, local(convexHull(patch.map(point))), 1);

  const low = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = ((box.y0 + y) * photo.width + box.x0 + x) * photo.channels;
      for (let c = 0; c < 3; c++) low[(y * width + x) * 3 + c] = photo.data[o + (photo.channels >= 3 ? c : 0)];
    }
  }
  // Grain: how far each pixel's brightness strays from its close neighbourhood, averaged locally.
  const grain = new Float32Array(width * height);
  for (let i = 0; i < grain.length; i++) grain[i] = lum(low[i * 3], low[i * 3 + 1], low[i * 3 + 2]);
  const near = Float32Array.from(grain);
  boxBlur(near, width, height, 1, Math.max(1, 0.012 * eyes));
  for (let i = 0; i < grain.length; i++) grain[i] = Math.abs(grain[i] - near[i]);
  boxBlur(grain, width, height, 1, Math.max(1.5, 0.05 * eyes));
  // Wide enough to average a few hairs with the skin between them: the tint stubble gives. The lips
  // are left out of the average (normalised convolution), or their red would hide stubble next to them.
  const open = new Float32Array(width * height);
  for (let i = 0; i < open.length; i++) {
    open[i] = lips[i] ? 0 : 1;
    for (let c = 0; c < 3; c++) low[i * 3 + c] *= open[i];
  }
  const radius = Math.max(1.5, 0.05 * eyes);
  boxBlur(low, width, height, 3, radius);
  boxBlur(open, width, height, 1, radius);
  for (let i = 0; i < open.length; i++) for (let c = 0; c < 3; c++) low[i * 3 + c] /= Math.max(1e-3, open[i]);
  const reference: [number, number, number] = [0, 0, 0];
  let n = 0, refGrain = 0;
  for (let i = 0; i < width * height; i++) {
    if (!cheeks[i]) continue;
    for (let c = 0; c < 3; c++) reference[c] += low[i * 3 + c];
    refGrain += grain[i];
    n++;
  }
  for (let c = 0; c < 3; c++) reference[c] = n > 0 ? reference[c] / n : 128;
  refGrain = n > 0 ? Math.max(0.5, refGrain / n) : 1;
  const refSum = reference[0] + reference[1] + reference[2] + 1e-3;
  const refRed = reference[0] / refSum, refBlue = reference[2] / refSum, refLum = lum(reference[0], reference[1], reference[2]);

  const nose = down(L[2 * 3], L[2 * 3 + 1]) + 0.03 * eyes, belowEyes = down(L[468 * 3], L[468 * 3 + 1]) + 0.25 * eyes;
  const likelihood = new Float32Array(width * height), beard = new Uint8Array(width * height), faceSkin = new Uint8Array(width * height);
  let total = 0, count = 0, thick = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!inOval[i] || lips[i]) continue;
      const v = down(box.x0 + x + 0.5, box.y0 + y + 0.5);
      if (v > belowEyes) faceSkin[i] = 1;
      if (v <= nose) continue;
      beard[i] = 1;
      const r = low[i * 3], g = low[i * 3 + 1], b = low[i * 3 + 2], sum = r + g + b + 1e-3;
      const cool = (refRed - r / sum) / refRed + (b / sum - refBlue) / refBlue;
      const dark = lum(r, g, b) / refLum;
      // Grey or white hair, or hair dark and cool enough to hide the skin: a beard, not stubble.
      const grainy = grain[i] / refGrain;
      if ((cool > 0.18 || (dark < 0.6 && cool > 0.06)) && grainy > 1.2) thick++;
      const s = dark < 1.1 ? smoothstep(-0.04, 0.02, cool) * smoothstep(1.15, 1.8, grainy) : 0;
      likelihood[i] = s;
      total += s;
      count++;
    }
  }
  return { box, width, height, likelihood, beard, face: faceSkin, lips, low, reference, coverage: count ? total / count : 0, thick: count ? thick / count : 0 };
}

function lum(r: number, g: number, b: number): number {
  return 0.3 * r + 0.59 * g + 0.11 * b;
}

