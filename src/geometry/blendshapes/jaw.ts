import type { HeadFrame } from './frame.js';
import { weights, type FaceRig, type Sparse } from './rig.js';
import { smoothstep } from '../../core/smoothstep.js';
import type { Primitive } from './primitive.js';

/** How far jawOpen turns the jaw about its hinge at 1.0: a wide-open mouth. */
export const JAW_OPEN_ANGLE = (15 * Math.PI) / 180;
/**
 * Opening, the jaw's joints also glide forward: the jaw moves forward by this fraction of the arc
 * its chin would travel turning about the hinge alone. The chin then goes down more than back, as
 * a real chin does, and the jaw's angle, near the neck, hardly moves back into it.
 */
const JAW_GLIDE = 0.5;
/** jawForward and jawLeft/Right move the jaw by these fractions of the mouth's width. */
const JAW_FORWARD = 0.12;
const JAW_SIDEWAYS = 0.16;

/**
 * How fully each vertex follows the jaw. The lower lip and everything below the mouth down to the
 * jaw line: 1; the upper lip and what lies above: 0. Across the slit the weight jumps (that is what
 * the slit is for), but less towards the corners: there both lips go half-way, so the mouth opens
 * to a lens (1 − u⁴ of the full opening across it). Beyond the corners the jump spreads into a
 * smooth transition, wider further out on the cheeks. Under the chin it fades out down to the neck
 * row (the neck and the bust stay put), past the cheeks towards the ears, and above the nose's base.
 */
export function jawWeight(rig: FaceRig): Sparse {
  return jawWeightOf(rig, false);
}

/**
 * The jaw's weight for sliding it (forward, sideways): the lips, soft, stay together and shear
 * with it, so across the slit the weight runs smoothly from the upper lip to the lower (half-way
 * on the slit, both sides alike) instead of jumping; the rest is as {@link jawWeight}.
 */
function slideWeight(rig: FaceRig): Sparse {
  return jawWeightOf(rig, true);
}

function jawWeightOf(rig: FaceRig, slide: boolean): Sparse {
  const { s, theta, keyRows } = rig.template.grid;
  const half = rig.halfWidth;
  return weights(rig, slide ? 'jawSlide' : 'jaw', 1, (v, out) => {
    const au = Math.abs(rig.u[v]), dy = rig.dy[v];
    const corner = 0.5 * Math.min(1, au) ** 4;
    const spread = 0.3 * half + 0.6 * Math.max(0, au - 1) * half;
    const near = Math.exp(-((dy / spread) ** 2));
    const side = slide
      ? 1 - smoothstep(-spread, spread, dy)
      : rig.below[v] ? 1 - corner * near : corner * near;
    const cap = 1 - smoothstep(0.015, 0.04, dy);
    const neck = 1 - smoothstep(keyRows['under jaw'] - 0.3, keyRows['neck top'], s[v]);
    const ears = 1 - smoothstep(0.7, 1.45, Math.abs(theta[v]));
    out[0] = side * cap * neck * ears;
  });
}

/**
 * The jaw's opening motion as a delta at a point: a turn about the hinge (an axis along x) by
 * `angle`, and the joints' glide forward (JAW_GLIDE), scaled to the head's own chin.
 */
function opening(frame: HeadFrame, angle: number): (x: number, y: number, z: number, out: Float64Array) => void {
  const [, hy, hz] = frame.hinge;
  const c = Math.cos(angle), sn = Math.sin(angle);
  const chin = Math.hypot(frame.l[152 * 3 + 1] - hy, frame.l[152 * 3 + 2] - hz);
  const glide = JAW_GLIDE * angle * chin;
  return (x, y, z, out) => {
    const ry = y - hy, rz = z - hz;
    out[0] = 0;
    out[1] = hy + c * ry - sn * rz - y;
    out[2] = hz + sn * ry + c * rz - z + glide;
  };
}

/** Adds `weight × motion(p)` at every weighted vertex. */
function addMotion(out: Float32Array, sparse: Sparse, frame: HeadFrame, motion: (x: number, y: number, z: number, d: Float64Array) => void, factor = 1): void {
  const p = frame.positions, d = new Float64Array(3);
  for (let i = 0; i < sparse.vertices.length; i++) {
    const v = sparse.vertices[i], w = sparse.w[i] * factor;
    motion(p[v * 3], p[v * 3 + 1], p[v * 3 + 2], d);
    out[v * 3] += w * d[0];
    out[v * 3 + 1] += w * d[1];
    out[v * 3 + 2] += w * d[2];
  }
}

/** jawOpen: the jaw turns down about the head's own hinge, gliding forward a little. */
export const jawOpen: Primitive = (rig, frame, out) => {
  const motion = opening(frame, JAW_OPEN_ANGLE);
  addMotion(out, jawWeight(rig), frame, motion);
  return motion;
};

const translation = (vector: [number, number, number]) => (_x: number, _y: number, _z: number, out: Float64Array): void => {
  out[0] = vector[0];
  out[1] = vector[1];
  out[2] = vector[2];
};

/** jawForward: the jaw slides forward. */
export const jawForward: Primitive = (rig, frame, out) => {
  const motion = translation([0, 0, JAW_FORWARD * frame.mouthWidth]);
  addMotion(out, slideWeight(rig), frame, motion);
  return motion;
};

/** jawLeft / jawRight: the jaw slides to the person's left (+x) or right. */
export function jawSideways(sign: 1 | -1): Primitive {
  return (rig, frame, out) => {
    const motion = translation([sign * JAW_SIDEWAYS * frame.mouthWidth, 0, 0]);
    addMotion(out, slideWeight(rig), frame, motion);
    return motion;
  };
}

/** How much of the gap jawOpen opens between the lips mouthClose closes from above (the rest from below). */
const CLOSE_FROM_ABOVE = 0.4;

/**
 * mouthClose: the lips close while the jaw stays where jawOpen put it (ARKit uses it with jawOpen).
 * At each column of the slit, the gap jawOpen opens there (lower lip's motion minus the upper's) is
 * closed, 40 % by the upper lip coming down, 60 % by the lower lip coming up; away from the slit
 * the motion fades over the upper lip to the nose's base and over the lower lip to the chin, slowly
 * enough that neither folds. jawOpen + mouthClose at equal weights leaves the lips touching: they
 * never pass through each other.
 */
export const mouthClose: Primitive = (rig, frame, out) => {
  const { upper, lower } = rig.template.mouth;
  if (upper.length === 0) return;
  const jaw = jawWeight(rig);
  const share = new Float32Array(rig.skin.length);
  for (let i = 0; i < jaw.vertices.length; i++) share[jaw.vertices[i]] = jaw.w[i];
  const motion = opening(frame, JAW_OPEN_ANGLE);
  const p = frame.positions, d = new Float64Array(3);
  // The gap at each slit column, and the column's u on the template.
  const gap = new Float64Array(upper.length * 3), us = Array.from(upper, (v) => rig.u[v]);
  for (let c = 0; c < upper.length; c++) {
    for (const [v, sign] of [[lower[c], 1], [upper[c], -1]] as const) {
      motion(p[v * 3], p[v * 3 + 1], p[v * 3 + 2], d);
      for (let k = 0; k < 3; k++) gap[c * 3 + k] += sign * share[v] * d[k];
    }
  }
  const w = closeWeight(rig);
  for (let i = 0; i < w.vertices.length; i++) {
    const v = w.vertices[i], u = rig.u[v];
    let c = 1;
    while (c < us.length - 1 && us[c] < u) c++;
    const f = Math.min(1, Math.max(0, (u - us[c - 1]) / (us[c] - us[c - 1])));
    const k = rig.below[v] ? -(1 - CLOSE_FROM_ABOVE) * w.w[i] : CLOSE_FROM_ABOVE * w.w[i];
    for (let a = 0; a < 3; a++) out[v * 3 + a] += k * (gap[(c - 1) * 3 + a] + f * (gap[c * 3 + a] - gap[(c - 1) * 3 + a]));
  }
};

/** mouthClose's fade away from the slit: over the upper lip to the nose's base, the lower to the chin. */
function closeWeight(rig: FaceRig): Sparse {
  return weights(rig, 'mouthClose', 1, (v, out) => {
    if (Math.abs(rig.u[v]) > 1) return;
    const dy = rig.dy[v];
    out[0] = rig.below[v] ? 1 - smoothstep(0.002, 0.035, -dy) : 1 - smoothstep(0.001, 0.022, dy);
  });
}
