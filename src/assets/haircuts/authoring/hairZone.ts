import { smoothVertexField, vertexGraph } from '../../../geometry/vertexGraph.js';
import type { HeadTemplate } from '../../headTemplate.js';
import { pointTree } from '../../../geometry/pointTree.js';
import { smoothstep } from '../../../core/smoothstep.js';

/** Where a haircut's hair grows on a head template, per template vertex. */
export interface HairZone {
  /** Distance inside the hairline, metres; negative outside it (down to −`reach`). */
  inset: Float32Array;
  /** Hair density 0..1, ½ at the hairline, rising over `fade` metres: what the cap's alpha follows. */
  density: Float32Array;
}

/** Options of {@link hairZone}. */
export interface HairZoneOptions {
  /** How far the front hairline has receded (distance from the face region), metres. */
  recession?: number;
  /** Width of the soft band of the hairline, metres. */
  fade?: number;
  /** Distances farther than this from the hairline are not measured, metres. */
  reach?: number;
  /** Rounds of smoothing of the distance: the scalp region's edge follows the grid in steps. */
  smoothing?: number;
}

export const HAIR_ZONE_DEFAULTS: Required<HairZoneOptions> = {
  recession: 0,
  fade: 0.008,
  reach: 0.02,
  smoothing: 24,
};

/** The sideburns' strip in front of the ears (template frame, metres): outside |x|, between bottom and top, in front of back. */
const SIDEBURN = { x: 0.05, bottom: -0.03, top: 0.016, back: -0.025 };

const cache = new WeakMap<HeadTemplate, Map<string, HairZone>>();

/**
 * The hair-bearing skin of a haircut: the template's scalp region (off the face and ears, above
 * the ears and down to the nape) and the sideburns in front of the ears, less a band along the
 * face when the hairline has receded. Each
 * vertex gets its distance to the hairline, smoothed so that the line is round where the region's
 * edge steps along the grid; roots keep off the very edge and the cap fades in over a soft band
 * rather than along the triangles' edges. Cached per template and options.
 *
 * ```ts
 * const zone = hairZone(template, { recession: 0.015 });
 * ```
 */
export function hairZone(template: HeadTemplate, options: HairZoneOptions = {}): HairZone {
  const o = { ...HAIR_ZONE_DEFAULTS, ...options };
  const key = `${o.recession}|${o.fade}|${o.reach}|${o.smoothing}`;
  let perTemplate = cache.get(template);
  if (!perTemplate) cache.set(template, (perTemplate = new Map()));
  const cached = perTemplate.get(key);
  if (cached) return cached;

  const p = template.mesh.positions;
  const count = p.length / 3;
  const hair = new Uint8Array(count);
  for (const v of template.regions.scalp.vertices) hair[v] = 1;
  // Sideburns: the strip between the face and the ear, below where the scalp region stops.
  const taken = new Uint8Array(count);
  for (const name of ['face', 'leftEar', 'rightEar', 'neck'] as const) for (const v of template.regions[name].vertices) taken[v] = 1;
  for (let v = 0; v < count; v++) {
    const x = p[v * 3], y = p[v * 3 + 1], z = p[v * 3 + 2];
    if (!taken[v] && Math.abs(x) > SIDEBURN.x && y > SIDEBURN.bottom && y <= SIDEBURN.top && z > SIDEBURN.back) hair[v] = 1;
  }
  if (o.recession > 0) {
    const face = template.regions.face.vertices;
    const nearestFace = pointTree(pick(p, face));
    for (const v of template.regions.scalp.vertices) {
      const f = face[nearestFace.nearest(p[v * 3], p[v * 3 + 1], p[v * 3 + 2])];
      if (distance(p, v, f) < o.recession) hair[v] = 0;
    }
  }
  // Only the head matters: the hairline never comes near the shoulders.
  const near = (v: number): boolean => p[v * 3 + 1] > -0.12;
  const inside: number[] = [], outside: number[] = [];
  for (let v = 0; v < count; v++) if (near(v)) (hair[v] ? inside : outside).push(v);
  const nearestInside = pointTree(pick(p, inside));
  const nearestOutside = pointTree(pick(p, outside));
  const inset = new Float32Array(count).fill(-o.reach);
  const density = new Float32Array(count);
  for (let v = 0; v < count; v++) {
    if (!near(v)) continue;
    const x = p[v * 3], y = p[v * 3 + 1], z = p[v * 3 + 2];
    // The hairline lies halfway between the last hair vertex and the first bare one.
    const d = hair[v]
      ? distance(p, v, outside[nearestOutside.nearest(x, y, z)]) / 2
      : -distance(p, v, inside[nearestInside.nearest(x, y, z)]) / 2;
    inset[v] = Math.max(-o.reach, Math.min(o.reach, d));
  }
  smoothVertexField(vertexGraph(template.quads, p, template.sampling.weld), inset, o.smoothing);
  for (let v = 0; v < count; v++) density[v] = smoothstep(-o.fade / 2, o.fade / 2, inset[v]);
  const zone = { inset, density };
  perTemplate.set(key, zone);
  return zone;
}

function pick(p: Float32Array, vertices: ArrayLike<number>): Float32Array {
  const out = new Float32Array(vertices.length * 3);
  for (let i = 0; i < vertices.length; i++) out.set(p.subarray(vertices[i] * 3, vertices[i] * 3 + 3), i * 3);
  return out;
}

function distance(p: Float32Array, a: number, b: number): number {
  return Math.hypot(p[a * 3] - p[b * 3], p[a * 3 + 1] - p[b * 3 + 1], p[a * 3 + 2] - p[b * 3 + 2]);
}

