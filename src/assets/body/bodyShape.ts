/**
 * The shape space of our body model: what a caller may ask for (the spec's `body_shape`, plus
 * proportion controls), and how a request is completed into a full set of targets.
 *
 * Means are anchored on the ANSUR II 2012 summary statistics (Gordon et al. 2014, NATICK/TR-15/007,
 * public); the values below are rounded and quoted from memory of that report, not read from the
 * data set (see docs/bodies.md). Intervals are the spec's body_shape table.
 */

export type BodyGender = 'female' | 'male' | 'non_binary';

/** A body request. Lengths in cm, weight in kg, circumferences in cm, as in the spec's body_shape. */
export interface BodyShape {
  /** female, male, or non_binary (an even blend of the two). */
  gender?: BodyGender;
  /** Stature, sole to vertex, cm. The head is not part of this mesh: see `headShareOfStature`. */
  height?: number;
  /** kg; drives the girths that are not given. */
  weight?: number;
  /** Chest circumference at the nipple line, cm. */
  chest?: number;
  /** Circumference at the natural waist (the narrowest part of the torso), cm. */
  waist?: number;
  /** Hip circumference at the widest point of the buttocks, cm. */
  hips?: number;
  /** Shoulder width relative to the mean for this gender and height (1 = mean; about 0.9–1.1). */
  shoulderWidth?: number;
  /** Arm length relative to the mean (1 = mean). */
  armLength?: number;
  /** Leg length relative to the mean; the torso takes what the legs do not, so the height is kept. */
  legLength?: number;
  /** Torso length relative to the mean; the legs take what the torso does not. */
  torsoLength?: number;
  /** Neck girth relative to the mean (1 = mean). */
  neck?: number;
}

/** A request with every value filled in; `maleness` is 0 for female, 1 for male. */
export interface ResolvedBodyShape {
  maleness: number;
  height: number;
  weight: number;
  chest: number;
  waist: number;
  hips: number;
  shoulderWidth: number;
  armLength: number;
  legLength: number;
  torsoLength: number;
  neck: number;
}

/** The spec's body_shape intervals, [min, max] per gender. */
export const BODY_SHAPE_INTERVALS: Record<BodyGender, Record<'height' | 'weight' | 'chest' | 'waist' | 'hips', [number, number]>> = {
  female: { height: [150, 174], weight: [54, 86], chest: [90, 115], waist: [73, 98], hips: [90, 116] },
  male: { height: [160, 187], weight: [70, 112], chest: [96, 125], waist: [81, 118], hips: [93, 119] },
  non_binary: { height: [150, 187], weight: [54, 112], chest: [90, 125], waist: [73, 118], hips: [90, 119] },
};

/** ANSUR II means (cm, kg) by sex; see docs/bodies.md for the table and its caveats. */
export const ANSUR_MEANS = {
  female: { height: 162.9, weight: 67.8, chest: 95.0, waist: 85.8, hips: 102.3, neck: 33.0 },
  male: { height: 175.6, weight: 85.5, chest: 105.9, waist: 94.1, hips: 102.7, neck: 39.8 },
} as const;

/**
 * How each girth follows weight at a given height: girth ∝ (weight / height)^k. Volume grows with
 * girth² × height, so k = ½ would be a uniformly fattening body; the waist gains faster and the
 * chest and hips slower (ANSUR II's correlations), hence unequal exponents.
 */
const GIRTH_EXPONENTS = { chest: 0.45, waist: 0.75, hips: 0.45, neck: 0.35 } as const;

export function maleness(gender: BodyGender | undefined): number {
  return gender === 'male' ? 1 : gender === 'female' ? 0 : 0.5;
}

const mix = (f: number, m: number, t: number): number => f + (m - f) * t;

/** Mean of a measurement for a blend of the sexes. */
export function meanMeasurement(key: keyof (typeof ANSUR_MEANS)['female'], maleness: number): number {
  return mix(ANSUR_MEANS.female[key], ANSUR_MEANS.male[key], maleness);
}

/**
 * Girth predicted from height and weight, for the girths a request leaves out: the ANSUR mean scaled
 * by the weight-for-height ratio.
 */
export function predictedGirth(key: 'chest' | 'waist' | 'hips' | 'neck', maleness: number, height: number, weight: number): number {
  const ratio = (weight / meanMeasurement('weight', maleness)) * (meanMeasurement('height', maleness) / height);
  return meanMeasurement(key, maleness) * ratio ** GIRTH_EXPONENTS[key];
}

/** Weight for a height at the mean weight-for-height (BMI-like: ∝ height²). */
export function meanWeight(maleness: number, height: number): number {
  return meanMeasurement('weight', maleness) * (height / meanMeasurement('height', maleness)) ** 2;
}

/**
 * Completes a request: the gender's ANSUR mean height, a mean weight for the height, girths from
 * weight, and proportion factors of 1 for whatever is not given.
 *
 * ```ts
 * const shape = resolveBodyShape({ gender: 'female', height: 168, weight: 60 });
 * ```
 */
export function resolveBodyShape(request: BodyShape = {}): ResolvedBodyShape {
  const m = maleness(request.gender);
  const height = request.height ?? meanMeasurement('height', m);
  const weight = request.weight ?? meanWeight(m, height);
  return {
    maleness: m,
    height,
    weight,
    chest: request.chest ?? predictedGirth('chest', m, height, weight),
    waist: request.waist ?? predictedGirth('waist', m, height, weight),
    hips: request.hips ?? predictedGirth('hips', m, height, weight),
    shoulderWidth: request.shoulderWidth ?? 1,
    armLength: request.armLength ?? 1,
    legLength: request.legLength ?? 1,
    torsoLength: request.torsoLength ?? 1,
    neck: request.neck ?? 1,
  };
}
