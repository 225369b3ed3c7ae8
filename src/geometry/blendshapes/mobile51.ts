import { fillBag } from './bag.js';
import { mouthDimple, mouthFrown, mouthSmile, mouthStretch } from './corners.js';
import { eyeBlink, eyeLookDown, eyeLookIn, eyeLookOut, eyeLookUp, eyeSquint, eyeWide } from './eyes.js';
import { FACE_SHAPES } from './faceShape.js';
import { CUSTOMISATION_SHAPES } from './customisation.js';
import type { HeadFrame } from './frame.js';
import { jawForward, jawOpen, jawSideways, mouthClose } from './jaw.js';
import {
  mouthFunnel, mouthLowerDown, mouthPress, mouthPucker, mouthRoll, mouthShrugLower, mouthShrugUpper, mouthSideways,
  mouthUpperUp,
} from './lips.js';
import type { Mobile51Name } from '../../library/blendshapeNames.js';
import type { Primitive } from './primitive.js';
import type { FaceRig } from './rig.js';
import { browDown, browInnerUp, browOuterUp, cheekPuff, cheekSquint, noseSneer } from './upperFace.js';

/** The ARKit shapes, each authored once (see the files they come from); Left is the person's left, +x. */
const ARKIT: Readonly<Record<Mobile51Name, Primitive>> = {
  browDownLeft: browDown(1), browDownRight: browDown(-1), browInnerUp,
  browOuterUpLeft: browOuterUp(1), browOuterUpRight: browOuterUp(-1),
  cheekPuff, cheekSquintLeft: cheekSquint(1), cheekSquintRight: cheekSquint(-1),
  eyeBlinkLeft: eyeBlink(1), eyeBlinkRight: eyeBlink(-1),
  eyeLookDownLeft: eyeLookDown(1), eyeLookDownRight: eyeLookDown(-1),
  eyeLookInLeft: eyeLookIn(1), eyeLookInRight: eyeLookIn(-1),
  eyeLookOutLeft: eyeLookOut(1), eyeLookOutRight: eyeLookOut(-1),
  eyeLookUpLeft: eyeLookUp(1), eyeLookUpRight: eyeLookUp(-1),
  eyeSquintLeft: eyeSquint(1), eyeSquintRight: eyeSquint(-1),
  eyeWideLeft: eyeWide(1), eyeWideRight: eyeWide(-1),
  jawForward, jawLeft: jawSideways(1), jawOpen, jawRight: jawSideways(-1),
  mouthClose, mouthDimpleLeft: mouthDimple(1), mouthDimpleRight: mouthDimple(-1),
  mouthFrownLeft: mouthFrown(1), mouthFrownRight: mouthFrown(-1), mouthFunnel,
  mouthLeft: mouthSideways(1), mouthLowerDownLeft: mouthLowerDown(1), mouthLowerDownRight: mouthLowerDown(-1),
  mouthPressLeft: mouthPress(1), mouthPressRight: mouthPress(-1), mouthPucker,
  mouthRight: mouthSideways(-1), mouthRollLower: mouthRoll(true), mouthRollUpper: mouthRoll(false),
  mouthShrugLower, mouthShrugUpper,
  mouthSmileLeft: mouthSmile(1), mouthSmileRight: mouthSmile(-1),
  mouthStretchLeft: mouthStretch(1), mouthStretchRight: mouthStretch(-1),
  mouthUpperUpLeft: mouthUpperUp(1), mouthUpperUpRight: mouthUpperUp(-1),
  noseSneerLeft: noseSneer(1), noseSneerRight: noseSneer(-1),
};

/** Every shape the sets are made of: the ARKit shapes and the face-shape sliders (faceShape.ts). */
export const PRIMITIVES: Readonly<Record<string, Primitive>> = { ...ARKIT, ...FACE_SHAPES, ...CUSTOMISATION_SHAPES };

/**
 * The deltas of one shape at 1.0 for one head: xyz per vertex of the head's mesh, metres, the mouth
 * bag's included. Template-level work (weights) is cached per template, so a second head of the
 * same template costs only the per-head part.
 */
export function primitiveDeltas(rig: FaceRig, frame: HeadFrame, name: string): Float32Array {
  const out = new Float32Array(frame.positions.length);
  const jaw = PRIMITIVES[name](rig, frame, out);
  fillBag(rig, frame.positions, out, jaw || undefined);
  return out;
}
