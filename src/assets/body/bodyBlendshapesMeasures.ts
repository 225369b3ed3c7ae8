import { BODY_REGION_NAMES, BODY_RINGS, TORSO_ROWS, bodyTopology } from './bodyTopology.js';
import { bodyMeasurements, hullPerimeter, tapeMeasure } from './bodyMeasurements.js';
import type { BodyProportions } from './bodyProportions.js';

/**
 * The measurement each body_shape blendshape pair is made to change, in cm, taken off body-vertex
 * positions as a tailor would (see docs/bodies.md, "The body_shape blendshapes"). The proportions are
 * the base body's: they say where to cut (mid thigh, the forearm's fullest part), so a morphed body
 * is measured at the same places as its base.
 */
export type BlendMeasure = (positions: Float32Array, triangles: Uint32Array, p: BodyProportions) => number;

const region = (name: (typeof BODY_REGION_NAMES)[number]): number => BODY_REGION_NAMES.indexOf(name);

/**
 * Perimeter of the convex hull of the section of the chosen triangles by the plane `axis` = `at`
 * (axis 0 cuts across x, for a T-pose arm; 1 is a horizontal cut).
 */
export function sectionHull(positions: Float32Array, triangles: Uint32Array, keep: (v: number) => boolean, axis: 0 | 1, at: number): number {
  const [u, w] = axis === 0 ? [1, 2] : [0, 2];
  const points: number[] = [];
  for (let t = 0; t < triangles.length; t += 3) {
    const tri = [triangles[t], triangles[t + 1], triangles[t + 2]];
    if (!tri.every(keep)) continue;
    for (let i = 0; i < 3; i++) {
      const p = tri[i], q = tri[(i + 1) % 3];
      const dp = positions[p * 3 + axis] - at, dq = positions[q * 3 + axis] - at;
      if ((dp < 0) === (dq < 0)) continue;
      const s = dp / (dp - dq);
      points.push(positions[p * 3 + u] + (positions[q * 3 + u] - positions[p * 3 + u]) * s, positions[p * 3 + w] + (positions[q * 3 + w] - positions[p * 3 + w]) * s);
    }
  }
  return hullPerimeter(points);
}

/** Breadth across the shoulders: the torso's width over the three rows about the acromion, cm. */
export const shoulderBreadth: BlendMeasure = (positions) => {
  const t = bodyTopology();
  const N = BODY_RINGS.torsoColumns;
  let lo = Infinity, hi = -Infinity;
  for (let i = TORSO_ROWS.acromion - 1; i <= TORSO_ROWS.acromion + 1; i++) {
    for (let j = 0; j < N; j++) {
      const v = t.torso[i * N + j];
      if (v < 0) continue;
      lo = Math.min(lo, positions[v * 3]);
      hi = Math.max(hi, positions[v * 3]);
    }
  }
  return (hi - lo) * 100;
};

/** Neck circumference half-way between the neck's base and the neck ring, cm. */
export const neckGirth: BlendMeasure = (positions, triangles, p) => tapeMeasure(positions, triangles, (p.y.neckBase + p.y.neckTop) / 2) * 100;

/** Left forearm circumference at its fullest (30 % of the way from elbow to wrist), cm. */
export const forearmGirth: BlendMeasure = (positions, triangles, p) => {
  const t = bodyTopology();
  const arm = region('arm');
  const at = p.elbow[0] + 0.3 * (p.wrist[0] - p.elbow[0]);
  return sectionHull(positions, triangles, (v) => t.region[v] === arm && t.side[v] === 1, 0, at) * 100;
};

/** Left thigh circumference half-way between the crotch and the knee, cm. */
export const thighGirth: BlendMeasure = (positions, triangles, p) => {
  const t = bodyTopology();
  const leg = region('leg');
  return sectionHull(positions, triangles, (v) => t.region[v] === leg && t.side[v] === 1, 1, (p.y.crotch + p.knee[1]) / 2) * 100;
};

export const chestGirth: BlendMeasure = (positions, triangles) => bodyMeasurements(positions, triangles).chest;
export const waistGirth: BlendMeasure = (positions, triangles) => bodyMeasurements(positions, triangles).waist;
export const hipGirth: BlendMeasure = (positions, triangles) => bodyMeasurements(positions, triangles).hips;
