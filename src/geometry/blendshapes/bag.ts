import type { JawMotion } from './primitive.js';
import type { FaceRig } from './rig.js';

/**
 * The mouth bag's deltas, from the lips' (already in `out`) and the jaw's: each bag vertex follows
 * the slit vertex of its column on its own side (both sides' mean where the walls meet), fully at
 * the rim and less going back; what it does not take from the lips it takes from the jaw's rigid
 * motion, the lower wall fully, the upper wall not at all (but for both, half-way at the corners, as
 * the lips), so the cavity opens with the jaw and the rim never leaves the lips.
 */
export function fillBag(rig: FaceRig, positions: Float32Array, out: Float32Array, jaw?: JawMotion): void {
  const { bag, bagColumn, bagSide, bagDepth, upper, lower } = rig.template.mouth;
  const d = new Float64Array(3);
  for (let i = 0; i < bag.length; i++) {
    const v = bag[i], c = bagColumn[i], side = bagSide[i];
    const follow = (1 - bagDepth[i]) ** 2;
    // The jaw's share tapers towards the corners as the lips' does (jaw.ts): half-way at a corner.
    const lens = 0.5 * Math.abs((2 * c) / (upper.length - 1) - 1) ** 4;
    const share = side === 0.5 ? 0.5 : side === 1 ? lens : 1 - lens;
    const up = upper[c], low = lower[c];
    if (jaw) jaw(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2], d);
    else d.fill(0);
    for (let k = 0; k < 3; k++) {
      const rim = side * out[up * 3 + k] + (1 - side) * out[low * 3 + k];
      out[v * 3 + k] = follow * rim + (1 - follow) * share * d[k];
    }
  }
}
