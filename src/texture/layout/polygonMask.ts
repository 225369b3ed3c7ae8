import type { Mask } from '../../analysis/types.js';
import type { TexelBox } from '../../core/image.js';

/**
 * A soft mask over part of a texture: `data` holds one byte (0..255) per texel of `box`, row-major,
 * `(box.x1 - box.x0 + 1)` per row; every texel outside the box is 0. Face features cover a few
 * hundred texels of a 4096×2048 texture, so they are computed and kept over their box only.
 */
export interface AreaMask {
  box: TexelBox;
  data: Uint8Array;
}

/** Width and height of a box, in texels. */
export function boxSize(box: TexelBox): { width: number; height: number } {
  return { width: Math.max(0, box.x1 - box.x0 + 1), height: Math.max(0, box.y1 - box.y0 + 1) };
}

/** The box of a polygon (x0, y0, x1, y1, ... in texel centres) grown by `grow` texels, clipped to the texture. */
export function polygonBox(polygon: ArrayLike<number>, grow: number, width: number, height: number): TexelBox {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < polygon.length; i += 2) {
    x0 = Math.min(x0, polygon[i]); x1 = Math.max(x1, polygon[i]);
    y0 = Math.min(y0, polygon[i + 1]); y1 = Math.max(y1, polygon[i + 1]);
  }
  return {
    x0: Math.max(0, Math.floor(x0 - grow)), y0: Math.max(0, Math.floor(y0 - grow)),
    x1: Math.min(width - 1, Math.ceil(x1 + grow)), y1: Math.min(height - 1, Math.ceil(y1 + grow)),
  };
}

/**
 * Signed Euclidean distance in texels from each texel centre of `box` to a closed polygon's outline,
 * positive inside, exact up to `cap` and ±`cap` beyond. Each edge updates only the texels within
 * `cap` of it and the inside is filled row by row from the edge crossings, so a soft edge a few
 * texels wide costs little more than the outline's length.
 */
export function polygonDistance(polygon: ArrayLike<number>, box: TexelBox, cap = Infinity): Float32Array {
  const { width, height } = boxSize(box);
  const squared = new Float32Array(width * height).fill(cap * cap);
  const n = polygon.length / 2;
  for (let e = 0, p = n - 1; e < n; p = e++) {
    const ax = polygon[p * 2], ay = polygon[p * 2 + 1], bx = polygon[e * 2], by = polygon[e * 2 + 1];
    const dx = bx - ax, dy = by - ay, length = dx * dx + dy * dy;
    const i0 = Math.max(box.x0, Math.floor(Math.min(ax, bx) - cap)), i1 = Math.min(box.x1, Math.ceil(Math.max(ax, bx) + cap));
    const j0 = Math.max(box.y0, Math.floor(Math.min(ay, by) - cap)), j1 = Math.min(box.y1, Math.ceil(Math.max(ay, by) + cap));
    for (let y = j0; y <= j1; y++) {
      const row = (y - box.y0) * width - box.x0;
      for (let x = i0; x <= i1; x++) {
        let t = length > 0 ? ((x - ax) * dx + (y - ay) * dy) / length : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const ex = ax + t * dx - x, ey = ay + t * dy - y;
        const d = ex * ex + ey * ey;
        if (d < squared[row + x]) squared[row + x] = d;
      }
    }
  }
  const out = new Float32Array(width * height);
  const crossings: number[] = [];
  for (let j = 0; j < height; j++) {
    const y = box.y0 + j;
    crossings.length = 0;
    for (let e = 0, p = n - 1; e < n; p = e++) {
      const ax = polygon[p * 2], ay = polygon[p * 2 + 1], bx = polygon[e * 2], by = polygon[e * 2 + 1];
      if ((ay > y) !== (by > y)) crossings.push(ax + ((y - ay) * (bx - ax)) / (by - ay));
    }
    crossings.sort((a, b) => a - b);
    for (let i = 0; i < width; i++) out[j * width + i] = -Math.sqrt(squared[j * width + i]);
    // Even-odd rule: texels between the 1st and 2nd crossing, the 3rd and 4th, ... are inside.
    for (let c = 0; c + 1 < crossings.length; c += 2) {
      const from = Math.max(0, Math.ceil(crossings[c] - box.x0)), to = Math.min(width - 1, Math.floor(crossings[c + 1] - box.x0));
      for (let i = from; i <= to; i++) out[j * width + i] = -out[j * width + i];
    }
  }
  return out;
}

/**
 * A closed outline with two corners (points 0 and n / 2: eye or mouth corners) made smooth: each
 * half, corner to corner, becomes a Catmull-Rom spline through its points, `steps` segments per
 * original segment, so lids and lips are curves while the corners stay sharp.
 */
export function smoothOutline(points: ArrayLike<number>, steps = 4): Float32Array {
  const n = points.length / 2, half = n / 2;
  const out: number[] = [];
  const at = (k: number, axis: number): number => points[(((k % n) + n) % n) * 2 + axis];
  for (const [from, to] of [[0, half], [half, n]]) {
    for (let k = from; k < to; k++) {
      // Beyond a corner the spline mirrors its own next point, so it does not bend round the corner.
      const prev = k === from ? [2 * at(k, 0) - at(k + 1, 0), 2 * at(k, 1) - at(k + 1, 1)] : [at(k - 1, 0), at(k - 1, 1)];
      const next2 = k + 1 === to ? [2 * at(k + 1, 0) - at(k, 0), 2 * at(k + 1, 1) - at(k, 1)] : [at(k + 2, 0), at(k + 2, 1)];
      for (let s = 0; s < steps; s++) {
        const t = s / steps, t2 = t * t, t3 = t2 * t;
        for (let axis = 0; axis < 2; axis++) {
          const p0 = prev[axis], p1 = at(k, axis), p2 = at(k + 1, axis), p3 = next2[axis];
          out.push(0.5 * (2 * p1 + (p2 - p0) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2 + (3 * p1 - p0 - 3 * p2 + p3) * t3));
        }
      }
    }
  }
  return new Float32Array(out);
}

/** Unsigned distance from each texel centre of `box` to an open polyline (x0, y0, x1, y1, ...). */
export function polylineDistance(polyline: ArrayLike<number>, box: TexelBox): Float32Array {
  const { width, height } = boxSize(box);
  const out = new Float32Array(width * height);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const x = box.x0 + i, y = box.y0 + j;
      let best = Infinity;
      for (let e = 2; e < polyline.length; e += 2) {
        const ax = polyline[e - 2], ay = polyline[e - 1], dx = polyline[e] - ax, dy = polyline[e + 1] - ay;
        const length = dx * dx + dy * dy;
        let t = length > 0 ? ((x - ax) * dx + (y - ay) * dy) / length : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const ex = ax + t * dx - x, ey = ay + t * dy - y;
        if (ex * ex + ey * ey < best) best = ex * ex + ey * ey;
      }
      out[j * width + i] = Math.sqrt(best);
    }
  }
  return out;
}

/** 255·smoothstep across a soft edge `softness` texels wide centred on the outline (signed distance 0). */
export function softEdge(signedDistance: number, softness: number): number {
  if (softness <= 0) return signedDistance >= 0 ? 255 : 0;
  const t = signedDistance / softness + 0.5;
  if (t <= 0) return 0;
  if (t >= 1) return 255;
  return Math.round(255 * t * t * (3 - 2 * t));
}

/** The polygon's inside as a soft mask over its box (grown by the soft edge). */
export function polygonMask(polygon: ArrayLike<number>, softness: number, width: number, height: number): AreaMask {
  const box = polygonBox(polygon, softness / 2 + 1, width, height);
  const distance = polygonDistance(polygon, box, softness + 1);
  const data = new Uint8Array(distance.length);
  for (let i = 0; i < data.length; i++) data[i] = softEdge(distance[i], softness);
  return { box, data };
}

/** An area mask's value at texel (x, y) of the texture; 0 outside its box. */
export function maskAt(mask: AreaMask, x: number, y: number): number {
  const { box } = mask;
  if (x < box.x0 || x > box.x1 || y < box.y0 || y > box.y1) return 0;
  return mask.data[(y - box.y0) * (box.x1 - box.x0 + 1) + (x - box.x0)];
}

/** Area masks drawn into one texture-sized {@link Mask}, taking the larger value where they overlap. */
export function textureMask(areas: ReadonlyArray<AreaMask>, width: number, height: number): Mask {
  const data = new Uint8Array(width * height);
  for (const { box, data: area } of areas) {
    const w = box.x1 - box.x0 + 1;
    for (let y = box.y0; y <= box.y1; y++) {
      for (let x = box.x0; x <= box.x1; x++) {
        const v = area[(y - box.y0) * w + (x - box.x0)];
        if (v > data[y * width + x]) data[y * width + x] = v;
      }
    }
  }
  return { width, height, channels: 1, data };
}
