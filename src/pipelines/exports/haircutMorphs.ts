import type { Mesh } from '../../core/mesh.js';
import type { SceneMorphTarget } from '../../formats/scene.js';
import { headSurface } from '../../geometry/index.js';

/** A target moving no haircut vertex more than this (metres) is left off the haircut. */
const STILL = 1e-5;

/**
 * The head's morph targets carried over to a haircut worn on it, so that the hair follows the head
 * when a blendshape changes it (a brow raise lifts the fringe, a wider head widens the cap) and never
 * sinks into the scalp: each haircut vertex moves as the head's closest surface point does, its
 * delta interpolated from that triangle's vertices. Both meshes are in one frame (placed on the
 * body). Targets that leave the hair where it is (the mouth's, the eyes') are left off. `skip`
 * names targets the hair must not follow (the head's own `Haircut`).
 *
 * ```ts
 * onHead.morphTargets = followingMorphs(onHead.mesh, head.mesh, head.morphTargets, new Set(['Haircut']));
 * ```
 */
export function followingMorphs(haircut: Mesh, head: Mesh, targets: readonly SceneMorphTarget[], skip: ReadonlySet<string> = new Set()): SceneMorphTarget[] {
  const kept = targets.filter((t) => !skip.has(t.name));
  if (!kept.length) return [];
  const surface = headSurface(head);
  const count = haircut.positions.length / 3;
  const corners = new Uint32Array(count * 3);
  const weights = new Float32Array(count * 3);
  const p = haircut.positions;
  for (let v = 0; v < count; v++) {
    const hit = surface.closest(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]);
    for (let k = 0; k < 3; k++) {
      corners[v * 3 + k] = head.indices[hit.triangle * 3 + k];
      weights[v * 3 + k] = hit.weights[k];
    }
  }
  const out: SceneMorphTarget[] = [];
  for (const target of kept) {
    const deltas = new Float32Array(count * 3);
    let largest = 0;
    for (let v = 0; v < count; v++) {
      for (let c = 0; c < 3; c++) {
        let d = 0;
        for (let k = 0; k < 3; k++) d += weights[v * 3 + k] * target.positions[corners[v * 3 + k] * 3 + c];
        deltas[v * 3 + c] = d;
        if (Math.abs(d) > largest) largest = Math.abs(d);
      }
    }
    if (largest > STILL) out.push({ name: target.name, positions: deltas });
  }
  return out;
}
