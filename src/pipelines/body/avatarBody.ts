import {
  BODY_SHAPE_INTERVALS, bodyShapeCoefficients, bodySkeleton, bodySkinWeights, fuseHead, idleAnimation, solveBodyShape, walkAnimation,
  type BodyGender, type BodyShape, type FusedAvatar, type Skeleton, type SkinWeights, type SolvedBody,
} from '../../assets/body/index.js';
import type { SceneAnimation } from '../../formats/scene.js';
import type { Mesh } from '../../geometry/index.js';

import { headTemplate } from '../../assets/index.js';
import { BODY_HEAD_MODEL } from './bodyHead.js';

export { BODY_HEAD_MODEL };

export const BODY_SHAPE_KEYS = ['height', 'weight', 'chest', 'waist', 'hips'] as const;

/**
 * The body request of an avatar: the body_shape parameters (cm, kg) with the gender given there,
 * else the subtype's (`female`, `male`), else (`mobile`) the one the face analysis found.
 */
export function bodyRequest(bodyShape: Readonly<Record<string, number | string>>, subtype: string, faceGender: string): BodyShape {
  const implied = subtype === 'female' || subtype === 'male' ? subtype : faceGender === 'female' ? 'female' : 'male';
  const gender = (typeof bodyShape.gender === 'string' ? bodyShape.gender : implied) as BodyGender;
  const shape: BodyShape = { gender };
  for (const key of BODY_SHAPE_KEYS) if (typeof bodyShape[key] === 'number') shape[key] = bodyShape[key] as number;
  return shape;
}

/** persona_2.0's ages (avatar_modifications.age). */
export type BodyAge = 'adult' | 'teen15' | 'teen12';

/**
 * A younger body for `age`: stature and weight at the 50th percentile of that age and sex (CDC
 * growth charts, from memory: 15 years, girls 162 cm / 52 kg, boys 170 cm / 56 kg; 12 years, girls
 * 151 cm / 41 kg, boys 149 cm / 40 kg), girths predicted from them by the body model, and shoulders
 * narrower than an adult's of that height. The head stays the person's, so it is larger beside
 * the body, as a child's is.
 */
export function ageRequest(gender: BodyGender, age: BodyAge): BodyShape {
  if (age === 'adult') return { gender };
  const female = gender === 'female' ? 1 : gender === 'male' ? 0 : 0.5;
  const mix = (f: number, m: number) => Math.round((f * female + m * (1 - female)) * 10) / 10;
  return age === 'teen15'
    ? { gender, height: mix(162, 170), weight: mix(52, 56), shoulderWidth: 0.94 }
    : { gender, height: mix(151, 149), weight: mix(41, 40), shoulderWidth: 0.88 };
}

/** The values of a request outside the spec's intervals for its gender, as a sentence, or null. */
export function outsideIntervals(shape: BodyShape): string | null {
  const intervals = BODY_SHAPE_INTERVALS[shape.gender ?? 'non_binary'];
  const outside = BODY_SHAPE_KEYS.filter((k) => shape[k] !== undefined && (shape[k]! < intervals[k][0] || shape[k]! > intervals[k][1]))
    .map((k) => `${k} ${shape[k]} (${intervals[k][0]}–${intervals[k][1]})`);
  return outside.length
    ? `Outside the intervals the body model is made for (${shape.gender}): ${outside.join(', ')}. The body was built as asked; results may differ from the measurements given.`
    : null;
}

/**
 * An avatar's full body: the body solved for its request, and the head joined to it
 * (assets/body/headFusion.ts). `oneBody`: the body's neck is gathered for the template head, not
 * this one, so every avatar of one request has the very same body mesh (persona_2.0).
 */
export function avatarBody(head: Mesh, shape: BodyShape, oneBody = false): { solved: SolvedBody; skeleton: Skeleton; fused: FusedAvatar; coeffs10: number[] } {
  const { solved, skeleton, weights, coeffs10 } = oneBody ? sharedBody(shape) : solvedBody(shape);
  const reference = oneBody ? headTemplate(BODY_HEAD_MODEL).mesh : undefined;
  const fused = fuseHead(head, solved, skeleton, weights, { reference });
  return { solved, skeleton, fused, coeffs10 };
}

type SolvedWithRig = { solved: SolvedBody; skeleton: Skeleton; weights: SkinWeights; coeffs10: number[] };

function solvedBody(shape: BodyShape): SolvedWithRig {
  const solved = solveBodyShape(shape);
  const skeleton = bodySkeleton(solved.body.proportions);
  return { solved, skeleton, weights: bodySkinWeights(solved.body, skeleton), coeffs10: bodyShapeCoefficients(solved.body.positions) };
}

/**
 * One body of the few that every avatar of a gender and age shares (persona_2.0): solved once per
 * worker and kept, as its paint is (bodySkin.ts). Nothing downstream writes to it (fuseHead copies).
 */
const SHARED_BODIES = new Map<string, SolvedWithRig>();

function sharedBody(shape: BodyShape): SolvedWithRig {
  const key = JSON.stringify(shape);
  let body = SHARED_BODIES.get(key);
  if (!body) {
    body = solvedBody(shape);
    // Genders × ages: a handful; a bound all the same, as the request shapes them.
    if (SHARED_BODIES.size >= 16) SHARED_BODIES.delete(SHARED_BODIES.keys().next().value!);
    SHARED_BODIES.set(key, body);
  }
  return body;
}

/**
 * The body's clips, named as the creator names its animations (creator.md): a walk and an idle,
 * in place (assets/body/bodyAnimation*.ts); their joints are the skeleton's, which the fused
 * avatar's joints keep in the same order.
 */
export function bodyAnimations(skeleton: Skeleton, gender: BodyGender | undefined): SceneAnimation[] {
  const female = gender === 'female';
  return [
    { ...walkAnimation(skeleton), name: female ? 'Female_Animation_WalkRelaxed' : 'Male_Animation_Walk' },
    { ...idleAnimation(skeleton), name: female ? 'Female_Animation_Idle' : 'Male_Animation_Idle' },
  ];
}
