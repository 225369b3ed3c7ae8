import { ATTRIBUTES, GUARD, project, type Vertices } from './vertices.js';

/** A clipped triangle: a convex polygon of up to 8 vertices, in the layout `drawTriangle` reads. */
export interface Polygon {
  count: number;
  screen: Float64Array;
  attributes: Float64Array;
}

const MAX = 8;
const STRIDE = 4 + ATTRIBUTES;
let from = new Float64Array(MAX * STRIDE);
let to = new Float64Array(MAX * STRIDE);
const polygon: Polygon = { count: 0, screen: new Float64Array(MAX * 4), attributes: new Float64Array(MAX * ATTRIBUTES) };

/** Signed distance of a clip-space vertex to plane k: the near plane, then the guard band's four sides. */
function distance(v: Float64Array, o: number, k: number): number {
  const x = v[o], y = v[o + 1], z = v[o + 2], w = v[o + 3];
  switch (k) {
    case 0: return z + w;
    case 1: return GUARD * w + x;
    case 2: return GUARD * w - x;
    case 3: return GUARD * w + y;
    default: return GUARD * w - y;
  }
}

/**
 * Clips triangle (i0, i1, i2) in clip space against the near plane and the guard band (Sutherland–
 * Hodgman) and projects what is left. The result is shared and overwritten by the next call; its
 * vertices keep the triangle's winding, so it is drawn as a fan.
 */
export function clipTriangle(v: Vertices, i0: number, i1: number, i2: number, width: number, height: number): Polygon {
  let n = 0;
  for (const i of [i0, i1, i2]) {
    const o = n * STRIDE;
    for (let k = 0; k < 4; k++) from[o + k] = v.clip[i * 4 + k];
    for (let k = 0; k < ATTRIBUTES; k++) from[o + 4 + k] = v.attributes[i * ATTRIBUTES + k];
    n++;
  }
  for (let plane = 0; plane < 5 && n > 0; plane++) {
    let m = 0;
    for (let p = 0; p < n; p++) {
      const q = (p + 1) % n;
      const dp = distance(from, p * STRIDE, plane);
      const dq = distance(from, q * STRIDE, plane);
      if (dp >= 0) copy(from, p, to, m++);
      if ((dp >= 0) !== (dq >= 0)) {
        const t = dp / (dp - dq);
        for (let k = 0; k < STRIDE; k++) to[m * STRIDE + k] = from[p * STRIDE + k] + t * (from[q * STRIDE + k] - from[p * STRIDE + k]);
        m++;
      }
    }
    [from, to] = [to, from];
    n = m;
  }
  for (let p = 0; p < n; p++) {
    const o = p * STRIDE;
    project(from[o], from[o + 1], from[o + 2], from[o + 3], width, height, polygon.screen, p * 4);
    for (let k = 0; k < ATTRIBUTES; k++) polygon.attributes[p * ATTRIBUTES + k] = from[o + 4 + k];
  }
  polygon.count = n;
  return polygon;
}

function copy(src: Float64Array, p: number, dst: Float64Array, m: number): void {
  for (let k = 0; k < STRIDE; k++) dst[m * STRIDE + k] = src[p * STRIDE + k];
}
