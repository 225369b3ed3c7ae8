import type { SceneMorphTarget } from '../../formats/scene.js';
import { smoothstep } from '../../core/smoothstep.js';
import { bodyLayout, bodyMeshFromPositions, bodyPositions } from './bodyMesh.js';
import { bodyProportions, type BodyProportions } from './bodyProportions.js';
import { predictedGirth, type ResolvedBodyShape } from './bodyShape.js';
import type { SolvedBody } from './bodyShapeSolver.js';
import { BODY_REGION_NAMES, bodyTopology } from './bodyTopology.js';
import type { GirthScales } from './bodyTorso.js';
import {
  chestGirth, forearmGirth, hipGirth, neckGirth, shoulderBreadth, thighGirth, waistGirth, type BlendMeasure,
} from './bodyBlendshapesMeasures.js';
import { BODY_BLENDS, BODY_SHAPE_BLENDSHAPES, type BodyBlend } from '../../library/blendshapeNames.js';

// The names are the API's (library/blendshapeNames.ts): the export parameters validate against them.
export { BODY_BLENDS, BODY_SHAPE_BLENDSHAPES, type BodyBlend } from '../../library/blendshapeNames.js';

/** A blendshape on body vertices (bodyPositions' order), before it is spread to the mesh's UV-seam copies. */
export interface BodyBlendshapeDelta {
  name: string;
  blend: BodyBlend;
  /** +1 for `_increase`, −1 for `_decrease`. */
  sign: 1 | -1;
  /** dx, dy, dz per body vertex, metres. */
  delta: Float32Array;
}

export interface BodyShapeBlendshapesOptions {
  /** Kilograms added or taken by `Body` (at the same height; girths and limbs follow the model's weight rules). */
  bodyWeight?: number;
  /** Share of neck girth added or taken by `Neck`. */
  neckShare?: number;
  /** Shoulder breadth added or taken by `Shoulders`, cm. */
  shoulderBreadth?: number;
  /** Chest circumference added or taken by `Chest`, cm. */
  chest?: number;
  /** Share of forearm girth added or taken by `Forearms`. */
  forearmShare?: number;
  /** Waist circumference added or taken by `Waist`, cm. */
  waist?: number;
  /** Hip circumference added or taken by `Hips`, cm. */
  hips?: number;
  /** Share of thigh, knee and calf girth added or taken by `Legs`. */
  legShare?: number;
  /** At most this many builds per blendshape to make its measurement change by the amount above. */
  calibrationSteps?: number;
}

export const BODY_SHAPE_BLENDSHAPES_DEFAULTS: Required<BodyShapeBlendshapesOptions> = {
  bodyWeight: 12,
  neckShare: 0.1,
  shoulderBreadth: 4,
  chest: 8,
  forearmShare: 0.15,
  waist: 10,
  hips: 8,
  legShare: 0.12,
  calibrationSteps: 4,
};

/** A body's inputs to the shape model, as the solver left them. */
interface ShapeInputs {
  shape: ResolvedBodyShape;
  p: BodyProportions;
  girth: GirthScales;
}

/** How one blend is made: the shifted body, where it applies, and what it is made to change. */
interface BlendRecipe {
  /** The shape model's inputs shifted by `s` times the blend's amount (s = ±1, or a calibrated multiple). */
  shift(inputs: ShapeInputs, s: number, o: Required<BodyShapeBlendshapesOptions>): { p: BodyProportions; girth: GirthScales };
  /** How much of the shift a body vertex takes, 0…1, from its rest position, region and side. */
  mask(at: VertexPlace, p: BodyProportions): number;
  /** The measurement it changes, cm. */
  measure: BlendMeasure;
  /** How much that measurement should change at weight 1 of `_increase` (cm; `_decrease` the opposite, about). */
  expected(inputs: ShapeInputs, o: Required<BodyShapeBlendshapesOptions>): number;
}

interface VertexPlace {
  x: number;
  y: number;
  region: (typeof BODY_REGION_NAMES)[number];
}

const rebuild = (i: ShapeInputs, change: Partial<ResolvedBodyShape>): BodyProportions =>
  bodyProportions({ ...i.shape, height: i.p.stature * 100, ...change });
const band = (y: number, a: number, b: number, c: number, d: number): number => smoothstep(a, b, y) * (1 - smoothstep(c, d, y));
const isTorso = (r: VertexPlace['region']): boolean => r === 'torso' || r === 'neck';
/** Every blend but Neck fades to nothing at the neck ring, so the head's weld never opens. */
const belowNeck = (at: VertexPlace, p: BodyProportions): number => (isTorso(at.region) ? 1 - smoothstep(p.y.neckBase, p.y.neckTop, at.y) : 1);

const BODY_BLEND_RECIPES: Record<BodyBlend, BlendRecipe> = {
  Body: {
    shift: (i, s, o) => {
      const m = i.shape.maleness, h = i.shape.height, w = i.shape.weight, w1 = w + s * o.bodyWeight;
      const k = (key: 'chest' | 'waist' | 'hips'): number => predictedGirth(key, m, h, w1) / predictedGirth(key, m, h, w);
      return { p: rebuild(i, { weight: w1, chest: i.shape.chest * k('chest'), waist: i.shape.waist * k('waist'), hips: i.shape.hips * k('hips') }), girth: i.girth };
    },
    mask: belowNeck,
    measure: waistGirth,
    expected: (i, o) => {
      const { maleness: m, height: h, weight: w } = i.shape;
      return i.shape.waist * (predictedGirth('waist', m, h, w + o.bodyWeight) / predictedGirth('waist', m, h, w) - 1);
    },
  },
  Neck: {
    shift: (i, s, o) => ({ p: rebuild(i, { neck: i.shape.neck * (1 + s * o.neckShare) }), girth: i.girth }),
    mask: (at, p) => (isTorso(at.region) ? smoothstep(p.y.acromion, p.y.neckBase, at.y) : 0),
    measure: neckGirth,
    expected: (i, o) => (i.p.neckGirth * 100) * o.neckShare,
  },
  Shoulders: {
    // The acromion's section is 0.98 of the shoulders' half-width (bodyProportions), on each side.
    shift: (i, s, o) => ({
      p: rebuild(i, { shoulderWidth: i.shape.shoulderWidth * (1 + (s * o.shoulderBreadth) / (2 * 100 * i.p.torso[8].halfWidth)) }),
      girth: i.girth,
    }),
    mask: (at, p) => {
      if (isTorso(at.region)) return smoothstep(p.y.waist, p.y.armpit, at.y) * belowNeck(at, p);
      // The upper arm takes the shift and hands it back by the elbow, so the forearm stays on its bones.
      if (at.region === 'arm') return 1 - smoothstep(p.shoulder[0], p.elbow[0], Math.abs(at.x));
      return 0;
    },
    measure: shoulderBreadth,
    expected: (_, o) => o.shoulderBreadth,
  },
  Chest: {
    shift: (i, s, o) => ({ p: rebuild(i, { chest: i.shape.chest + s * o.chest }), girth: i.girth }),
    mask: (at, p) => {
      // Faded out by the armpit: more girth there folds the armpit when the arms come down, and
      // near the collarbones it would thin the notch between them as much again as Body does.
      if (isTorso(at.region)) return band(at.y, p.y.waist, (p.y.waist + p.y.chest) / 2, p.y.chest, p.y.armpit);
      return 0;
    },
    measure: chestGirth,
    expected: (_, o) => o.chest,
  },
  Forearms: {
    shift: (i, s, o) => ({ p: { ...i.p, armGirth: { ...i.p.armGirth, forearm: i.p.armGirth.forearm * (1 + s * o.forearmShare) } }, girth: i.girth }),
    mask: (at, p) => (at.region === 'arm' || at.region === 'hand'
      ? smoothstep(p.shoulder[0], p.elbow[0] - 0.03, Math.abs(at.x)) * (1 - smoothstep(p.wrist[0] - 0.01, p.wrist[0] + 0.03, Math.abs(at.x)))
      : 0),
    measure: forearmGirth,
    expected: (i, o) => i.p.armGirth.forearm * 100 * o.forearmShare,
  },
  Waist: {
    shift: (i, s, o) => ({ p: rebuild(i, { waist: i.shape.waist + s * o.waist }), girth: i.girth }),
    mask: (at, p) => (isTorso(at.region) ? band(at.y, p.y.hips, (p.y.hips + p.y.waist) / 2, (p.y.waist + p.y.chest) / 2, p.y.chest) : 0),
    measure: waistGirth,
    expected: (_, o) => o.waist,
  },
  Hips: {
    shift: (i, s, o) => ({ p: rebuild(i, { hips: i.shape.hips + s * o.hips }), girth: i.girth }),
    mask: (at, p) => {
      if (isTorso(at.region)) return 1 - smoothstep((p.y.hips + p.y.waist) / 2, p.y.waist, at.y);
      // The hip joints move apart with the hips: the thighs lean out and are back on their knees by
      // two thirds of the way down.
      if (at.region === 'leg') return smoothstep(p.knee[1] + (p.y.crotch - p.knee[1]) / 3, p.y.crotch, at.y);
      return 0;
    },
    measure: hipGirth,
    expected: (_, o) => o.hips,
  },
  Legs: {
    shift: (i, s, o) => {
      const k = 1 + s * o.legShare;
      const g = i.p.legGirth;
      return {
        p: { ...i.p, legGirth: { ...g, thigh: g.thigh * (1 + s * o.legShare * 0.6), midThigh: g.midThigh * k, aboveKnee: g.aboveKnee * k, knee: g.knee * (1 + s * o.legShare * 0.5), calf: g.calf * k, shin: g.shin * (1 + s * o.legShare * 0.6) } },
        girth: i.girth,
      };
    },
    mask: (at, p) => (at.region === 'leg' ? smoothstep(p.ankle[1] + 0.02, p.ankle[1] + 0.08, at.y) : 0),
    measure: thighGirth,
    expected: (i, o) => {
      // Mid thigh lies between the thigh's top and mid-thigh girths; both are scaled, the top by 0.6.
      const g = i.p.legGirth;
      return ((g.thigh * 0.6 + g.midThigh) / 2) * 100 * o.legShare;
    },
  },
};

/**
 * The body_shape blendshapes of a body on its body vertices: for each creator blend, the shape
 * model evaluated at a shifted shape (waist ± 10 cm, shoulders ± 4 cm, …) minus the body, kept to the
 * blend's region with a smooth falloff, and zero on the neck ring except for `Neck`.
 *
 * ```ts
 * const deltas = bodyShapeBlendshapeDeltas(solveBodyShape({ gender: 'female' }));
 * ```
 */
export function bodyShapeBlendshapeDeltas(solved: Pick<SolvedBody, 'body' | 'shape' | 'girth'>, options: BodyShapeBlendshapesOptions = {}): BodyBlendshapeDelta[] {
  const o = { ...BODY_SHAPE_BLENDSHAPES_DEFAULTS, ...options };
  const base = solved.body.positions;
  const inputs: ShapeInputs = { shape: solved.shape, p: solved.body.proportions, girth: solved.girth };
  const t = bodyTopology();
  const { triangles } = bodyLayout();
  const n = base.length / 3;
  const places: VertexPlace[] = Array.from({ length: n }, (_, v) => ({ x: base[v * 3], y: base[v * 3 + 1], region: BODY_REGION_NAMES[t.region[v]] }));
  const ring = new Set(t.neckRing);
  const out: BodyBlendshapeDelta[] = [];
  for (const blend of BODY_BLENDS) {
    const recipe = BODY_BLEND_RECIPES[blend];
    const weights = places.map((at, v) => (blend !== 'Neck' && ring.has(v) ? 0 : recipe.mask(at, inputs.p)));
    for (const sign of [1, -1] as const) {
      const target = sign * recipe.expected(inputs, o);
      const before = recipe.measure(base, triangles, inputs.p);
      // The model is not linear in every control (a larger waist goes to the belly, and the
      // narrowest section moves): the amount is scaled until the morph changes its measurement by
      // what the blend promises, within 3 %.
      let s: number = sign, delta = new Float32Array(0);
      for (let step = 0; step < o.calibrationSteps; step++) {
        const shifted = recipe.shift(inputs, s, o);
        const moved = bodyPositions(shifted.p, shifted.girth);
        delta = new Float32Array(base.length);
        const morphed = Float32Array.from(base);
        for (let v = 0; v < n; v++) {
          const w = weights[v];
          if (w === 0) continue;
          for (let k = 0; k < 3; k++) {
            delta[v * 3 + k] = (moved[v * 3 + k] - base[v * 3 + k]) * w;
            morphed[v * 3 + k] += delta[v * 3 + k];
          }
        }
        const change = recipe.measure(morphed, triangles, inputs.p) - before;
        const ratio = target / change;
        if (!(ratio > 0) || Math.abs(ratio - 1) < 0.03) break;
        s *= Math.min(2, Math.max(0.5, ratio));
      }
      out.push({ name: `${blend}_${sign > 0 ? 'increase' : 'decrease'}`, blend, sign, delta });
    }
  }
  return out;
}

/**
 * The `body_shape` set as morph targets of a body's mesh (UV-seam copies included), with normal
 * offsets: 16 targets named as {@link BODY_SHAPE_BLENDSHAPES}, in that order.
 *
 * ```ts
 * const solved = solveBodyShape({ gender: 'male', height: 180 });
 * const morphTargets = bodyShapeBlendshapes(solved);
 * const scene = { name: 'body', meshes: [{ name: 'body', mesh: solved.body.mesh, morphTargets }] };
 * ```
 */
export function bodyShapeBlendshapes(solved: Pick<SolvedBody, 'body' | 'shape' | 'girth'>, options: BodyShapeBlendshapesOptions = {}): SceneMorphTarget[] {
  const { body } = solved;
  const baseNormals = body.mesh.normals!;
  return bodyShapeBlendshapeDeltas(solved, options).map(({ name, delta }) => {
    const moved = new Float32Array(body.positions.length);
    for (let i = 0; i < moved.length; i++) moved[i] = body.positions[i] + delta[i];
    const normals = bodyMeshFromPositions(moved, body.proportions).mesh.normals!;
    const positions = new Float32Array(body.vertexOf.length * 3);
    const normalDeltas = new Float32Array(body.vertexOf.length * 3);
    body.vertexOf.forEach((v, i) => {
      for (let k = 0; k < 3; k++) {
        positions[i * 3 + k] = delta[v * 3 + k];
        normalDeltas[i * 3 + k] = normals[i * 3 + k] - baseNormals[i * 3 + k];
      }
    });
    return { name, positions, normals: normalDeltas };
  });
}

/**
 * What a blend measures on body-vertex positions, cm (shoulder breadth, neck, chest, forearm, waist,
 * hips or mid-thigh girth; the waist for `Body`), cut where the base body's proportions say.
 */
export function bodyBlendMeasurement(blend: BodyBlend, positions: Float32Array, proportions: BodyProportions): number {
  return BODY_BLEND_RECIPES[blend].measure(positions, bodyLayout().triangles, proportions);
}

/** How much `<blend>_increase` at weight 1 changes its measurement on this body, cm (`_decrease`: as much less). */
export function bodyBlendAmount(blend: BodyBlend, solved: Pick<SolvedBody, 'body' | 'shape' | 'girth'>, options: BodyShapeBlendshapesOptions = {}): number {
  const o = { ...BODY_SHAPE_BLENDSHAPES_DEFAULTS, ...options };
  return BODY_BLEND_RECIPES[blend].expected({ shape: solved.shape, p: solved.body.proportions, girth: solved.girth }, o);
}
