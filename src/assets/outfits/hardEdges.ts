/**
 * Hard edges by angle, as a game's export does with "auto smooth": around each point of the
 * surface, faces that meet at more than `degrees` go to smoothing groups of their own, each with
 * its own copy of the vertex and its own normal. A plan is made once (on a reference body) and
 * applied to any body, so every avatar's outfit has the same vertices.
 */
export interface HardEdgePlan {
  /** Per output vertex: the input vertex it copies. */
  source: Uint32Array;
  /** Output triangles. */
  indices: Uint32Array;
  /** Per output vertex, the faces (input triangle indices) whose normals it averages: offsets into `groupFaces`. */
  groupStart: Uint32Array;
  groupFaces: Uint32Array;
}

function faceNormals(p: Float32Array, idx: Uint32Array): Float32Array {
  const n = new Float32Array(idx.length);
  for (let f = 0; f < idx.length; f += 3) {
    const a = idx[f] * 3, b = idx[f + 1] * 3, c = idx[f + 2] * 3;
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    n[f] = uy * vz - uz * vy; n[f + 1] = uz * vx - ux * vz; n[f + 2] = ux * vy - uy * vx;
  }
  return n;
}

/**
 * The plan for `degrees`. `weld` maps each vertex to the first vertex at its place (UV seams and a
 * garment's rim copies are several vertices at one place): faces around a place are grouped over
 * all its copies, so a UV seam stays smooth and a rim's fold stays hard.
 */
export function hardEdgePlan(positions: Float32Array, indices: Uint32Array, weld: Uint32Array, degrees: number): HardEdgePlan {
  const fn = faceNormals(positions, indices);
  const cos = Math.cos((degrees * Math.PI) / 180);
  const F = indices.length / 3;
  const around = new Map<number, number[]>();
  for (let f = 0; f < F; f++) for (let k = 0; k < 3; k++) {
    const w = weld[indices[f * 3 + k]];
    const list = around.get(w);
    if (list) list.push(f * 3 + k); else around.set(w, [f * 3 + k]);
  }
  const cornerVertex = new Uint32Array(indices.length);
  const source: number[] = [], groupStart: number[] = [0], groupFaces: number[] = [];
  const unit = (f: number) => {
    const l = Math.hypot(fn[f * 3], fn[f * 3 + 1], fn[f * 3 + 2]) || 1;
    return [fn[f * 3] / l, fn[f * 3 + 1] / l, fn[f * 3 + 2] / l];
  };
  for (const corners of around.values()) {
    // Union faces around this place that share an edge through it and meet within the angle.
    const parent = corners.map((_, i) => i);
    const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
    const others = corners.map((c) => {
      const f = Math.floor(c / 3), k = c % 3;
      return [weld[indices[f * 3 + (k + 1) % 3]], weld[indices[f * 3 + (k + 2) % 3]]];
    });
    for (let i = 0; i < corners.length; i++) {
      for (let j = i + 1; j < corners.length; j++) {
        const shared = others[i].some((x) => others[j].includes(x));
        if (!shared) continue;
        const a = unit(Math.floor(corners[i] / 3)), b = unit(Math.floor(corners[j] / 3));
        if (a[0] * b[0] + a[1] * b[1] + a[2] * b[2] >= cos) parent[find(i)] = find(j);
      }
    }
    // One output vertex per (input vertex, group): copies already apart (UVs) stay apart.
    const made = new Map<string, number>();
    const groups = new Map<number, number[]>();
    corners.forEach((c, i) => { const g = find(i); const l = groups.get(g); if (l) l.push(Math.floor(c / 3)); else groups.set(g, [Math.floor(c / 3)]); });
    corners.forEach((c, i) => {
      const g = find(i), v = indices[c];
      const key = `${v}:${g}`;
      let out = made.get(key);
      if (out === undefined) {
        out = source.length;
        made.set(key, out);
        source.push(v);
        groupFaces.push(...groups.get(g)!);
        groupStart.push(groupFaces.length);
      }
      cornerVertex[c] = out;
    });
  }
  return { source: Uint32Array.from(source), indices: cornerVertex, groupStart: Uint32Array.from(groupStart), groupFaces: Uint32Array.from(groupFaces) };
}

/** Normals of the plan's vertices for input `positions` (any body), each the area-weighted average of its group's faces. */
export function plannedNormals(plan: HardEdgePlan, positions: Float32Array, inputIndices: Uint32Array): Float32Array {
  const fn = faceNormals(positions, inputIndices);
  const n = plan.source.length;
  const out = new Float32Array(n * 3);
  for (let v = 0; v < n; v++) {
    let x = 0, y = 0, z = 0;
    for (let g = plan.groupStart[v]; g < plan.groupStart[v + 1]; g++) {
      const f = plan.groupFaces[g] * 3;
      x += fn[f]; y += fn[f + 1]; z += fn[f + 2];
    }
    const l = Math.hypot(x, y, z) || 1;
    out[v * 3] = x / l; out[v * 3 + 1] = y / l; out[v * 3 + 2] = z / l;
  }
  return out;
}
