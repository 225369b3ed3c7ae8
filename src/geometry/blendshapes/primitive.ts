import type { HeadFrame } from './frame.js';
import type { FaceRig } from './rig.js';

/** The jaw's rigid motion at a point (a delta, into `out`): the mouth bag's lower wall follows it. */
export type JawMotion = (x: number, y: number, z: number, out: Float64Array) => void;

/**
 * One of the ARKit shapes the others are made of: adds its deltas at 1.0 for one head into `out`
 * (xyz per vertex, metres; the bag's are filled in afterwards, bag.ts) and returns the jaw's motion
 * when it moves the jaw.
 */
export type Primitive = (rig: FaceRig, frame: HeadFrame, out: Float32Array) => JawMotion | void;
