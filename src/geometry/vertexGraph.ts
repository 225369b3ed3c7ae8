/**
 * The edges of a triangle mesh as compressed rows of neighbours, with UV-seam duplicates welded: a
 * field smoothed or a distance grown over it crosses a seam as if it were not there. Only the welded
 * representatives (`weld[v] === v`) have neighbours; copy their values to the duplicates after.
 */
export interface VertexGraph {
  /** Neighbours of vertex v: `neighbours[start[v] .. start[v + 1])` (an edge may be listed twice). */
  start: Uint32Array;
  neighbours: Uint32Array;
  /**
   * Weight of each neighbour entry: 1 / edge length. Averages then follow distance, not edge count:
   * where the template's rows crowd (the cap's corners) an unweighted average would squeeze a
   * smooth field's whole change into a few short edges, a crease.
   */
  weights: Float32Array;
  /** For each vertex, the vertex it duplicates, or itself. */
  weld: Uint32Array;
}

/**
 * Builds the {@link VertexGraph} of a quad mesh (four indices per quad, as HeadTemplate.quads):
 * each quad joins its corners along its four sides and both diagonals. On a grid that is a balanced
 * eight-neighbour stencil; a triangulation's neighbours are not (where the diagonals change
 * direction a vertex has three neighbours above and one below), and averaging over them raises a
 * ridge wherever the field has a gradient. `weld` as in FieldSampling (identity when empty).
 *
 * ```ts
 * const graph = vertexGraph(template.quads, mesh.positions, template.sampling.weld);
 * smoothVertexField(graph, values, 10);
 * ```
 */
export function vertexGraph(quads: Uint32Array, positions: Float32Array, weld: Uint32Array = new Uint32Array(0)): VertexGraph {
  const count = positions.length / 3;
  const w = weld.length === count ? weld : Uint32Array.from({ length: count }, (_, i) => i);
  const start = new Uint32Array(count + 1);
  // Each corner of a quad has its two sides and its diagonal.
  for (let i = 0; i < quads.length; i++) start[w[quads[i]] + 1] += 3;
  for (let v = 0; v < count; v++) start[v + 1] += start[v];
  const fill = start.slice(0, count);
  const neighbours = new Uint32Array(start[count]);
  for (let q = 0; q < quads.length; q += 4) {
    for (let k = 0; k < 4; k++) {
      const v = w[quads[q + k]];
      neighbours[fill[v]++] = w[quads[q + ((k + 1) & 3)]];
      neighbours[fill[v]++] = w[quads[q + ((k + 2) & 3)]];
      neighbours[fill[v]++] = w[quads[q + ((k + 3) & 3)]];
    }
  }
  const p = positions;
  const weights = new Float32Array(neighbours.length);
  for (let v = 0; v < count; v++) {
    for (let k = start[v]; k < start[v + 1]; k++) {
      const u = neighbours[k];
      const dx = p[u * 3] - p[v * 3], dy = p[u * 3 + 1] - p[v * 3 + 1], dz = p[u * 3 + 2] - p[v * 3 + 2];
      weights[k] = 1 / Math.max(1e-6, Math.sqrt(dx * dx + dy * dy + dz * dz));
    }
  }
  return { start, neighbours, weights, weld: w };
}

/**
 * `passes` rounds of Jacobi averaging (each vertex halfway to its neighbours' weighted mean), in
 * place, of the vertices listed in `free` (representatives; all of them when absent): the others
 * keep their values and only feed their neighbours. Duplicates get their representative's value.
 */
export function smoothVertexField(graph: VertexGraph, values: Float32Array, passes: number, free?: Uint32Array): void {
  const { start, neighbours, weights, weld } = graph;
  const count = values.length;
  const list = free ?? Uint32Array.from({ length: count }, (_, v) => v).filter((v) => weld[v] === v && start[v + 1] > start[v]);
  const next = new Float32Array(list.length);
  for (let pass = 0; pass < passes; pass++) {
    for (let i = 0; i < list.length; i++) {
      const v = list[i];
      let sum = 0, total = 0;
      for (let k = start[v]; k < start[v + 1]; k++) {
        sum += weights[k] * values[neighbours[k]];
        total += weights[k];
      }
      next[i] = total > 0 ? 0.5 * values[v] + (0.5 * sum) / total : values[v];
    }
    for (let i = 0; i < list.length; i++) values[list[i]] = next[i];
  }
  for (let v = 0; v < count; v++) if (weld[v] !== v) values[v] = values[weld[v]];
}

/** Unit normals averaged as {@link smoothVertexField} averages values (each axis), then normalised. */
export function smoothVertexNormals(graph: VertexGraph, normals: Float32Array, passes: number, free: Uint32Array): Float32Array {
  const count = normals.length / 3;
  const axes = [0, 1, 2].map((k) => {
    const axis = new Float32Array(count);
    for (let v = 0; v < count; v++) axis[v] = normals[v * 3 + k];
    smoothVertexField(graph, axis, passes, free);
    return axis;
  });
  const out = new Float32Array(count * 3);
  for (let v = 0; v < count; v++) {
    const x = axes[0][v], y = axes[1][v], z = axes[2][v], len = Math.sqrt(x * x + y * y + z * z) || 1;
    out[v * 3] = x / len;
    out[v * 3 + 1] = y / len;
    out[v * 3 + 2] = z / len;
  }
  return out;
}

/**
 * Distance along mesh edges (metres) from every vertex to the nearest vertex where `seed` is
 * non-zero, capped at `cap`: Dijkstra over a binary heap, stopped at the cap. Exact on the graph, so
 * it has no seams where vertex order changes (a sweep-based relaxation leaves one at the head's cap).
 */
export function vertexDistance(graph: VertexGraph, seed: Uint8Array, cap: number): Float32Array {
  const { start, neighbours, weights, weld } = graph;
  const count = seed.length;
  const d = new Float32Array(count).fill(cap);
  const heap = new MinHeap(count);
  for (let v = 0; v < count; v++) {
    if (!seed[v] || d[weld[v]] === 0) continue;
    d[weld[v]] = 0;
    heap.push(weld[v], 0);
  }
  const done = new Uint8Array(count);
  while (heap.size > 0) {
    const v = heap.pop();
    if (done[v]) continue;
    done[v] = 1;
    const dv = d[v];
    for (let k = start[v]; k < start[v + 1]; k++) {
      const u = neighbours[k];
      if (done[u]) continue;
      const e = dv + 1 / weights[k];
      if (e < d[u]) {
        d[u] = e;
        heap.push(u, e);
      }
    }
  }
  for (let v = 0; v < count; v++) if (weld[v] !== v) d[v] = d[weld[v]];
  return d;
}

/** A binary min-heap of (vertex, key) with lazy deletion: a vertex may be pushed several times. */
class MinHeap {
  private items: Uint32Array;
  private keys: Float32Array;
  size = 0;
  constructor(capacity: number) {
    this.items = new Uint32Array(capacity);
    this.keys = new Float32Array(capacity);
  }

  push(item: number, key: number): void {
    if (this.size === this.items.length) {
      const items = new Uint32Array(this.size * 2), keys = new Float32Array(this.size * 2);
      items.set(this.items);
      keys.set(this.keys);
      this.items = items;
      this.keys = keys;
    }
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent] <= key) break;
      this.items[i] = this.items[parent];
      this.keys[i] = this.keys[parent];
      i = parent;
    }
    this.items[i] = item;
    this.keys[i] = key;
  }

  pop(): number {
    const top = this.items[0];
    const item = this.items[--this.size], key = this.keys[this.size];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.keys[child + 1] < this.keys[child]) child++;
      if (this.keys[child] >= key) break;
      this.items[i] = this.items[child];
      this.keys[i] = this.keys[child];
      i = child;
    }
    this.items[i] = item;
    this.keys[i] = key;
    return top;
  }
}
