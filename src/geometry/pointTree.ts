/** Nearest-point queries over a fixed set of 3-D points. */
export interface PointTree {
  /** Index of the point nearest (x, y, z); −1 when the set is empty. */
  nearest(x: number, y: number, z: number): number;
}

/** Points per leaf of the tree. */
const LEAF = 8;

/**
 * A k-d tree over points (flat xyz), for nearest-point queries at any distance from them in a
 * microsecond or two: hair stands centimetres off the head, where a grid of centimetre cells would
 * have to search hundreds of cells per query. Built by median splits along the widest axis; the
 * leaves' points are copied in tree order, so that a leaf is read from one run of memory.
 *
 * ```ts
 * const tree = pointTree(mesh.positions);
 * const v = tree.nearest(0, 0.1, 0);
 * ```
 */
export function pointTree(points: ArrayLike<number>): PointTree {
  const count = points.length / 3;
  const order = Uint32Array.from({ length: count }, (_, i) => i);
  const nodes = Math.max(1, 2 * Math.ceil(count / LEAF) * 2);
  // Per node: axis (−1 leaf), split, and for leaves the range of `order`; children at 2n + 1, 2n + 2.
  const axes = new Int8Array(nodes * 2).fill(-1), splits = new Float64Array(nodes * 2);
  const starts = new Uint32Array(nodes * 2), ends = new Uint32Array(nodes * 2);
  let deepest = 0;
  const build = (node: number, start: number, end: number, depth: number): void => {
    deepest = Math.max(deepest, depth);
    starts[node] = start; ends[node] = end;
    if (end - start <= LEAF) return;
    const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
    for (let i = start; i < end; i++) {
      for (let k = 0; k < 3; k++) {
        const c = points[order[i] * 3 + k];
        if (c < min[k]) min[k] = c;
        if (c > max[k]) max[k] = c;
      }
    }
    const axis = max[0] - min[0] >= max[1] - min[1] && max[0] - min[0] >= max[2] - min[2] ? 0 : max[1] - min[1] >= max[2] - min[2] ? 1 : 2;
    const slice = Array.from(order.subarray(start, end)).sort((a, b) => points[a * 3 + axis] - points[b * 3 + axis]);
    order.set(slice, start);
    const mid = (start + end) >> 1;
    axes[node] = axis;
    splits[node] = points[order[mid] * 3 + axis];
    build(2 * node + 1, start, mid, depth + 1);
    build(2 * node + 2, mid, end, depth + 1);
  };
  if (count > 0) build(0, 0, count, 0);
  const sorted = new Float64Array(count * 3);
  for (let i = 0; i < count; i++) for (let k = 0; k < 3; k++) sorted[i * 3 + k] = points[order[i] * 3 + k];
  const stack = new Int32Array(2 * deepest + 8);
  const gaps = new Float64Array(2 * deepest + 8);
  return {
    nearest(x, y, z) {
      if (count === 0) return -1;
      let best = -1, bestD = Infinity, top = 0;
      stack[0] = 0; gaps[0] = 0;
      while (top >= 0) {
        const node = stack[top], gap = gaps[top];
        top--;
        if (gap >= bestD) continue;
        const axis = axes[node];
        if (axis === -1) {
          for (let i = starts[node]; i < ends[node]; i++) {
            const dx = sorted[i * 3] - x, dy = sorted[i * 3 + 1] - y, dz = sorted[i * 3 + 2] - z;
            const d = dx * dx + dy * dy + dz * dz;
            if (d < bestD) { bestD = d; best = i; }
          }
          continue;
        }
        const delta = (axis === 0 ? x : axis === 1 ? y : z) - splits[node];
        // The far side first onto the stack, so that the near side is searched first.
        top++; stack[top] = delta < 0 ? 2 * node + 2 : 2 * node + 1; gaps[top] = delta * delta;
        top++; stack[top] = delta < 0 ? 2 * node + 1 : 2 * node + 2; gaps[top] = 0;
      }
      return order[best];
    },
  };
}
