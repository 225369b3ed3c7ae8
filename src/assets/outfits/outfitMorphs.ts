import type { SceneMorphTarget } from '../../formats/scene.js';
import type { FittedOutfit } from './outfit.js';

/** A target moving no outfit vertex more than this (metres) is left off the outfit. */
const STILL = 1e-5;

/**
 * The body's shape blendshapes carried over to an outfit fitted to it, so that an engine turning
 * `Chest_increase` widens the shirt with the chest instead of pushing the chest through it. Each
 * cloth vertex moves as the body points it was built on (its bind: up to four body vertices and
 * their weights) move, which is how the fit itself places it, so at weight 1 the cloth is within a
 * few millimetres of the outfit fitted again to the changed body (tested). Fitting again per target
 * would be exact but takes 60–250 ms per item and target, 16 targets for `body_shape`; this is
 * linear and costs microseconds. `targets` are deltas on the body template's vertices (the order
 * fitOutfit's body takes); targets that move no cloth (`Neck` under trousers) are left off.
 *
 * ```ts
 * part.morphTargets = outfitMorphs(fitted, [{ name: 'Chest_increase', positions: chestDeltas }]);
 * ```
 */
export function outfitMorphs(outfit: FittedOutfit, targets: readonly Pick<SceneMorphTarget, 'name' | 'positions'>[]): SceneMorphTarget[] {
  const count = outfit.garmentOf.length;
  const starts: number[] = [];
  let s = 0;
  for (const g of outfit.garments) { starts.push(s); s += g.mesh.positions.length / 3; }
  const out: SceneMorphTarget[] = [];
  for (const target of targets) {
    const d = target.positions, positions = new Float32Array(count * 3);
    let largest = 0;
    for (let v = 0; v < count; v++) {
      const g = outfit.garments[outfit.garmentOf[v]], local = outfit.sourceVertices[v] - starts[outfit.garmentOf[v]];
      for (let k = 0; k < 4; k++) {
        const w = g.bindWeights[local * 4 + k];
        if (!w) continue;
        const b = g.bindVertices[local * 4 + k];
        for (let c = 0; c < 3; c++) positions[v * 3 + c] += w * d[b * 3 + c];
      }
      largest = Math.max(largest, Math.abs(positions[v * 3]), Math.abs(positions[v * 3 + 1]), Math.abs(positions[v * 3 + 2]));
    }
    if (largest > STILL) out.push({ name: target.name, positions });
  }
  return out;
}
