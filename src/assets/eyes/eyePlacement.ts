import type { Mesh } from '../../core/mesh.js';

/** Options of {@link eyePlacement}. */
export interface EyePlacementOptions {
  /** Eyeball radius per metre of the opening's width (its extent in x). */
  radiusPerWidth?: number;
  /** Least and greatest eyeball radius, metres: the adult range. */
  minRadius?: number;
  maxRadius?: number;
  /**
   * How far the eyeball's front stands before the opening's centroid, metres. The opening's
   * vertices curve back towards the corners, so their centroid lies about this much behind the
   * opening's front, and the eyeball's front then meets the opening's surface.
   */
  protrusion?: number;
}

export const EYE_PLACEMENT_DEFAULTS: Required<EyePlacementOptions> = {
  // The templates' opening patches hold the vertices between the lids, not the corners: about 1.4 eyeball radii wide.
  radiusPerWidth: 0.7,
  minRadius: 0.0105,
  maxRadius: 0.0125,
  protrusion: 0.001,
};

/** Where one eyeball goes in head space: its sphere's centre (metres) and radius. */
export interface EyeSeat {
  centre: [number, number, number];
  radius: number;
}

/**
 * Where to put each eyeball behind the head's eye openings: centred on the opening's centroid in x
 * and y, and set back along −Z (the eyes look straight ahead) by its radius less `protrusion`, so the
 * ball's front meets the opening and the cornea stands just through it. The radius follows the
 * opening's width, clamped to the adult range. The head is in its template frame (+Y up, +Z front,
 * +X the person's left); `eyeRegions` are the openings' vertices, e.g. a template's
 * `regions.leftEye.vertices`. Each eye is measured on its own, so a fitted, slightly asymmetric head
 * gets slightly asymmetric eyes.
 *
 * ```ts
 * const seats = eyePlacement(template.mesh, { left: template.regions.leftEye.vertices, right: template.regions.rightEye.vertices });
 * ```
 */
export function eyePlacement(
  head: Mesh,
  eyeRegions: { left: Uint32Array; right: Uint32Array },
  options: EyePlacementOptions = {},
): { left: EyeSeat; right: EyeSeat } {
  const o = { ...EYE_PLACEMENT_DEFAULTS, ...options };
  const seat = (vertices: Uint32Array, side: string): EyeSeat => {
    if (vertices.length === 0) throw new RangeError(`the ${side} eye opening has no vertices`);
    const p = head.positions;
    const sum = [0, 0, 0];
    let low = Infinity, high = -Infinity;
    for (const v of vertices) {
      if (!(v * 3 + 2 < p.length)) throw new RangeError(`the ${side} eye opening names vertex ${v}, the head has ${p.length / 3}`);
      for (let k = 0; k < 3; k++) sum[k] += p[v * 3 + k];
      low = Math.min(low, p[v * 3]);
      high = Math.max(high, p[v * 3]);
    }
    const [x, y, z] = sum.map((s) => s / vertices.length);
    const radius = Math.min(o.maxRadius, Math.max(o.minRadius, o.radiusPerWidth * (high - low)));
    return { centre: [x, y, z - (radius - o.protrusion)], radius };
  };
  return { left: seat(eyeRegions.left, 'left'), right: seat(eyeRegions.right, 'right') };
}
