import type { Mesh } from '../../core/mesh.js';
import { eyeShell, type ShellRing } from './eyeShell.js';

/** Options of {@link corneaMesh}. */
export interface CorneaMeshOptions {
  /** Radius of the eyeball it covers, metres (as {@link eyeballMesh}'s). */
  radius?: number;
  /** 1: the detailed level (457 vertices, 830 faces in the spec); 2: the light one (138, 244). */
  lod?: 1 | 2;
  /** Gap between the eyeball's sphere and the shell over the sclera, metres: enough that depth buffers never let the ball through. */
  clearance?: number;
  /** Opening angle of the shell, degrees: it covers the front of the eyeball the lids can uncover, and a margin. */
  aperture?: number;
  /** Radius of curvature of the corneal bulge, metres (an adult's front surface: about 7.8 mm). */
  curvature?: number;
  /** How far the bulge's apex rises above the eyeball's sphere, metres. */
  rise?: number;
  /** Width of the smooth blend where the bulge meets the shell, metres of height. */
  blend?: number;
}

export const CORNEA_MESH_DEFAULTS: Required<CorneaMeshOptions> = {
  radius: 0.012, lod: 1, clearance: 0.0002, aperture: 105, curvature: 0.0078, rise: 0.0008, blend: 0.0006,
};

/**
 * Vertices per ring from the front pole to the rim, rings evenly spaced in angle. A cap with one
 * pole has 1 + Σ count vertices and 2 Σ count − (the rim's count) faces, which these meet exactly.
 */
const LOD_RINGS: Record<1 | 2, number[]> = {
  1: [12, 20, 30, 42, 52, 62, 74, 82, 82],
  2: [8, 16, 24, 29, 30, 30],
};

/**
 * The cornea of `AvatarLeftCornea` / `AvatarRightCornea`: an open, transparent shell over the front
 * of an {@link eyeballMesh} of the same radius, centred on the origin and looking down +Z. Over the
 * sclera it is a sphere `clearance` outside the eyeball's; over the iris it bulges into a smaller
 * sphere (the corneal curvature) whose apex stands `rise` above the eyeball, joined to the shell by
 * a smooth maximum so the highlight slides over the limbus without a kink. The smooth maximum is
 * never below either sphere, so the shell always clears the eyeball. Render it with a clear, glossy
 * material (alpha ~0.1, low roughness): it gives the eye its wet highlight and the iris its depth.
 * UVs follow the eye layout (eyeLayout.ts), so it can share the eyeball's texture.
 *
 * ```ts
 * const cornea = corneaMesh({ radius: place.left.radius, lod: 1 });
 * ```
 */
export function corneaMesh(options: CorneaMeshOptions = {}): Mesh {
  const o = { ...CORNEA_MESH_DEFAULTS, ...options };
  if (!(o.radius > 0)) throw new RangeError(`cornea radius must be positive, got ${o.radius}`);
  const counts = LOD_RINGS[o.lod];
  if (!counts) throw new RangeError(`cornea LOD must be 1 or 2, got ${o.lod}`);
  if (!(o.aperture > 0 && o.aperture < 360)) throw new RangeError(`cornea aperture must be in (0, 360) degrees, got ${o.aperture}`);
  const distance = corneaProfile(o);
  const rim = (o.aperture * Math.PI) / 360;
  const rings: ShellRing[] = counts.map((count, i) => {
    const theta = (rim * (i + 1)) / counts.length;
    const t = distance(theta);
    // The normal of the surface r = t(θ): t·d − t'·e_θ, in the ring's half-plane.
    const h = 1e-5, slope = (distance(theta + h) - distance(theta - h)) / (2 * h);
    const nRho = t * Math.sin(theta) - slope * Math.cos(theta), nZ = t * Math.cos(theta) + slope * Math.sin(theta);
    const n = Math.hypot(nRho, nZ);
    return { theta, count, rho: t * Math.sin(theta), z: t * Math.cos(theta), normalRho: nRho / n, normalZ: nZ / n };
  });
  return eyeShell(rings, distance(0));
}

/** Distance from the eyeball's centre to the cornea's surface along a direction θ from +Z. */
function corneaProfile(o: Required<CorneaMeshOptions>): (theta: number) => number {
  const shell = o.radius + o.clearance;
  const R = o.curvature;
  // The bulge's centre sits on +Z so that its apex is at radius + rise.
  const c = o.radius + o.rise - R;
  return (theta) => {
    const across = c * Math.sin(theta), under = R * R - across * across;
    const bulge = under > 0 ? c * Math.cos(theta) + Math.sqrt(under) : -Infinity;
    const gap = Math.abs(bulge - shell);
    const h = Math.max(0, o.blend - gap) / o.blend;
    return Math.max(bulge, shell) + (h * h * o.blend) / 4;
  };
}
