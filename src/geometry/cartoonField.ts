import { LEFT_EYE_OPENING, RIGHT_EYE_OPENING } from '../analysis/regions.js';
import { smoothstep } from '../core/smoothstep.js';

/** How strongly each part of a face is restyled, per unit of the cartoonish amount. */
export interface CartoonProportions {
  /** Eyes and lids scaled up about each eyeball's centre by 1 + this. */
  eyes: number;
  /** Cranium (above the nose, most above the brows) scaled up by 1 + this (in depth, 60 % of it). */
  cranium: number;
  /** Nose scaled down towards its root by 1 − this. */
  nose: number;
  /** Jaw, chin and mouth narrowed (and, half as much, flattened) by 1 − this. */
  jaw: number;
}

/** A displacement of space: where each point of a fitted head goes, relative to where it is. */
export type Displacement = (x: number, y: number, z: number, out: Float64Array) => void;

/**
 * The cartoon restyling of one face as a smooth displacement of space, built from the face's own
 * landmarks (478 × xyz on the fitted head, canonical frame). A sum of local scalings, each about a
 * centre and faded by a smooth window, whose windows are shaped so that the map p → p + d(p) keeps
 * a positive Jacobian everywhere for amounts up to about 1.5 (the proportions × amount stay below
 * the limits noted on each part): a map of space that never folds cannot make a surface
 * intersect itself.
 *
 * ```ts
 * const move = cartoonField(landmarks, CARTOON_STYLES['v0.3'], 1);
 * move(x, y, z, out);   // out = displacement, metres
 * ```
 */
export function cartoonField(landmarks: ArrayLike<number>, proportions: CartoonProportions, amount: number): Displacement {
  const at = (i: number, k: number): number => landmarks[i * 3 + k];
  const mean = (ids: readonly number[], k: number): number => ids.reduce((s, i) => s + at(i, k), 0) / ids.length;
  const openings = [RIGHT_EYE_OPENING, LEFT_EYE_OPENING].map((ids) => [mean(ids, 0), mean(ids, 1), mean(ids, 2)]);
  // The face's own size sets the windows' sizes: the eye spacing is 63 mm by construction, so
  // measure from eyes to chin.
  const eyeY = (openings[0][1] + openings[1][1]) / 2, chinY = at(152, 1);
  const size = (eyeY - chinY) / 0.1035;
  // Scaling about the eyeball's centre, some 11 mm behind the opening, grows a bigger eyeball
  // that the lids wrap, rather than a wider socket.
  const eyes = openings.map(([x, y, z]) => [x, y, z - 0.011 * size]);
  // The eyes grow about points a little towards the nose from their windows' centres, that is
  // more outwards than inwards: the gap between them, already narrowed by the nose, keeps room.
  const inward = 0.005 * size;
  const noseTipY = at(1, 1);
  const noseRoot = [0, (at(6, 1) + at(2, 1)) / 2, (at(98, 2) + at(327, 2)) / 2 - 0.004 * size];
  const jawDepth = (at(172, 2) + at(397, 2)) / 2;
  const browY = (at(105, 1) + at(334, 1)) / 2;
  // Cranium pivot: under the window's lower edge (so the window only ever stretches), and near the
  // front, so that the skull grows up, out and back while the forehead stays over the face.
  const craniumCentre = [0, noseTipY, 0.04 * size];

  const e = proportions.eyes * amount;
  const c = proportions.cranium * amount, n = proportions.nose * amount, j = proportions.jaw * amount;
  // Across, the eyes' windows end before the middle of the face (the eyes are 63 mm apart by
  // construction), so that they never add up there.
  const eyeRadii = [Math.min(0.028 * size, 0.027), 0.024 * size, 0.03 * size];
  const noseRadii = [0.032 * size, 0.05 * size, 0.05 * size];
  return (x, y, z, out) => {
    out[0] = 0; out[1] = 0; out[2] = 0;
    // Eyes: the plateau window keeps the eye opening evenly scaled; growth is bounded by
    // 1 + e·min(f + (t + offset)·f') > 0; for this window and offset: e < 0.75.
    for (const centre of eyes) {
      const dx = x - centre[0], dy = y - centre[1], dz = z - centre[2];
      const f = 1 - smoothstep(0.25, 1, Math.hypot(dx / eyeRadii[0], dy / eyeRadii[1], dz / eyeRadii[2]));
      if (f <= 0) continue;
      out[0] += e * f * (dx + Math.sign(centre[0]) * inward);
      out[1] += e * f * dy;
      out[2] += e * f * dz;
    }
    // Cranium: a scaling about a centre below its window, so it only ever stretches; less in depth,
    // a cartoon skull being rounder rather than longer.
    const u = smoothstep(noseTipY, browY + 0.02 * size, y);
    if (u > 0) {
      out[0] += c * u * (x - craniumCentre[0]);
      out[1] += c * u * (y - craniumCentre[1]);
      out[2] += 0.6 * c * u * (z - craniumCentre[2]);
    }
    // Nose: shrinking towards its root, less across than along and in depth (the eyes need the room
    // beside it); a shrink by a diagonal ≤ 1 never folds while n < 1.
    {
      const dx = x - noseRoot[0], dy = y - noseRoot[1], dz = z - noseRoot[2];
      const f = 1 - smoothstep(0.35, 1, Math.hypot(dx / noseRadii[0], dy / noseRadii[1], dz / noseRadii[2]));
      if (f > 0) {
        out[0] -= 0.5 * n * f * dx;
        out[1] -= n * f * dy;
        out[2] -= n * f * dz;
      }
    }
    // Jaw: narrower towards the chin (a V rather than a U) and a little flatter; nothing moves up
    // or down, so the window may vary freely with height, and it spans from the cheekbones to the
    // chin so the narrowing never steepens into a ledge. The depth window rises towards the front
    // and ends in front of the centre's depth: no fold while j < 1.
    const h = (1 - smoothstep(chinY + 0.01 * size, eyeY - 0.02 * size, y)) * smoothstep(-0.04 * size, jawDepth - 0.005, z);
    if (h > 0) {
      out[0] -= j * h * x;
      out[2] -= 0.5 * j * h * (z - jawDepth);
    }
  };
}

