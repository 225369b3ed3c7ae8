import { bodyMeshFromPositions, bodyPositions, bodyLayout, type BodyMesh } from './bodyMesh.js';
import { bodyMeasurements, type BodyMeasurements } from './bodyMeasurements.js';
import { bodyProportions } from './bodyProportions.js';
import { resolveBodyShape, type BodyShape, type ResolvedBodyShape } from './bodyShape.js';
import type { GirthScales } from './bodyTorso.js';

export interface SolveBodyShapeOptions {
  /** Stop when every measurement is this close to its target, cm. */
  tolerance?: number;
  /** At most this many rebuilds. */
  maxIterations?: number;
}

export const SOLVE_BODY_SHAPE_DEFAULTS: Required<SolveBodyShapeOptions> = { tolerance: 0.05, maxIterations: 12 };

export interface SolvedBody {
  body: BodyMesh;
  /** The request with every value filled in (targets in cm). */
  shape: ResolvedBodyShape;
  /** What the mesh measures. */
  measured: BodyMeasurements;
  girth: GirthScales;
  iterations: number;
}

/**
 * A body that measures what was asked: height, chest, waist and hips (given, or predicted from
 * height and weight). Each measurement answers almost only to its own control (the stature to the
 * skeleton's scale, each girth to its band of the torso), so a fixed-point iteration — scale each
 * control by target / measured — converges in a few rebuilds (about 20 ms each).
 *
 * ```ts
 * const { body, measured } = solveBodyShape({ gender: 'female', height: 165, chest: 92, waist: 74, hips: 98 });
 * ```
 */
export function solveBodyShape(request: BodyShape, options: SolveBodyShapeOptions = {}): SolvedBody {
  const o = { ...SOLVE_BODY_SHAPE_DEFAULTS, ...options };
  const shape = resolveBodyShape(request);
  const { triangles } = bodyLayout();
  const girth: GirthScales = { chest: 1, waist: 1, hips: 1 };
  let stature = shape.height;
  let positions: Float32Array | undefined;
  let measured: BodyMeasurements | undefined;
  let p = bodyProportions(shape);
  let iterations = 0;
  for (; iterations < o.maxIterations; iterations++) {
    p = bodyProportions({ ...shape, height: stature });
    positions = bodyPositions(p, girth);
    measured = bodyMeasurements(positions, triangles);
    const errors = [measured.height - shape.height, measured.chest - shape.chest, measured.waist - shape.waist, measured.hips - shape.hips];
    if (errors.every((e) => Math.abs(e) < o.tolerance)) break;
    stature *= shape.height / measured.height;
    girth.chest *= shape.chest / measured.chest;
    girth.waist *= shape.waist / measured.waist;
    girth.hips *= shape.hips / measured.hips;
  }
  return { body: bodyMeshFromPositions(positions!, p), shape, measured: measured!, girth, iterations: iterations + 1 };
}
