import type { Mesh } from '../../core/mesh.js';
import type { SceneMorphTarget } from '../../formats/scene.js';
import { headSurface } from '../../geometry/index.js';
import { smoothstep } from '../../core/smoothstep.js';

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
  const { deltas } = surfaceDeltas(haircut.positions, head, kept);
  return kept.flatMap((target, t) => (largest(deltas[t]) > STILL ? [{ name: target.name, positions: deltas[t] }] : []));
}

/**
 * The head's morph targets carried over to a rigid item worn on it (glasses, earrings): the item
 * moves as the head's surface does at a few `anchors` where it rests (the nose's bridge, the tops
 * of the ears, the lobes), each vertex by the anchors' movements weighted by the inverse fourth
 * power of its distance to each. A vertex at an anchor moves with it; an item near one anchor only
 * (an earring by its lobe) moves with it as one piece, and a frame between several (glasses between
 * the bridge and the ears) bends a little at its hinges rather than stretching its lenses to every
 * fold of the skin beneath, as a vertex-by-vertex follow would. Where the item touches the skin
 * (the nose pads, the temples' tips) it moves as the skin beneath it. Anchors and item are in the
 * head's placed frame.
 *
 * ```ts
 * frame.morphTargets = anchoredMorphs(frame.mesh, [bridge, leftEarTop, rightEarTop], head.mesh, head.morphTargets, skip);
 * ```
 */
export function anchoredMorphs(item: Mesh, anchors: readonly (readonly [number, number, number])[], head: Mesh, targets: readonly SceneMorphTarget[], skip: ReadonlySet<string> = new Set()): SceneMorphTarget[] {
  const kept = targets.filter((t) => !skip.has(t.name));
  if (!kept.length || !anchors.length) return [];
  const at = surfaceDeltas(Float32Array.from(anchors.flat()), head, kept).deltas;
  const p = item.positions, count = p.length / 3, A = anchors.length;
  // A blend pushing the skin out must not push it through the pads.
  const { deltas: touching, distance } = surfaceDeltas(p, head, kept);
  // Per vertex, its anchors' weights (inverse fourth power of the distance, normalised).
  const share = new Float32Array(count * A);
  for (let v = 0; v < count; v++) {
    let sum = 0;
    for (let a = 0; a < A; a++) {
      const d2 = (p[v * 3] - anchors[a][0]) ** 2 + (p[v * 3 + 1] - anchors[a][1]) ** 2 + (p[v * 3 + 2] - anchors[a][2]) ** 2;
      const w = 1 / (d2 * d2 + ANCHOR_REACH4);
      share[v * A + a] = w;
      sum += w;
    }
    for (let a = 0; a < A; a++) share[v * A + a] /= sum;
  }
  const out: SceneMorphTarget[] = [];
  kept.forEach((target, t) => {
    const deltas = new Float32Array(count * 3);
    for (let v = 0; v < count; v++) {
      for (let a = 0; a < A; a++) {
        const w = share[v * A + a];
        for (let c = 0; c < 3; c++) deltas[v * 3 + c] += w * at[t][a * 3 + c];
      }
      const touch = 1 - smoothstep(TOUCH_FROM, TOUCH_TO, distance[v]);
      for (let c = 0; c < 3; c++) deltas[v * 3 + c] += touch * (touching[t][v * 3 + c] - deltas[v * 3 + c]);
    }
    if (largest(deltas) > STILL) out.push({ name: target.name, positions: deltas });
  });
  return out;
}

/** Below this distance (metres) from an anchor a vertex counts as at it: no division by nothing. */
const ANCHOR_REACH4 = 0.002 ** 4;

/** Distances (metres) from the skin over which an item's vertex goes from following the skin to following its anchors. */
const TOUCH_FROM = 0.002, TOUCH_TO = 0.008;

/**
 * Per target, the movement of the head's closest surface point to each of `points` (xyz),
 * interpolated over its triangle; and each point's distance from that surface.
 */
function surfaceDeltas(points: Float32Array, head: Mesh, targets: readonly SceneMorphTarget[]): { deltas: Float32Array[]; distance: Float32Array } {
  const surface = headSurface(head);
  const count = points.length / 3;
  const corners = new Uint32Array(count * 3);
  const weights = new Float32Array(count * 3);
  const distance = new Float32Array(count);
  for (let v = 0; v < count; v++) {
    const hit = surface.closest(points[v * 3], points[v * 3 + 1], points[v * 3 + 2]);
    distance[v] = Math.abs(hit.distance);
    for (let k = 0; k < 3; k++) {
      corners[v * 3 + k] = head.indices[hit.triangle * 3 + k];
      weights[v * 3 + k] = hit.weights[k];
    }
  }
  const deltas = targets.map((target) => {
    const deltas = new Float32Array(count * 3);
    for (let v = 0; v < count; v++) {
      for (let c = 0; c < 3; c++) {
        let d = 0;
        for (let k = 0; k < 3; k++) d += weights[v * 3 + k] * target.positions[corners[v * 3 + k] * 3 + c];
        deltas[v * 3 + c] = d;
      }
    }
    return deltas;
  });
  return { deltas, distance };
}

function largest(deltas: Float32Array): number {
  let m = 0;
  for (const d of deltas) if (Math.abs(d) > m) m = Math.abs(d);
  return m;
}

/**
 * An item's morph targets, made by following one surface (`skin`), kept clear of another that the
 * same blends leave still (`still`). A necklace follows the body part's blends, and round the neck's
 * base the head part's own neck, which they do not move, lies beside the body's skin: as
 * `Neck_decrease` drew the body in, the necklace followed it into the head's neck. Moved by a target,
 * a vertex comes no nearer `still` than it lay from the nearer of the two at rest, pushed back out
 * along `still`'s normal where it would.
 *
 * ```ts
 * necklace.morphTargets = keptClearOf(necklace.mesh, followingMorphs(necklace.mesh, body.mesh, body.morphTargets), body.mesh, head.mesh);
 * ```
 */
export function keptClearOf(item: Mesh, targets: readonly SceneMorphTarget[], skin: Mesh, still: Mesh): SceneMorphTarget[] {
  const p = item.positions, count = p.length / 3;
  const onSkin = headSurface(skin), onStill = headSurface(still);
  const rest = new Float32Array(count);
  for (let v = 0; v < count; v++) {
    const toSkin = onSkin.closest(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]).distance;
    rest[v] = Math.min(toSkin, onStill.closest(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]).distance);
  }
  return targets.map((target) => {
    const positions = target.positions.slice();
    for (let v = 0; v < count; v++) {
      const hit = onStill.closest(p[v * 3] + positions[v * 3], p[v * 3 + 1] + positions[v * 3 + 1], p[v * 3 + 2] + positions[v * 3 + 2]);
      if (hit.distance >= rest[v]) continue;
      const push = rest[v] - hit.distance;
      for (let c = 0; c < 3; c++) positions[v * 3 + c] += hit.normal[c] * push;
    }
    return { ...target, positions };
  });
}
