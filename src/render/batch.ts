import type { Texels } from './mipmap.js';
import type { Lighting } from './shade.js';
import { ATTRIBUTES, type Vertices } from './vertices.js';

/** Alpha handling of a batch. */
export const OPAQUE = 0, MASK = 1, BLEND = 2;

/** One scene mesh made ready to draw for one render: its vertices after the vertex stage and its material. */
export interface Batch {
  vertices: Vertices;
  indices: Uint32Array;
  /** Model-space positions, for flat normals. */
  positions: Float32Array;
  /** Model → camera space for normals (3x3, column-major). */
  normalMatrix: Float64Array;
  /** Linear RGBA of the whole mesh when it has no vertex colours (then not interpolated), else null. */
  color: Float64Array | null;
  /** The texture's mipmap chain; null when the mesh is untextured. */
  texture: Texels[] | null;
  repeat: boolean;
  /** OPAQUE, MASK or BLEND. */
  alphaMode: number;
  alphaCutoff: number;
  cullBack: boolean;
  /** One normal per triangle instead of interpolated vertex normals. */
  flat: boolean;
  lighting: Lighting;
  /** Number of the batch's first triangle in the {@link TriangleTable}. */
  first: number;
}

/**
 * Numbers every triangle drawn in the visibility pass, so that the depth pass can record which one is
 * seen at each sample and the shading pass can find it again. The triangles of batch k are numbered from
 * `batches[k].first` in index order; the pieces of clipped triangles follow all of them, stored here.
 */
export interface TriangleTable {
  batches: Batch[];
  /** Number of the first clipped piece (the triangle count of all batches). */
  clippedFirst: number;
  clippedCount: number;
  /** Three vertices per piece, in the layout of `Vertices.screen` and `Vertices.attributes`. */
  clippedScreen: Float64Array;
  clippedAttributes: Float64Array;
  /** Per piece: its batch and the triangle of that batch it was cut from. */
  clippedBatch: Int32Array;
  clippedSource: Int32Array;
}

export function createTriangleTable(batches: Batch[], clippedFirst: number): TriangleTable {
  return {
    batches, clippedFirst, clippedCount: 0,
    clippedScreen: new Float64Array(0), clippedAttributes: new Float64Array(0),
    clippedBatch: new Int32Array(0), clippedSource: new Int32Array(0),
  };
}

/** Stores a piece (vertices k0, k1, k2 of a clipped polygon) and returns its triangle number. */
export function addClipped(
  table: TriangleTable, batch: number, source: number, screen: Float64Array, attributes: Float64Array,
  k0: number, k1: number, k2: number,
): number {
  const n = table.clippedCount;
  if (n === table.clippedBatch.length) grow(table, Math.max(64, n * 2));
  let v = n * 3;
  for (const k of [k0, k1, k2]) {
    table.clippedScreen.set(screen.subarray(k * 4, k * 4 + 4), v * 4);
    table.clippedAttributes.set(attributes.subarray(k * ATTRIBUTES, (k + 1) * ATTRIBUTES), v * ATTRIBUTES);
    v++;
  }
  table.clippedBatch[n] = batch;
  table.clippedSource[n] = source;
  table.clippedCount = n + 1;
  return table.clippedFirst + n;
}

function grow(t: TriangleTable, capacity: number): void {
  const bigger = <T extends Float64Array | Int32Array>(a: T, size: number): T => {
    const b = new (a.constructor as new (n: number) => T)(size);
    b.set(a);
    return b;
  };
  t.clippedScreen = bigger(t.clippedScreen, capacity * 12);
  t.clippedAttributes = bigger(t.clippedAttributes, capacity * 3 * ATTRIBUTES);
  t.clippedBatch = bigger(t.clippedBatch, capacity);
  t.clippedSource = bigger(t.clippedSource, capacity);
}

/** A numbered triangle found again: where its vertices are and which batch triangle it belongs to. */
export interface Located {
  batch: Batch;
  screen: Float64Array;
  attributes: Float64Array;
  i0: number; i1: number; i2: number;
  /** The batch triangle (the one a clipped piece was cut from). */
  triangle: number;
}

/** Finds triangle number `id` into `out`. */
export function locate(table: TriangleTable, id: number, out: Located): void {
  if (id >= table.clippedFirst) {
    const k = id - table.clippedFirst;
    out.batch = table.batches[table.clippedBatch[k]];
    out.screen = table.clippedScreen;
    out.attributes = table.clippedAttributes;
    out.i0 = k * 3; out.i1 = k * 3 + 1; out.i2 = k * 3 + 2;
    out.triangle = table.clippedSource[k];
    return;
  }
  const { batches } = table;
  let b = batches.length - 1;
  while (b > 0 && batches[b].first > id) b--;
  const batch = batches[b];
  const t = id - batch.first;
  out.batch = batch;
  out.screen = batch.vertices.screen;
  out.attributes = batch.vertices.attributes;
  out.i0 = batch.indices[t * 3]; out.i1 = batch.indices[t * 3 + 1]; out.i2 = batch.indices[t * 3 + 2];
  out.triangle = t;
}
