import { landmark, type HeadFrame } from './frame.js';
import type { Primitive } from './primitive.js';
import { addWeighted, bump, ellipse, weights, type FaceRig } from './rig.js';
import { smoothstep } from '../../core/smoothstep.js';
import type { FACE_MODIFICATIONS } from '../../library/blendshapeNames.js';

/**
 * `face_modifications`: sliders of the face's shape rather than expressions. Each is a smooth field
 * over the face (weights of template positions) scaled by the head's own size, so +1 makes the same
 * relative change on any face; the neck, the ears and the back of the head stay where they are.
 */

/** Face height: between the brows' middle (9) and the chin (152), metres. */
export const faceHeight = (frame: HeadFrame): number => landmark(frame, 9)[1] - landmark(frame, 152)[1];
/** Face width at the cheekbones (234 to 454). */
export const faceWidth = (frame: HeadFrame): number => landmark(frame, 454)[0] - landmark(frame, 234)[0];

/** The face below the brows and in front of the ears, fading out under the jaw. */
export function faceWeight(rig: FaceRig) {
  const { s, keyRows } = rig.template.grid;
  const brow = rig.l0[9 * 3 + 1];
  return weights(rig, 'face', 1, (v, o) => {
    const y = rig.p0[v * 3 + 1];
    o[0] = (1 - smoothstep(brow - 0.01, brow + 0.02, y)) * (1 - smoothstep(keyRows['under jaw'] - 0.3, keyRows['neck top'] + 0.3, s[v]));
  });
}

/** A bump on each side of the face around a landmark of the person's right and its mirror image. */
export function sidesWeight(rig: FaceRig, key: string, right: number, radii: [number, number, number], offset: [number, number, number] = [0, 0, 0]) {
  const c = [rig.l0[right * 3] - offset[0], rig.l0[right * 3 + 1] + offset[1], rig.l0[right * 3 + 2] + offset[2]];
  return weights(rig, key, 1, (v, o) => {
    const x = rig.p0[v * 3];
    // Each side's bump around its own centre, signed by the side: channel 0 carries ±1.
    const mirrored = [Math.abs(c[0]) * Math.sign(x), c[1], c[2]];
    o[0] = Math.sign(x) * bump(ellipse(rig.p0, v, mirrored, radii));
  });
}

/**
 * Stretches the face along x (about its middle) or y (downwards from `origin`, what lies below it):
 * each weighted vertex moves by `factor` times its own offset.
 */
export function scaled(axis: 0 | 1, factor: number, origin: (frame: HeadFrame) => number): Primitive {
  return (rig, frame, out) => {
    const w = faceWeight(rig), p = frame.positions, o = origin(frame);
    for (let i = 0; i < w.vertices.length; i++) {
      const v = w.vertices[i], offset = p[v * 3 + axis] - o;
      out[v * 3 + axis] += w.w[i] * factor * (axis === 1 ? Math.min(0, offset) : offset);
    }
  };
}

/** A bump on both sides, moving out (x by side) and along y, z by fractions of the face's width. */
export function sides(key: string, right: number, radii: [number, number, number], motion: [number, number, number], offset?: [number, number, number]): Primitive {
  return (rig, frame, out) => {
    const w = sidesWeight(rig, key, right, radii, offset), W = faceWidth(frame);
    const { vertices } = w;
    for (let i = 0; i < vertices.length; i++) {
      const v = vertices[i], side = w.w[i];
      out[v * 3] += side * motion[0] * W;
      out[v * 3 + 1] += Math.abs(side) * motion[1] * W;
      out[v * 3 + 2] += Math.abs(side) * motion[2] * W;
    }
  };
}

/** One bump in the middle of the face. */
export function middle(key: string, ids: number[], radii: [number, number, number], motion: (frame: HeadFrame) => [number, number, number]): Primitive {
  return (rig, frame, out) => {
    const c = [0, 1, 2].map((k) => ids.reduce((sum, i) => sum + rig.l0[i * 3 + k], 0) / ids.length);
    const w = weights(rig, key, 1, (v, o) => { o[0] = bump(ellipse(rig.p0, v, c, radii)); });
    addWeighted(out, w, motion(frame));
  };
}

export const FACE_SHAPES: Readonly<Record<(typeof FACE_MODIFICATIONS)[number], Primitive>> = {
  /** 7 % wider, about the face's middle. */
  face_width: scaled(0, 0.07, () => 0),
  /** The face below the nose's base 8 % longer: the chin goes down. */
  face_length: scaled(1, 0.08, (frame) => landmark(frame, 2)[1]),
  cheekbone_width: sides('cheekbones', 116, [0.03, 0.025, 0.05], [0.035, 0.005, 0.01]),
  cheek_fullness: sides('cheeks', 205, [0.028, 0.028, 0.05], [0.03, 0, 0.03], [0.004, -0.01, 0]),
  jaw_width: sides('jaw', 172, [0.035, 0.03, 0.06], [0.05, 0, 0]),
  chin_length: middle('chin', [152, 175], [0.03, 0.022, 0.04], (f) => [0, -0.06 * faceHeight(f), 0]),
  chin_forward: middle('chin', [152, 175], [0.03, 0.022, 0.04], (f) => [0, 0, 0.06 * faceHeight(f)]),
  nose_width: sides('noseWings', 129, [0.014, 0.016, 0.03], [0.025, 0, 0]),
  nose_length: middle('noseTip', [1, 2], [0.018, 0.022, 0.04], (f) => [0, -0.025 * faceHeight(f), 0.03 * faceHeight(f)]),
  eye_size: (rig, frame, out) => {
    for (const side of [1, -1] as const) {
      const eye = side > 0 ? [386, 374, 263, 362] : [159, 145, 33, 133];
      const c = [0, 1, 2].map((k) => eye.reduce((sum, i) => sum + rig.l0[i * 3 + k], 0) / 4);
      const w = weights(rig, side > 0 ? 'eyeLeft' : 'eyeRight', 1, (v, o) => { o[0] = bump(ellipse(rig.p0, v, c, [0.026, 0.02, 0.04])); });
      const fc = [0, 1, 2].map((k) => eye.reduce((sum, i) => sum + frame.l[i * 3 + k], 0) / 4);
      for (let i = 0; i < w.vertices.length; i++) {
        const v = w.vertices[i];
        for (const k of [0, 1]) out[v * 3 + k] += w.w[i] * 0.12 * (frame.positions[v * 3 + k] - fc[k]);
      }
    }
  },
  mouth_width: sides('mouthCorners', 61, [0.02, 0.016, 0.04], [0.035, 0, -0.01]),
  lip_fullness: (rig, frame, out) => {
    // The red of each lip taller (away from the slit, most mid-lip) and both lips forward.
    const w = weights(rig, 'lipFullness', 3, (v, o) => {
      const across = 1 - smoothstep(0.8, 1.3, Math.abs(rig.u[v]));
      const bell = rig.lip[v] <= 0 || rig.lip[v] >= 1.8 ? 0 : Math.sin((Math.PI * rig.lip[v]) / 1.8);
      o[rig.below[v] ? 1 : 0] = across * bell;
      o[2] = across * (1 - smoothstep(0.5, 2.2, rig.lip[v]));
    });
    addWeighted(out, w, [0, 0.25 * frame.upperLip, 0], 0);
    addWeighted(out, w, [0, -0.25 * frame.lowerLip, 0], 1);
    addWeighted(out, w, [0, 0, 0.4 * frame.upperLip], 2);
  },
};
