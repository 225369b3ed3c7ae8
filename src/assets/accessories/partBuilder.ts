import type { Mesh } from '../../core/mesh.js';
import { computeNormals } from '../../geometry/computeNormals.js';

export type Vec3 = [number, number, number];

/** A rectangle of the item's texture, `[u0, v0, u1, v1]`: where a part's UVs go (accessoryTexture.ts paints it). */
export type UvRect = readonly [number, number, number, number];

/**
 * An accessory's mesh as it is built: parts are appended (vertices with UVs, triangles
 * counter-clockwise from outside), and `mesh()` gives the one Mesh with smooth normals.
 */
export class PartBuilder {
  private readonly p: number[] = [];
  private readonly uv: number[] = [];
  private readonly idx: number[] = [];

  get vertexCount(): number {
    return this.p.length / 3;
  }

  vertex(at: Vec3, u: number, v: number): number {
    this.p.push(at[0], at[1], at[2]);
    this.uv.push(u, v);
    return this.p.length / 3 - 1;
  }

  triangle(a: number, b: number, c: number): void {
    this.idx.push(a, b, c);
  }

  /** a b c d counter-clockwise seen from outside. */
  quad(a: number, b: number, c: number, d: number): void {
    this.idx.push(a, b, c, a, c, d);
  }

  /** Appends a whole mesh (positions, UVs, indices); its normals are recomputed with the rest. */
  append(mesh: Mesh): void {
    const base = this.vertexCount;
    for (let i = 0; i < mesh.positions.length; i++) this.p.push(mesh.positions[i]);
    for (let i = 0; i < mesh.positions.length / 3; i++) this.uv.push(mesh.uvs ? mesh.uvs[i * 2] : 0, mesh.uvs ? mesh.uvs[i * 2 + 1] : 0);
    for (let i = 0; i < mesh.indices.length; i++) this.idx.push(mesh.indices[i] + base);
  }

  /** Moves every vertex from `from` on by `f`. */
  transform(f: (p: Vec3) => Vec3, from = 0): void {
    for (let v = from; v < this.vertexCount; v++) {
      const q = f([this.p[v * 3], this.p[v * 3 + 1], this.p[v * 3 + 2]]);
      this.p[v * 3] = q[0]; this.p[v * 3 + 1] = q[1]; this.p[v * 3 + 2] = q[2];
    }
  }

  position(v: number): Vec3 {
    return [this.p[v * 3], this.p[v * 3 + 1], this.p[v * 3 + 2]];
  }

  /** The mesh, normals smooth across each part's UV seams but not between parts that merely touch. */
  mesh(): Mesh {
    const mesh: Mesh = { positions: Float32Array.from(this.p), uvs: Float32Array.from(this.uv), indices: Uint32Array.from(this.idx) };
    return computeNormals(mesh);
  }
}

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const length = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export const normalize = (a: Vec3): Vec3 => scale(a, 1 / (length(a) || 1));
export const lerp3 = (a: Vec3, b: Vec3, t: number): Vec3 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
