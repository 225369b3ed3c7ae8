import { ANSUR_MEANS, meanMeasurement, meanWeight, type ResolvedBodyShape } from './bodyShape.js';

export type Vec3 = [number, number, number];

/**
 * A torso cross-section at one height, before the anatomical bumps: a superellipse of half-width
 * `halfWidth` (x), with its front (+z) and back (−z) half-depths apart, centred at z = `z`.
 */
export interface TorsoSection {
  y: number;
  halfWidth: number;
  front: number;
  back: number;
  z: number;
  /** Superellipse exponent: 2 is an ellipse, larger is boxier. */
  exponent: number;
}

/**
 * Every length the mesh and the skeleton are built from, in metres, for the left side (+x, the
 * person's left; the right side mirrors it). The sole is at y = 0, the front faces +z.
 */
export interface BodyProportions {
  stature: number;
  maleness: number;
  /** Heights of the tailoring landmarks. */
  y: { crotch: number; hips: number; waist: number; chest: number; armpit: number; acromion: number; neckBase: number; neckTop: number };
  /** Torso sections from the crotch to the neck ring, bottom first. */
  torso: TorsoSection[];
  /** Outward bumps on the torso, metres at their peak. */
  bumps: { breast: number; pectoral: number; buttock: number; scapula: number; belly: number };
  /** Left leg joints. */
  hipJoint: Vec3; knee: Vec3; ankle: Vec3; ball: Vec3;
  foot: { heelZ: number; toeZ: number; width: number; ankleHeight: number };
  /** Leg circumferences: top of the thigh, mid thigh, above the knee, knee, calf, above the ankle, ankle. */
  legGirth: { thigh: number; midThigh: number; aboveKnee: number; knee: number; calf: number; shin: number; ankle: number };
  /** Left arm joints (T-pose: the arm runs along +x). */
  clavicle: Vec3; shoulder: Vec3; elbow: Vec3; wrist: Vec3;
  armGirth: { deltoid: number; upperArm: number; elbow: number; forearm: number; wrist: number };
  hand: {
    length: number; breadth: number; thickness: number;
    /** Knuckle (MCP) positions of index, middle, ring, pinky, and each finger's length to its tip. */
    knuckles: Vec3[]; fingerLengths: number[]; fingerRadii: number[];
    /** Where the thumb points (its curve: bodyHand.ts's thumbCurve), its length from the CMC joint, and its radius. */
    thumbDirection: Vec3; thumbLength: number; thumbRadius: number;
  };
  neckGirth: number;
}

/** The share of stature above the top of the neck ring: where the head will be joined. */
export const HEAD_SHARE_OF_STATURE = 0.12;

const mix = (f: number, m: number, t: number): number => f + (m - f) * t;

/** Landmark heights as shares of stature (female, male): ANSUR II ratios, rounded. */
const HEIGHT_SHARES = {
  crotch: [0.472, 0.474], hips: [0.505, 0.51], waist: [0.625, 0.612], chest: [0.715, 0.727],
  armpit: [0.748, 0.752], acromion: [0.817, 0.822], neckBase: [0.852, 0.855], knee: [0.282, 0.284], ankle: [0.045, 0.045],
} as const;

/** Superellipse perimeter by sampling: used to size a section to a circumference. */
export function sectionPerimeter(s: Pick<TorsoSection, 'halfWidth' | 'front' | 'back' | 'exponent'>): number {
  const n = 96;
  let total = 0;
  let px = 0, pz = 0;
  for (let i = 0; i <= n; i++) {
    const [x, z] = superellipsePoint(s, (2 * Math.PI * i) / n);
    if (i) total += Math.hypot(x - px, z - pz);
    px = x; pz = z;
  }
  return total;
}

/** The point of a section at angle θ (0 = front, π/2 = the person's left), relative to its centre. */
export function superellipsePoint(s: Pick<TorsoSection, 'halfWidth' | 'front' | 'back' | 'exponent'>, theta: number): [number, number] {
  const c = Math.cos(theta), sn = Math.sin(theta);
  const e = 2 / s.exponent;
  const x = s.halfWidth * Math.sign(sn) * Math.abs(sn) ** e;
  const z = (c >= 0 ? s.front : s.back) * Math.sign(c) * Math.abs(c) ** e;
  return [x, z];
}

/** A section of the given circumference with the given shape ratios. */
function sized(y: number, girth: number, ratios: { front: number; back: number; exponent: number; z?: number }): TorsoSection {
  const unit = { halfWidth: 1, front: ratios.front, back: ratios.back, exponent: ratios.exponent };
  const k = girth / sectionPerimeter(unit);
  return { y, halfWidth: k, front: k * ratios.front, back: k * ratios.back, z: ratios.z ?? 0, exponent: ratios.exponent };
}

/**
 * Lengths of a body from its resolved shape. Girths given (chest, waist, hips) size the torso
 * sections before the bumps; the shape solver then scales them until the mesh measures what was
 * asked.
 *
 * ```ts
 * const p = bodyProportions(resolveBodyShape({ gender: 'male', height: 180 }));
 * ```
 */
export function bodyProportions(shape: ResolvedBodyShape): BodyProportions {
  const g = shape.maleness;
  const H = shape.height / 100;
  const share = (key: keyof typeof HEIGHT_SHARES): number => mix(HEIGHT_SHARES[key][0], HEIGHT_SHARES[key][1], g) * H;
  const meanH = meanMeasurement('height', g) / 100;
  // Heavier than the mean for the height: limbs thicken, more slowly than the waist.
  const fat = shape.weight / meanWeight(g, shape.height);
  const limb = (k: number): number => Math.sqrt(H / meanH) * fat ** k;

  // Legs and torso share the height below the shoulders; their controls move the crotch.
  const crotch0 = share('crotch'), acromion = share('acromion');
  const legs = crotch0 * shape.legLength, trunk = (acromion - crotch0) * shape.torsoLength;
  const fit = acromion / (legs + trunk);
  const crotch = legs * fit;
  const inTorso = (y: number): number => crotch + ((y - crotch0) / (acromion - crotch0)) * trunk * fit;
  const legScale = crotch / crotch0;
  const y = {
    crotch, hips: inTorso(share('hips')), waist: inTorso(share('waist')), chest: inTorso(share('chest')),
    armpit: inTorso(share('armpit')), acromion, neckBase: share('neckBase'), neckTop: H * (1 - HEAD_SHARE_OF_STATURE),
  };

  const chest = shape.chest / 100, waist = shape.waist / 100, hips = shape.hips / 100;
  const neckGirth = (mix(ANSUR_MEANS.female.neck, ANSUR_MEANS.male.neck, g) / 100) * shape.neck * limb(0.3) * 0.97;
  const shoulderHalf = mix(0.183, 0.2, g) * (H / meanH) * shape.shoulderWidth * Math.min(1.08, fat ** 0.08);
  const breast = (1 - g) * 0.05 * Math.max(0.6, chest / 0.95) ** 1.5;
  const chestBase = chest - breast * 1.1;
  const neckR = neckGirth / (2 * Math.PI);
  // Above the armpit the chest and the back thin towards the shoulders' top, from the armpit's own depths.
  const armpitSection = sized(y.armpit, chestBase * mix(0.98, 1.0, g), { front: 0.72, back: 0.86, exponent: 2.4, z: -0.008 });
  const torso: TorsoSection[] = [
    sized(crotch, hips * 0.95, { front: 0.5, back: 0.58, exponent: 2.5, z: -0.008 }),
    sized(y.hips, hips * 0.95, { front: 0.56, back: mix(0.7, 0.66, g), exponent: 2.3, z: -0.005 }),
    sized((y.hips + y.waist) / 2, mix(waist, hips, 0.45) * 0.99, { front: 0.62, back: 0.6, exponent: 2.2 }),
    sized(y.waist, waist, { front: 0.8, back: 0.62, exponent: 2.4, z: 0.012 }),
    sized((y.waist + y.chest) / 2, mix(waist, chestBase, 0.65), { front: 0.8, back: 0.7, exponent: 2.35, z: 0.008 }),
    sized(y.chest, chestBase, { front: mix(0.78, 0.86, g), back: 0.8, exponent: 2.3, z: 0 }),
    armpitSection,
    { y: (y.armpit + acromion) / 2, halfWidth: shoulderHalf * 0.92, front: armpitSection.front * 0.82, back: armpitSection.back * 0.85, z: -0.012, exponent: 2.8 },
    { y: acromion, halfWidth: shoulderHalf * 0.98, front: armpitSection.front * 0.55, back: armpitSection.back * 0.55, z: -0.015, exponent: 2.8 },
    { y: acromion + (y.neckBase - acromion) * 0.45, halfWidth: shoulderHalf * 0.62, front: 0.06 * H / 1.7, back: 0.065 * H / 1.7, z: -0.015, exponent: 2.6 },
    { y: y.neckBase, halfWidth: neckR * 1.3, front: neckR * 1.15, back: neckR * 1.2, z: -0.012, exponent: 2.1 },
    { y: (y.neckBase + y.neckTop) / 2, halfWidth: neckR * 1.05, front: neckR * 1.0, back: neckR * 1.0, z: -0.008, exponent: 2 },
    { y: y.neckTop, halfWidth: neckR, front: neckR, back: neckR, z: -0.005, exponent: 2 },
  ];

  // The thighs fill the hips: their tops follow the hip circumference more than the weight (the two
  // correlate strongly in ANSUR), and wide hips set the hip joints apart.
  const hipRatio = hips / mix(1.023, 1.027, g);
  const hipX = mix(0.088, 0.085, g) * (H / meanH) * hipRatio ** 0.6;
  // A little forward of the thigh's centre, as the femoral head is: the groin then folds less.
  const hipJoint: Vec3 = [hipX, crotch + 0.07 * H / 1.7, 0.015];
  const knee: Vec3 = [hipX + 0.012, share('knee') * legScale, 0.005];
  const ankle: Vec3 = [hipX + 0.022, share('ankle'), -0.01];
  const footLength = mix(0.151, 0.155, g) * H;
  const heelZ = ankle[2] - 0.2 * footLength;
  const ball: Vec3 = [ankle[0] + 0.008, 0.022 * H / 1.7, heelZ + 0.74 * footLength];

  const shoulder: Vec3 = [shoulderHalf - 0.03, acromion - 0.045 * H / 1.7, -0.015];
  const clavicle: Vec3 = [0.025, acromion - 0.035 * H / 1.7, 0.0];
  const elbow: Vec3 = [shoulder[0] + 0.172 * H * shape.armLength, shoulder[1], -0.02];
  const wrist: Vec3 = [elbow[0] + 0.142 * H * shape.armLength, shoulder[1], -0.01];
  const handLength = mix(0.111, 0.11, g) * H * shape.armLength;
  const breadth = mix(0.048, 0.051, g) * H;
  const palm = handLength * 0.53;
  const fingerLengths = [0.405, 0.45, 0.43, 0.35].map((k) => k * handLength);
  const spread = [0.37, 0.12, -0.13, -0.37].map((k) => k * breadth);
  const knuckles: Vec3[] = spread.map((z, i) => [wrist[0] + palm * [0.98, 1.0, 0.97, 0.9][i], wrist[1], wrist[2] + z]);
  const fingerRadii = [0.0095, 0.0098, 0.0092, 0.0082].map((r) => r * mix(0.9, 1.0, g) * (H / meanH) * fat ** 0.15);
  const thumbDirection = normalize([0.72, -0.16, 0.68]);

  return {
    stature: H,
    maleness: g,
    y,
    torso,
    bumps: {
      breast,
      pectoral: g * 0.016,
      buttock: mix(0.03, 0.022, g) * Math.max(0.7, hips / 1.0),
      scapula: 0.008,
      belly: 0.006 + Math.max(0, waist - mix(0.8, 0.88, g)) * 0.09,
    },
    hipJoint, knee, ankle, ball,
    foot: { heelZ, toeZ: heelZ + footLength, width: footLength * 0.37, ankleHeight: ankle[1] },
    legGirth: {
      thigh: mix(0.6, 0.59, g) * limb(0.2) * hipRatio ** 0.9,
      midThigh: mix(0.53, 0.52, g) * limb(0.3) * hipRatio ** 0.5,
      aboveKnee: mix(0.41, 0.41, g) * limb(0.45),
      knee: mix(0.37, 0.385, g) * limb(0.35),
      calf: mix(0.365, 0.385, g) * limb(0.35),
      shin: mix(0.225, 0.235, g) * limb(0.25),
      ankle: mix(0.235, 0.25, g) * limb(0.15),
    },
    clavicle, shoulder, elbow, wrist,
    armGirth: {
      deltoid: mix(0.34, 0.4, g) * limb(0.5),
      upperArm: mix(0.285, 0.33, g) * limb(0.55),
      elbow: mix(0.235, 0.27, g) * limb(0.35),
      forearm: mix(0.245, 0.29, g) * limb(0.4),
      wrist: mix(0.152, 0.175, g) * limb(0.2),
    },
    hand: {
      length: handLength, breadth, thickness: mix(0.026, 0.03, g) * (H / meanH),
      knuckles, fingerLengths, fingerRadii,
      thumbDirection, thumbLength: handLength * 0.52, thumbRadius: fingerRadii[0] * 1.12,
    },
    neckGirth,
  };
}

function normalize(v: Vec3): Vec3 {
  const n = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / n, v[1] / n, v[2] / n];
}
