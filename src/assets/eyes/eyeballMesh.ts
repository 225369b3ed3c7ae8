import type { Mesh } from '../../core/mesh.js';
import { EYE_IRIS_ANGLE } from './eyeLayout.js';
import { eyeShell, type ShellRing } from './eyeShell.js';

/** Options of {@link eyeballMesh}. */
export interface EyeballMeshOptions {
  /** Radius of the eyeball's sphere, metres (an adult's is 11–12.5 mm). */
  radius?: number;
  /** 1: the detailed level (481 vertices, 791 faces in the spec); 2: the light one (148, 200). */
  lod?: 1 | 2;
  /**
   * How far the iris's centre sits behind the sphere's front pole, metres. The iris is a shallow
   * dome rising from the limbus, not part of the sphere: seen from the side it lies back under the
   * cornea, as a real one does, instead of being painted on a ball.
   */
  irisDepth?: number;
}

export const EYEBALL_MESH_DEFAULTS: Required<EyeballMeshOptions> = { radius: 0.012, lod: 1, irisDepth: 0.0009 };

/**
 * Rings from the front pole to the back, as (degrees from +Z, vertices around); the iris's rings
 * (inside {@link EYE_IRIS_ANGLE}) first, then the sclera's from the limbus, where a crease repeats
 * the iris's rim. Denser across the iris and the visible sclera than at the back, which sits inside
 * the head. Sized to the spec's counts: vertices 1 + Σ count + the last count (the back pole's
 * copies); faces 2 Σ count − 2 × the limbus's count (the crease joins nothing).
 */
const LOD_RINGS: Record<1 | 2, { iris: [number, number][]; sclera: [number, number][] }> = {
  1: {
    iris: [[6, 12], [12, 24], [18, 32], [24, 40], [28.6, 44]],
    sclera: [[36, 44], [47, 44], [60, 44], [76, 40], [98, 36], [128, 36]],
  },
  2: {
    iris: [[14, 12], [28.6, 24]],
    sclera: [[50, 20], [80, 22], [115, 22]],
  },
};

/**
 * An eyeball centred on the origin and looking down +Z (glTF's front): a sphere for the sclera with
 * the iris as a shallow dome set into its front, joined at the limbus along a crease. Normals are
 * the surfaces' own (the crease keeps the limbus crisp); UVs follow the eye layout (eyeLayout.ts):
 * the front pole at the texture's centre, the back pole on its rim. Parts `AvatarLeftEyeball` and
 * `AvatarRightEyeball` are this mesh moved to {@link eyePlacement}'s centres.
 *
 * ```ts
 * const ball = eyeballMesh({ radius: place.left.radius, lod: 1 });
 * ```
 */
export function eyeballMesh(options: EyeballMeshOptions = {}): Mesh {
  const o = { ...EYEBALL_MESH_DEFAULTS, ...options };
  if (!(o.radius > 0)) throw new RangeError(`eyeball radius must be positive, got ${o.radius}`);
  const table = LOD_RINGS[o.lod];
  if (!table) throw new RangeError(`eyeball LOD must be 1 or 2, got ${o.lod}`);
  const r = o.radius;
  const rimRho = r * Math.sin(EYE_IRIS_ANGLE), rimZ = r * Math.cos(EYE_IRIS_ANGLE);
  // The dome: z = rimZ + rise·(1 − (ρ/rimRho)²), never above the sphere's pole nor below the limbus.
  const rise = Math.min(r - rimZ, Math.max(0, r - o.irisDepth - rimZ));
  const rings: ShellRing[] = [];
  for (const [degrees, count] of table.iris) {
    const theta = degrees === 28.6 ? EYE_IRIS_ANGLE : (degrees * Math.PI) / 180;
    const rho = r * Math.sin(theta);
    const slope = (-2 * rise * rho) / (rimRho * rimRho);
    const n = Math.hypot(slope, 1);
    rings.push({ theta, count, rho, z: rimZ + rise * (1 - (rho / rimRho) ** 2), normalRho: -slope / n, normalZ: 1 / n });
  }
  const limbus = rings[rings.length - 1];
  rings.push({ ...limbus, normalRho: Math.sin(EYE_IRIS_ANGLE), normalZ: Math.cos(EYE_IRIS_ANGLE), crease: true });
  for (const [degrees, count] of table.sclera) {
    const theta = (degrees * Math.PI) / 180;
    rings.push({ theta, count, rho: r * Math.sin(theta), z: r * Math.cos(theta), normalRho: Math.sin(theta), normalZ: Math.cos(theta) });
  }
  return eyeShell(rings, rimZ + rise, -r);
}
