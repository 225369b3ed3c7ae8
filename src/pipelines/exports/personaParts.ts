import type { Mesh } from '../../core/mesh.js';
import type { SceneMorphTarget, SceneSkin } from '../../formats/scene.js';

/** One part cut from the joined avatar: its own vertices, skin and morph targets, UVs in its own texture. */
export interface AvatarPartMesh {
  mesh: Mesh;
  skin: SceneSkin;
  morphTargets: SceneMorphTarget[];
}

/**
 * The joined avatar (a level of assets/body/fusedLod.ts, or LOD0) cut into persona_2.0's
 * `AvatarHead` and `AvatarBody`: LOD0 holds the head's vertices, then the body's `bodyVertices`, then
 * the bridge's copies at the neck (`source` maps a level's vertices to LOD0's). A triangle is the
 * body's when all its vertices are body vertices, else the head's, so the bridge goes with the head:
 * the body part is then the same for every avatar of a gender and level, as the spec says, and
 * its counts are the spec's AvatarBody. Vertices on the seam are in both parts at one place, so the
 * two meet without a gap. UVs move from the atlas' halves to each part's own texture (v × 2, and
 * (v − 0.5) × 2); the bridge takes the nearest head vertex's, whose colour at the neck is the
 * body's tone (pipelines/body/neckTone.ts). The head keeps every morph target, so a set's names
 * are all there even where a level leaves one nothing to move; the body keeps those that move it. `dropTriangles` (LOD0 vertex sets) leaves out the head's
 * triangles whose vertices all belong to one of them: the eye openings, where the eyeballs show.
 */
export function splitAvatar(
  level: { mesh: Mesh; skin: SceneSkin; morphTargets: readonly SceneMorphTarget[] }, source: Uint32Array | undefined,
  headVertices: number, bodyVertices: number, dropTriangles: readonly Set<number>[] = [],
): { head: AvatarPartMesh; body: AvatarPartMesh } {
  const { mesh } = level;
  const count = mesh.positions.length / 3;
  const lod0 = (v: number) => (source ? source[v] : v);
  const headTriangles: number[] = [], bodyTriangles: number[] = [];
  // The bridge's upper copies stand where the head's neck loop is: in the head part they are those
  // vertices (one vertex where one was enough; only the body's part needs its own seam copies).
  const welded = Uint32Array.from({ length: count }, (_, v) => v);
  const key = (v: number) => `${mesh.positions[v * 3].toFixed(6)},${mesh.positions[v * 3 + 1].toFixed(6)},${mesh.positions[v * 3 + 2].toFixed(6)}`;
  const headAt = new Map<string, number>();
  for (let v = 0; v < count; v++) if (lod0(v) < headVertices) headAt.set(key(v), v);
  for (let v = 0; v < count; v++) if (lod0(v) >= headVertices + bodyVertices) welded[v] = headAt.get(key(v)) ?? v;
  const idx = mesh.indices;
  for (let t = 0; t < idx.length; t += 3) {
    const tri = [idx[t], idx[t + 1], idx[t + 2]];
    const isBody = (v: number) => lod0(v) >= headVertices && lod0(v) < headVertices + bodyVertices;
    if (tri.every(isBody)) bodyTriangles.push(...tri);
    else if (!dropTriangles.some((set) => tri.every((v) => set.has(lod0(v))))) headTriangles.push(...tri.map((v) => welded[v]));
  }
  const cut = (triangles: number[], vOffset: number, keepAll: boolean): AvatarPartMesh => {
    const { part, used } = compactPart({ mesh, skin: level.skin, morphTargets: level.morphTargets }, triangles);
    const uvs = part.mesh.uvs;
    if (uvs) for (let i = 1; i < uvs.length; i += 2) uvs[i] = Math.min(1, Math.max(0, (uvs[i] - vOffset) * 2));
    if (uvs && vOffset === 0) bridgeUvs(used, uvs, (v) => lod0(v) >= headVertices + bodyVertices, mesh.positions);
    const morphTargets = keepAll ? part.morphTargets : part.morphTargets.filter((t) => t.positions.some((d) => d !== 0));
    return { mesh: part.mesh, skin: part.skin!, morphTargets };
  };
  return { head: cut(headTriangles, 0, true), body: cut(bodyTriangles, 0.5, false) };
}

/** The bridge's vertices (`isBridge`) of a head part take the UV of the nearest of the part's own head vertices. */
function bridgeUvs(used: number[], uvs: Float32Array, isBridge: (v: number) => boolean, positions: Float32Array): void {
  const own = used.map((v, i) => [v, i]).filter(([v]) => !isBridge(v));
  for (let i = 0; i < used.length; i++) {
    if (!isBridge(used[i])) continue;
    const v = used[i];
    let best = -1, bestD = Infinity;
    for (const [w, j] of own) {
      const d = (positions[w * 3] - positions[v * 3]) ** 2 + (positions[w * 3 + 1] - positions[v * 3 + 1]) ** 2 + (positions[w * 3 + 2] - positions[v * 3 + 2]) ** 2;
      if (d < bestD) { bestD = d; best = j; }
    }
    if (best >= 0) { uvs[i * 2] = uvs[best * 2]; uvs[i * 2 + 1] = uvs[best * 2 + 1]; }
  }
}

/**
 * A part of a scene mesh: the vertices `triangles` use (in the order first used) and those
 * triangles, with their normals, UVs, skin and morph targets; `used` maps each kept vertex to the
 * mesh's. The arrays are new, so a caller may change them.
 */
export function compactPart<P extends { mesh: Mesh; skin?: SceneSkin; morphTargets: readonly SceneMorphTarget[] }>(
  part: P, triangles: ArrayLike<number>,
): { part: P & { morphTargets: SceneMorphTarget[] }; used: number[] } {
  const { mesh } = part;
  const remap = new Int32Array(mesh.positions.length / 3).fill(-1);
  const used: number[] = [];
  for (let k = 0; k < triangles.length; k++) if (remap[triangles[k]] < 0) { remap[triangles[k]] = used.length; used.push(triangles[k]); }
  const pick = <T extends Float32Array | Uint16Array>(values: T, size: number, make: (n: number) => T): T => {
    const out = make(used.length * size);
    used.forEach((v, i) => out.set(values.subarray(v * size, v * size + size), i * size));
    return out;
  };
  const floats = (n: number) => new Float32Array(n);
  return {
    used,
    part: {
      ...part,
      mesh: {
        positions: pick(mesh.positions, 3, floats), normals: mesh.normals && pick(mesh.normals, 3, floats), uvs: mesh.uvs && pick(mesh.uvs, 2, floats),
        indices: Uint32Array.from(triangles, (v) => remap[v]),
      },
      skin: part.skin && { joints: pick(part.skin.joints, 4, (n) => new Uint16Array(n)), weights: pick(part.skin.weights, 4, floats) },
      morphTargets: part.morphTargets.map((t) => ({ ...t, positions: pick(t.positions, 3, floats), normals: t.normals && pick(t.normals, 3, floats) })),
    },
  };
}
