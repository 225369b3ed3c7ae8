import type { Mesh } from '../../core/mesh.js';
import { eyeUv } from './eyeLayout.js';

/** One ring of vertices of an {@link eyeShell}, at a fixed angle from +Z. */
export interface ShellRing {
  /** Angle from +Z of the ring's direction, radians: it places the ring in the UV layout. */
  theta: number;
  /** Vertices around. */
  count: number;
  /** Distance from the Z axis and height along it, metres. */
  rho: number;
  z: number;
  /** The unit normal in the ring's half-plane: its part away from the axis and its part along +Z. */
  normalRho: number;
  normalZ: number;
  /**
   * Starts a second surface along a crease: the ring repeats the previous one's vertices (same
   * count, angles, positions and UVs, its own normals) and is not joined to it.
   */
  crease?: boolean;
}

/**
 * A surface of revolution about +Z from rings of vertices, closed at the front by one pole vertex
 * (at `front` on the axis, normal +Z) and, when `back` is given, at the back by one pole vertex per
 * segment of the last ring (at `back` on the axis, normal −Z), each with its own UV on the layout's
 * rim: the back pole is the one place the azimuthal layout tears. Rings with different counts are
 * joined by walking both in angle, so ring i and i + 1 give count_i + count_(i+1) triangles.
 * Consecutive rings are staggered by half a segment, which keeps triangles near-equilateral.
 *
 * ```ts
 * const cap = eyeShell([{ theta: 0.3, count: 24, rho: 0.003, z: 0.0116, normalRho: 0.3, normalZ: 0.95 }], 0.012);
 * ```
 */
export function eyeShell(rings: ShellRing[], front: number, back?: number): Mesh {
  const last = rings[rings.length - 1];
  const total = 1 + rings.reduce((s, r) => s + r.count, 0) + (back === undefined ? 0 : last.count);
  const positions = new Float32Array(total * 3), normals = new Float32Array(total * 3), uvs = new Float32Array(total * 2);
  const triangles: number[] = [];
  let next = 0;
  const put = (theta: number, phi: number, rho: number, z: number, nRho: number, nZ: number): number => {
    const c = Math.cos(phi), s = Math.sin(phi);
    positions.set([rho * c, rho * s, z], next * 3);
    normals.set([nRho * c, nRho * s, nZ], next * 3);
    uvs.set(eyeUv(theta, phi), next * 2);
    return next++;
  };
  const pole = put(0, 0, 0, front, 0, 1);
  let previous: { first: number; count: number; offset: number } | null = null;
  rings.forEach((ring, i) => {
    const offset = ring.crease && previous ? previous.offset : previous ? (previous.offset + 0.5) % 1 : 0;
    const first = next;
    for (let j = 0; j < ring.count; j++) {
      put(ring.theta, (2 * Math.PI * (j + offset)) / ring.count, ring.rho, ring.z, ring.normalRho, ring.normalZ);
    }
    const current = { first, count: ring.count, offset };
    if (i === 0) {
      for (let j = 0; j < ring.count; j++) triangles.push(pole, first + j, first + ((j + 1) % ring.count));
    } else if (!ring.crease) {
      stitch(previous!, current, triangles);
    }
    previous = current;
  });
  if (back !== undefined) {
    const ring = previous!;
    for (let j = 0; j < ring.count; j++) {
      const p = put(Math.PI, (2 * Math.PI * (j + ring.offset + 0.5)) / ring.count, 0, back, 0, -1);
      triangles.push(ring.first + j, p, ring.first + ((j + 1) % ring.count));
    }
  }
  return { positions, normals, uvs, indices: Uint32Array.from(triangles) };
}

/** Triangles between an inner ring a and an outer ring b (further from the front pole), counter-clockwise from outside. */
function stitch(a: { first: number; count: number; offset: number }, b: { first: number; count: number; offset: number }, out: number[]): void {
  const angle = (ring: typeof a, j: number): number => (j + ring.offset) / ring.count;
  const at = (ring: typeof a, j: number): number => ring.first + (j % ring.count);
  let i = 0, j = 0;
  while (i < a.count || j < b.count) {
    if (j === b.count || (i < a.count && angle(a, i + 1) <= angle(b, j + 1))) {
      out.push(at(a, i), at(b, j), at(a, i + 1));
      i++;
    } else {
      out.push(at(a, i), at(b, j), at(b, j + 1));
      j++;
    }
  }
}
