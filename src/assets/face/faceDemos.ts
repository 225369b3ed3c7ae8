import { MOBILE_51, type Mobile51Name } from '../../library/blendshapeNames.js';
import { beatEnd, blink, bothSides, envelope, type Beat, type HeadTurn } from './faceBeats.js';
import { spoken } from './faceSpeech.js';

/** The creator's facial animation names (creator.md, animation names: `FaceDemo_001` to `FaceDemo_005`). */
export const FACE_DEMO_NAMES = ['FaceDemo_001', 'FaceDemo_002', 'FaceDemo_003', 'FaceDemo_004', 'FaceDemo_005'] as const;
export type FaceDemoName = (typeof FACE_DEMO_NAMES)[number];

/** A performance: its length and its beats, which all end before it does, so it starts and ends on a face at rest. */
interface Performance {
  duration: number;
  beats: Beat[];
}

const gaze = (at: number, hold: number, eyes: Record<string, number>, head: HeadTurn, face: Record<string, number> = {}): Beat =>
  ({ at, rise: 0.14, hold, fall: 0.14, face: { ...eyes, ...bothSides(face) }, head });

/**
 * The five demos, each a few seconds of one face performing, written as beats (faceBeats.ts):
 * 001 a warm smile that opens into a laugh; 002 a spoken line ("Hello! How are you? I'm fine,
 * thank you.") with brows and nods on its stresses; 003 surprise, then relief; 004 a look around,
 * left, right, up and down, the head following the eyes a little; 005 a frown that shakes the head,
 * then a sigh. Blinks come every few seconds and with the larger gaze shifts, as people blink.
 */
const PERFORMANCES: Readonly<Record<FaceDemoName, Performance>> = {
  FaceDemo_001: {
    duration: 4,
    beats: [
      { at: 0.3, rise: 0.6, hold: 2, fall: 0.8, face: bothSides({ mouthSmile: 0.75, cheekSquint: 0.45, eyeSquint: 0.25, mouthDimple: 0.2 }), head: { pitch: -3, roll: 4 } },
      { at: 1.2, rise: 0.25, hold: 0.6, fall: 0.4, face: bothSides({ jawOpen: 0.14, mouthUpperUp: 0.3, mouthLowerDown: 0.25, cheekSquint: 0.2 }), head: { pitch: -4 } },
      blink(0.95), blink(2.6),
    ],
  },
  FaceDemo_002: {
    duration: 5.2,
    beats: [
      ...spoken(0.35, [
        ['eh', 0.12], ['ln', 0.08], ['oh', 0.22], ['rest', 0.22],
        ['aa', 0.12], ['oo', 0.14], ['aa', 0.14], ['rr', 0.08], ['ee', 0.06], ['oo', 0.2], ['rest', 0.35],
        ['aa', 0.16], ['ee', 0.08], ['mbp', 0.1], ['fv', 0.1], ['aa', 0.14], ['ee', 0.06], ['ln', 0.1], ['rest', 0.15],
        ['ln', 0.07], ['eh', 0.14], ['ln', 0.06], ['ss', 0.05], ['ee', 0.05], ['oo', 0.24],
      ]),
      // Stresses: brows up on "Hello" and "How", a nod on "fine" and on "thank you".
      { at: 0.3, rise: 0.15, hold: 0.3, fall: 0.3, face: bothSides({ browInnerUp: 0.4, browOuterUp: 0.3 }), head: { pitch: -3 } },
      { at: 1.0, rise: 0.15, hold: 0.4, fall: 0.35, face: bothSides({ browInnerUp: 0.3, browOuterUp: 0.25 }), head: { roll: -3, yaw: 3 } },
      { at: 2.6, rise: 0.15, hold: 0.15, fall: 0.3, face: bothSides({ mouthSmile: 0.15 }), head: { pitch: 4 } },
      { at: 3.4, rise: 0.2, hold: 0.6, fall: 0.6, face: bothSides({ mouthSmile: 0.3, cheekSquint: 0.15 }), head: { pitch: 3, roll: 2 } },
      blink(1.75), blink(4.55),
    ],
  },
  FaceDemo_003: {
    duration: 4,
    beats: [
      { at: 0.5, rise: 0.15, hold: 1, fall: 0.6, face: bothSides({ browInnerUp: 0.95, browOuterUp: 0.85, eyeWide: 0.8, jawOpen: 0.42, mouthFunnel: 0.2, mouthLowerDown: 0.2 }), head: { pitch: -6 } },
      blink(1.85),
      { at: 2.1, rise: 0.5, hold: 0.7, fall: 0.6, face: bothSides({ mouthSmile: 0.5, cheekSquint: 0.2, browInnerUp: 0.15 }), head: { roll: 3 } },
      blink(3.3),
    ],
  },
  FaceDemo_004: {
    duration: 5,
    beats: [
      // The person's left: the left eye turns out, the right one in (up to 45° out and 25° in). Each
      // look starts as the one before it ends, so the eyes sweep through the middle without stopping.
      gaze(0.4, 0.8, { eyeLookOutLeft: 0.5, eyeLookInRight: 0.85 }, { yaw: 8 }),
      blink(1.3),
      gaze(1.34, 0.8, { eyeLookInLeft: 0.85, eyeLookOutRight: 0.5 }, { yaw: -8 }),
      gaze(2.28, 0.8, { eyeLookUpLeft: 0.7, eyeLookUpRight: 0.7 }, { pitch: -6 }, { browInnerUp: 0.25, browOuterUp: 0.2, eyeWide: 0.2 }),
      blink(3.18),
      // Looking down, the upper lids follow the eyes part of the way.
      gaze(3.22, 0.8, { eyeLookDownLeft: 0.65, eyeLookDownRight: 0.65, eyeBlinkLeft: 0.3, eyeBlinkRight: 0.3 }, { pitch: 7 }),
    ],
  },
  FaceDemo_005: {
    duration: 4.5,
    beats: [
      { at: 0.4, rise: 0.5, hold: 1.6, fall: 0.7, face: bothSides({ browDown: 0.9, mouthFrown: 1, mouthPress: 0.45, noseSneer: 0.35, eyeSquint: 0.35, mouthShrugLower: 0.5, mouthStretch: 0.2 }) },
      // A slow shake of the head while frowning.
      { at: 1.0, rise: 0.25, hold: 0, fall: 0.25, head: { yaw: 5 } },
      { at: 1.5, rise: 0.25, hold: 0, fall: 0.25, head: { yaw: -5 } },
      blink(1.1),
      // The sigh: brows up in the middle, the jaw drops a little, the head sinks.
      { at: 2.6, rise: 0.4, hold: 0.4, fall: 0.6, face: bothSides({ browInnerUp: 0.5, jawOpen: 0.15, mouthFunnel: 0.12, mouthFrown: 0.25 }), head: { pitch: 5 } },
      blink(3.05),
    ],
  },
};

/** A demo sampled as keyframes. */
export interface FaceDemo {
  name: FaceDemoName;
  /** Seconds: the time of the last key. */
  duration: number;
  times: Float32Array;
  /** Per ARKit name the demo moves, its weight at each key, in [0, 1]. */
  weights: Map<Mobile51Name, Float32Array>;
  /** The `Head` joint's rotation at each key (x, y, z, w), relative to its rest (the identity). */
  head: Float32Array;
}

/** Keys per second: enough for a 240 ms blink and the speech's shortest visemes. */
export const FACE_DEMO_FPS = 30;

/**
 * One of the creator's face demos as keyframes of mobile_51 weights and of the head's turn, made by
 * adding its beats up (weights clamped to [0, 1]). The first and last keys are the face at rest, so
 * the first frame can serve as the bind pose and the clip loops.
 *
 * ```ts
 * const demo = faceDemo('FaceDemo_002');
 * const jaw = demo.weights.get('jawOpen'); // one weight per demo.times
 * ```
 */
export function faceDemo(name: FaceDemoName): FaceDemo {
  const { duration, beats } = PERFORMANCES[name];
  const late = beats.find((b) => beatEnd(b) > duration);
  if (late) throw new Error(`${name}: a beat ends at ${beatEnd(late)} s, after the demo's ${duration} s`);
  const count = Math.round(duration * FACE_DEMO_FPS) + 1;
  const times = Float32Array.from({ length: count }, (_, k) => (k * duration) / (count - 1));
  const weights = new Map<Mobile51Name, Float32Array>();
  const head = new Float32Array(count * 4);
  const known = new Set<string>(MOBILE_51);
  for (const beat of beats) for (const shape of Object.keys(beat.face ?? {})) {
    if (!known.has(shape)) throw new Error(`${name}: ${shape} is not a mobile_51 blendshape`);
    if (!weights.has(shape as Mobile51Name)) weights.set(shape as Mobile51Name, new Float32Array(count));
  }
  times.forEach((t, k) => {
    const turn = { pitch: 0, yaw: 0, roll: 0 };
    for (const beat of beats) {
      const e = envelope(beat, t);
      if (e === 0) continue;
      for (const [shape, w] of Object.entries(beat.face ?? {})) weights.get(shape as Mobile51Name)![k] += e * w;
      turn.pitch += e * (beat.head?.pitch ?? 0);
      turn.yaw += e * (beat.head?.yaw ?? 0);
      turn.roll += e * (beat.head?.roll ?? 0);
    }
    head.set(turnQuaternion(turn), k * 4);
  });
  for (const values of weights.values()) for (let k = 0; k < count; k++) values[k] = Math.min(1, Math.max(0, values[k]));
  return { name, duration, times, weights, head };
}

/** Yaw, then pitch, then roll (degrees) as one unit quaternion x, y, z, w. */
function turnQuaternion({ pitch, yaw, roll }: Required<HeadTurn>): [number, number, number, number] {
  const half = (d: number) => (d * Math.PI) / 360;
  const [sx, cx] = [Math.sin(half(pitch)), Math.cos(half(pitch))];
  const [sy, cy] = [Math.sin(half(yaw)), Math.cos(half(yaw))];
  const [sz, cz] = [Math.sin(half(roll)), Math.cos(half(roll))];
  // q = qy · qx · qz
  const qyx = [cy * sx, sy * cx, -sy * sx, cy * cx];
  const [x, y, z, w] = qyx;
  return [x * cz + y * sz, y * cz - x * sz, w * sz + z * cz, w * cz - z * sz];
}
