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
 * What a plan at any angle is made from: the corners around each place, and the pairs of faces
 * there that share an edge through it, with the cosine between their normals. Only the pairs'
 * threshold depends on the angle, so a search for the angle that gives a vertex count (outfit.ts
 * bisects for the spec's table) builds this once and tries each angle in a union-find pass.
 */
export interface HardEdgePlanner {
  /** The plan at `degrees`. */
  plan(degrees: number): HardEdgePlan;
  /** How many vertices the plan at `degrees` has, without building it. */
  count(degrees: number): number;
}

/**
 * `weld` maps each vertex to the first vertex at its place (UV seams and a garment's rim copies are
 * several vertices at one place): faces around a place are grouped over all its copies, so a UV
 * seam stays smooth and a rim's fold stays hard.
 */
export function hardEdgePlanner(positions: Float32Array, indices: Uint32Array, weld: Uint32Array): HardEdgePlanner {
  const fn = faceNormals(positions, indices);
  for (let f = 0; f < fn.length; f += 3) {
    const l = Math.hypot(fn[f], fn[f + 1], fn[f + 2]) || 1;
    fn[f] /= l; fn[f + 1] /= l; fn[f + 2] /= l;
  }
  // Corners grouped by place (a counting sort on the welded vertex): place p's corners are
  // corners[placeStart[p] .. placeStart[p + 1]), in corner order.
  const C = indices.length;
  const tally = new Uint32Array(weld.length + 1);
  for (let c = 0; c < C; c++) tally[weld[indices[c]] + 1]++;
  for (let w = 0; w < weld.length; w++) tally[w + 1] += tally[w];
  const corners = new Uint32Array(C);
  const fill = tally.slice(0, weld.length);
  for (let c = 0; c < C; c++) corners[fill[weld[indices[c]]]++] = c;
  // Places in the order their first corner comes, so that output vertices come in corner order.
  const places: number[] = [];
  const seen = new Uint8Array(weld.length);
  for (let c = 0; c < C; c++) { const w = weld[indices[c]]; if (!seen[w]) { seen[w] = 1; places.push(w); } }
  // The pairs (local corner indices within their place) that share an edge, and their cosine.
  const pairStart = new Uint32Array(places.length + 1);
  const pairA: number[] = [], pairB: number[] = [], pairCos: number[] = [];
  const otherOf = (c: number, r: number) => weld[indices[c - (c % 3) + ((c % 3) + r) % 3]];
  places.forEach((w, p) => {
    const from = tally[w], to = tally[w + 1];
    for (let i = from; i < to; i++) {
      const ci = corners[i], i1 = otherOf(ci, 1), i2 = otherOf(ci, 2), fi = ci - (ci % 3);
      for (let j = i + 1; j < to; j++) {
        const cj = corners[j], j1 = otherOf(cj, 1), j2 = otherOf(cj, 2), fj = cj - (cj % 3);
        if (i1 !== j1 && i1 !== j2 && i2 !== j1 && i2 !== j2) continue;
        pairA.push(i - from); pairB.push(j - from);
        pairCos.push(fn[fi] * fn[fj] + fn[fi + 1] * fn[fj + 1] + fn[fi + 2] * fn[fj + 2]);
      }
    }
    pairStart[p + 1] = pairA.length;
  });
  let most = 0;
  for (const w of places) most = Math.max(most, tally[w + 1] - tally[w]);
  const parent = new Int32Array(most);
  const find = (i: number): number => { while (parent[i] !== i) { parent[i] = parent[parent[i]]; i = parent[i]; } return i; };
  /** Unions place p's corners within the angle; afterwards find(i) is corner i's group. */
  const group = (p: number, cos: number, size: number) => {
    for (let i = 0; i < size; i++) parent[i] = i;
    for (let k = pairStart[p]; k < pairStart[p + 1]; k++) if (pairCos[k] >= cos) parent[find(pairA[k])] = find(pairB[k]);
  };
  const cosOf = (degrees: number) => Math.cos((degrees * Math.PI) / 180);
  /** Corner i of a place starts a new output vertex when no earlier corner has its vertex and group (copies apart by UV stay apart). */
  const isFirst = (from: number, i: number) => {
    const v = indices[corners[from + i]], g = find(i);
    for (let j = 0; j < i; j++) if (indices[corners[from + j]] === v && find(j) === g) return false;
    return true;
  };
  return {
    count(degrees) {
      const cos = cosOf(degrees);
      let n = 0;
      places.forEach((w, p) => {
        const from = tally[w], size = tally[w + 1] - from;
        group(p, cos, size);
        for (let i = 0; i < size; i++) if (isFirst(from, i)) n++;
      });
      return n;
    },
    plan(degrees) {
      const cos = cosOf(degrees);
      const cornerVertex = new Uint32Array(C);
      const source: number[] = [], groupStart: number[] = [0], groupFaces: number[] = [];
      const outOf = new Int32Array(most);
      places.forEach((w, p) => {
        const from = tally[w], size = tally[w + 1] - from;
        group(p, cos, size);
        for (let i = 0; i < size; i++) {
          if (!isFirst(from, i)) {
            // The earlier corner with this vertex and group made its output vertex.
            const v = indices[corners[from + i]], g = find(i);
            let j = 0;
            while (indices[corners[from + j]] !== v || find(j) !== g) j++;
            outOf[i] = outOf[j];
          } else {
            outOf[i] = source.length;
            source.push(indices[corners[from + i]]);
            const g = find(i);
            for (let j = 0; j < size; j++) if (find(j) === g) groupFaces.push(Math.floor(corners[from + j] / 3));
            groupStart.push(groupFaces.length);
          }
          cornerVertex[corners[from + i]] = outOf[i];
        }
      });
      return { source: Uint32Array.from(source), indices: cornerVertex, groupStart: Uint32Array.from(groupStart), groupFaces: Uint32Array.from(groupFaces) };
    },
  };
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
