import { compactPart, type AvatarPartMesh } from './personaParts.js';

/**
 * The head part without its `layers` lowest polygon layers of the neck (export parameter
 * `avatar.remove_neck_layers`, the creator's removeNeckLayers): the first layer is every triangle
 * that touches the neck's open edge, the next every triangle touching the edge that leaves, and so on,
 * so a ring of quads (two triangles) goes per layer. Vertices split along UV seams are one vertex
 * here (welded by position), so a seam is not taken for an edge; the neck's edge is the open loop
 * lowest down, the eye openings being the others.
 *
 * ```ts
 * const shorter = withoutNeckLayers(head, 4);
 * ```
 */
export function withoutNeckLayers(part: AvatarPartMesh, layers: number): AvatarPartMesh {
  if (layers <= 0) return part;
  const { positions, indices } = part.mesh;
  const count = positions.length / 3;
  const byPosition = new Map<string, number>();
  const weld = new Uint32Array(count);
  for (let v = 0; v < count; v++) {
    const key = `${positions[v * 3]},${positions[v * 3 + 1]},${positions[v * 3 + 2]}`;
    weld[v] = byPosition.get(key) ?? v;
    if (!byPosition.has(key)) byPosition.set(key, v);
  }
  const triangles = indices.length / 3;
  const corner = (t: number, k: number) => weld[indices[t * 3 + k]];
  // Open edges: used by one triangle only.
  const edgeUse = new Map<string, number>();
  const edgeKey = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`);
  for (let t = 0; t < triangles; t++) {
    for (let k = 0; k < 3; k++) {
      const key = edgeKey(corner(t, k), corner(t, (k + 1) % 3));
      edgeUse.set(key, (edgeUse.get(key) ?? 0) + 1);
    }
  }
  const next = new Map<number, number[]>();
  for (const [key, uses] of edgeUse) {
    if (uses !== 1) continue;
    const [a, b] = key.split(',').map(Number);
    next.set(a, [...(next.get(a) ?? []), b]);
    next.set(b, [...(next.get(b) ?? []), a]);
  }
  // The open loops, and the one lowest down.
  const seen = new Set<number>();
  let neck: number[] = [];
  let lowest = Infinity;
  for (const start of next.keys()) {
    if (seen.has(start)) continue;
    const loop: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const v = stack.pop()!;
      loop.push(v);
      for (const w of next.get(v) ?? []) if (!seen.has(w)) { seen.add(w); stack.push(w); }
    }
    const meanY = loop.reduce((sum, v) => sum + positions[v * 3 + 1], 0) / loop.length;
    if (meanY < lowest) { lowest = meanY; neck = loop; }
  }
  if (!neck.length) throw new Error('the head part has no open neck edge to remove layers from');
  const kept = new Uint8Array(triangles).fill(1);
  let frontier = new Set(neck);
  for (let layer = 0; layer < layers; layer++) {
    const removed: number[] = [];
    for (let t = 0; t < triangles; t++) {
      if (kept[t] && [0, 1, 2].some((k) => frontier.has(corner(t, k)))) { kept[t] = 0; removed.push(t); }
    }
    const touched = new Set(removed.flatMap((t) => [corner(t, 0), corner(t, 1), corner(t, 2)]));
    frontier = new Set();
    for (let t = 0; t < triangles; t++) {
      if (kept[t]) for (let k = 0; k < 3; k++) if (touched.has(corner(t, k))) frontier.add(corner(t, k));
    }
  }
  const left: number[] = [];
  for (let t = 0; t < triangles; t++) if (kept[t]) left.push(indices[t * 3], indices[t * 3 + 1], indices[t * 3 + 2]);
  const { part: cut } = compactPart(part, left);
  return { mesh: cut.mesh, skin: cut.skin, morphTargets: cut.morphTargets };
}
