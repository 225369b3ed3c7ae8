import type { Mesh } from '../../core/mesh.js';
import { smoothstep } from '../../core/smoothstep.js';
import { computeNormals } from '../../geometry/computeNormals.js';
import type { SceneJoint } from '../../formats/scene.js';
import type { SolvedBody } from './bodyShapeSolver.js';
import { bodyTopology, TORSO_ROWS } from './bodyTopology.js';
import { sceneJoints, type Skeleton } from './skeleton.js';
import { meshSkinWeights, type SkinWeights } from './skinWeights.js';

/** Options of {@link fuseHead}. */
export interface FuseHeadOptions {
  /**
   * The head's neck is shortened below its chin: below the lowest vertex in front that stands
   * further than `chinRadius` times the neck loop's mean radius from the loop's axis, less
   * `chinMargin` (m).
   */
  chinRadius?: number;
  chinMargin?: number;
  /** Height (m, head space) above the neck cut over which the neck tapers into the ring's section, at least. */
  taper?: number;
  /** Height (m) of the band of triangles that bridges the head's neck loop and the body's neck ring. */
  bridge?: number;
  /** Height (m) of the band under the junction into which the body's neck rows are gathered. */
  gather?: number;
  /** Passes of a [¼ ½ ¼] smoothing of the junction's height round the neck. */
  junctionSmoothing?: number;
  /** Height (m) above and below the junction over which the shading rounds the neck into the body, and its passes. */
  softening?: number;
  softeningPasses?: number;
  /**
   * A head (head space) whose neck decides where the body's neck is gathered, instead of this
   * head's: with the template head every avatar of one body shape has the very same body mesh
   * (persona_2.0), each head's neck then meeting that ring.
   */
  reference?: Mesh;
}

export const FUSE_HEAD_DEFAULTS: Required<Omit<FuseHeadOptions, 'reference'>> & FuseHeadOptions = { chinRadius: 1.45, chinMargin: 0.005, taper: 0.06, bridge: 0.01, gather: 0.004, junctionSmoothing: 4, softening: 0.04, softeningPasses: 48 };

/**
 * A full body with its head: one mesh and one texture atlas, the head's vertices first and in the
 * head's order (so the head's blendshapes apply to them), then the body's, then the bridge's copies.
 */
export interface FusedAvatar {
  /** Head vertices [0, headVertices), UVs in the atlas' top half; body below it in the bottom half. */
  mesh: Mesh;
  headVertices: number;
  /** body = headScale × head + headOffset, for head vertices above the reshaped neck. */
  headScale: number;
  headOffset: [number, number, number];
  /** Per head vertex, how much its position was reshaped into the neck (0: untouched, 1: at the ring). */
  neckShare: Float32Array;
  /** Four joints and weights per fused vertex, indices into `joints`. */
  skin: SkinWeights;
  /** The body's skeleton with the head's joints on the placed head; `joints` is it as the writers take it. */
  skeleton: Skeleton;
  joints: SceneJoint[];
}

/** Where the head's `model` texture goes in the avatar's atlas: the top half (v from 0 to 0.5). */
export const HEAD_ATLAS_V = [0, 0.5] as const;
/** Where the body's texture goes: the bottom half. */
export const BODY_ATLAS_V = [0.5, 1] as const;

/** Open boundary vertices of the head at its lowest height (the horizontal neck cut), ordered by angle about their centre. */
function neckLoop(head: Mesh): { loop: number[]; centre: [number, number]; y: number } {
  const count = new Map<number, number>();
  const idx = head.indices;
  const key = (a: number, b: number) => (a < b ? a * 4194304 + b : b * 4194304 + a);
  for (let f = 0; f < idx.length; f += 3) {
    for (let k = 0; k < 3; k++) {
      const e = key(idx[f + k], idx[f + ((k + 1) % 3)]);
      count.set(e, (count.get(e) ?? 0) + 1);
    }
  }
  const p = head.positions;
  let minY = Infinity;
  for (let v = 1; v < p.length; v += 3) minY = Math.min(minY, p[v]);
  const loop = new Set<number>();
  for (const [e, c] of count) {
    if (c !== 1) continue;
    const a = Math.floor(e / 4194304), b = e % 4194304;
    if (p[a * 3 + 1] < minY + 0.004 && p[b * 3 + 1] < minY + 0.004) { loop.add(a); loop.add(b); }
  }
  if (loop.size < 8) throw new Error('the head has no open neck loop to join to a body');
  let cx = 0, cz = 0, y = 0;
  for (const v of loop) { cx += p[v * 3]; y += p[v * 3 + 1]; cz += p[v * 3 + 2]; }
  cx /= loop.size; cz /= loop.size; y /= loop.size;
  const angle = (v: number) => Math.atan2(p[v * 3] - cx, p[v * 3 + 2] - cz);
  return { loop: [...loop].sort((a, b) => angle(a) - angle(b)), centre: [cx, cz], y };
}

/** Radius of a closed polygon (xz points about a centre) in a direction, interpolated between its points by angle. */
function radiusAt(points: [number, number][], centre: [number, number], angle: number): number {
  return angular(points.map(([x, z]) => [Math.atan2(x - centre[0], z - centre[1]), Math.hypot(x - centre[0], z - centre[1])]))(angle);
}

/**
 * Joins a head (head space: metres, origin between the ears at the irises' height, an open
 * horizontal neck cut at the bottom) to a solved body's open neck ring, so that the avatar's stature,
 * sole to vertex, is the body's asked height:
 *
 * - the head keeps its size (it was fitted to the photo at real scale) and is moved so that its
 *   vertex is at the asked height and its neck is centred on the ring;
 * - the head's neck replaces the body's: the body's neck ring comes down, column by column, to the
 *   junction, where the body's surface first stands as far from the neck's axis as the head's neck
 *   (low in front, on the chest; high at the sides and back, on the trapezius), and takes the head
 *   neck's section there; the head's neck is shortened below the chin only as far as the junction
 *   lies above its cut;
 * - a narrow band of triangles bridges the two loops; every place on the seam has one normal (the
 *   head keeps its own normals, the body and the ring take the welded surface's).
 *
 * Measurements of the torso (chest, waist, hips) are untouched: every moved row is above the armpits.
 * Skin: body vertices keep their weights; the head follows `Head`, its reshaped neck blending into `Neck`.
 *
 * ```ts
 * const fused = fuseHead(headMesh, solveBodyShape({ gender: 'male', height: 180 }), skeleton, weights);
 * ```
 */
export function fuseHead(head: Mesh, solved: SolvedBody, skeleton: Skeleton, weights: SkinWeights, options: FuseHeadOptions = {}): FusedAvatar {
  const o = { ...FUSE_HEAD_DEFAULTS, ...options };
  const topology = bodyTopology();
  const { body } = solved;
  const stature = solved.shape.height / 100;
  const hp = head.positions;

  // The body's ring and the rows that follow it down (body vertices; positions are copied).
  const bodyPositions = body.positions.slice();
  const ring = topology.neckRing;
  let ringCx = 0, ringCz = 0;
  for (const v of ring) { ringCx += bodyPositions[v * 3]; ringCz += bodyPositions[v * 3 + 2]; }
  ringCx /= ring.length; ringCz /= ring.length;
  const ringCentre: [number, number] = [ringCx, ringCz];

  // Stature is measured from the lowest vertex (the soles sit at about y = 0).
  let sole = Infinity;
  for (let v = 1; v < bodyPositions.length; v += 3) sole = Math.min(sole, bodyPositions[v]);
  const scale = 1;
  const placedHead = (mesh: Mesh) => headOnBody(mesh, ringCentre, sole + stature, o);
  const { neck, offset, loopRadius, blendHead, blendStart, loopY, loopXZ } = placedHead(head);
  const columns = topology.torso.length / (TORSO_ROWS.neckTop + 1);
  // The neck whose junction the body takes: this head's, or the reference's (one body for every head).
  const junctionHead = o.reference ? placedHead(o.reference) : { blendStart, loopY, loopXZ };
  // The head's neck replaces the body's: each torso column's ring comes down to where the body's
  // surface, going down from the neck, first stands as far out as the head's neck tube (the
  // junction: low in front on the chest, high at the sides and back on the trapezius), its rows
  // above gathered there on the tube's section. So the head's neck meets the body's own surface,
  // as a neck meets the shoulders, instead of a thin body neck under a wider head one (a collar),
  // or a ring pulled down flat over the shoulders. The head's neck is shortened only as far as the
  // junction lies above its cut; the ring never comes closer than a bridge and a centimetre to the chin.
  // In front, under the jaw, the neck needs more room than that: with the ring a centimetre under
  // the chin, the head's throat was squeezed into a shelf there, seen as a collar; the ring keeps
  // 3.5 cm from the chin straight ahead, the extra fading out towards the sides (cos²).
  const highest = (front: number) => junctionHead.blendStart - o.bridge - 0.01 - 0.025 * Math.max(0, front) ** 2;
  const radius = (v: number) => Math.hypot(bodyPositions[v * 3] - ringCx, bodyPositions[v * 3 + 2] - ringCz);
  const columnsAt = Array.from({ length: columns }, (_, c) => {
    const column = Array.from({ length: TORSO_ROWS.neckTop + 1 - TORSO_ROWS.armpit }, (_, k) => topology.torso[(TORSO_ROWS.armpit + k) * columns + c]).filter((v) => v >= 0);
    const top = column[column.length - 1];
    const direction = Math.atan2(bodyPositions[top * 3] - ringCx, bodyPositions[top * 3 + 2] - ringCz);
    const tube = radiusAt(junctionHead.loopXZ, ringCentre, direction);
    // Rows from the top down: the first as wide as the tube, and where between it and the one above the surface crosses it.
    let wide = column.length - 1;
    while (wide > 0 && radius(column[wide]) < tube) wide--;
    let junction: number;
    if (wide === column.length - 1) junction = bodyPositions[top * 3 + 1];
    else {
      const lower = column[wide], upper = column[wide + 1];
      const s = Math.min(1, Math.max(0, (radius(lower) - tube) / Math.max(1e-6, radius(lower) - radius(upper))));
      junction = bodyPositions[lower * 3 + 1] + s * (bodyPositions[upper * 3 + 1] - bodyPositions[lower * 3 + 1]);
    }
    return { column, tube, wide, target: Math.max(junctionHead.loopY - o.bridge, Math.min(junction, highest(Math.cos(direction)))) };
  });
  // The junction, smoothed round the neck: the head's neck is shortened towards it, and a steep change
  // from one direction to the next would fold the faces under the chin.
  for (let pass = 0; pass < o.junctionSmoothing; pass++) {
    const t = columnsAt.map((a) => a.target);
    columnsAt.forEach((a, c) => { a.target = 0.25 * t[(c + columns - 1) % columns] + 0.5 * t[c] + 0.25 * t[(c + 1) % columns]; });
  }
  // A body vertex moved f times as far from the ring's axis, its height kept.
  const widen = (v: number, f: number) => {
    bodyPositions[v * 3] = ringCx + (bodyPositions[v * 3] - ringCx) * f;
    bodyPositions[v * 3 + 2] = ringCz + (bodyPositions[v * 3 + 2] - ringCz) * f;
  };
  for (const { column, tube, wide, target } of columnsAt) {
    // Rows at or below the target keep their place (those above a lowered target come down with it);
    // the rows above are gathered into the last millimetres under it, on the tube's section.
    let floor = column.length - 1;
    while (floor > 0 && bodyPositions[column[floor] * 3 + 1] > target - o.gather) floor--;
    const floorY = bodyPositions[column[floor] * 3 + 1];
    // Rows between where the body is first as wide as the tube and the floor keep their height, but
    // not a section narrower than the tube's: where the head's neck holds the ring up (at the back,
    // on the trapezius), they left a groove under it, 6 mm deep, that read as a collar. They widen
    // into the tube towards the floor.
    if (floor > wide) {
      const wideY = bodyPositions[column[wide] * 3 + 1];
      for (let k = wide + 1; k <= floor; k++) {
        const v = column[k], r = radius(v) || 1;
        if (r >= tube) continue;
        widen(v, 1 + smoothstep(0, 1, (bodyPositions[v * 3 + 1] - wideY) / Math.max(1e-6, floorY - wideY)) * (tube / r - 1));
      }
    }
    const above = column.length - 1 - floor;
    for (let k = 1; k <= above; k++) {
      const v = column[floor + k], share = k / above;
      const y = target - o.gather * (1 - share);
      const r = radius(v) || 1;
      const toTube = k > wide - floor ? 1 : smoothstep(0, 1, share);
      widen(v, 1 + toTube * (tube / r - 1));
      bodyPositions[v * 3 + 1] = Math.max(floorY, y);
    }
  }
  const ringXZ = ring.map((v) => [bodyPositions[v * 3], bodyPositions[v * 3 + 2]] as [number, number]);
  const ringHeight = angular(ring.map((v) => [Math.atan2(bodyPositions[v * 3] - ringCx, bodyPositions[v * 3 + 2] - ringCz), bodyPositions[v * 3 + 1]]));
  let newRingY = 0;
  for (const v of ring) newRingY += bodyPositions[v * 3 + 1] / ring.length;
  // Never at or above the chin: a head whose neck is shorter than the reference's meets the ring with a shorter bridge.
  const bottomAt = (angle: number) => Math.min(ringHeight(angle) + o.bridge, blendStart - 0.005);

  // The head, placed; its neck below blendStart shortened into [ring + bridge, blendStart] and reshaped into the ring.
  const headCount = hp.length / 3;
  const placed = new Float32Array(hp.length);
  const neckShare = new Float32Array(headCount);
  // The taper into the ring's section runs over at least `taper` above the cut, sparing what stands
  // out of the neck tube (the chin) so that the jaw keeps its shape.
  const taperTop = Math.max(blendStart, loopY + scale * o.taper);
  for (let v = 0; v < headCount; v++) {
    const x = scale * hp[v * 3] + offset[0], y = scale * hp[v * 3 + 1] + offset[1], z = scale * hp[v * 3 + 2] + offset[2];
    if (y >= taperTop) { placed.set([x, y, z], v * 3); continue; }
    const t = y < blendStart ? Math.min(1, (blendStart - y) / (blendStart - loopY)) : 0;
    const out = Math.hypot(hp[v * 3] - neck.centre[0], hp[v * 3 + 2] - neck.centre[1]) / loopRadius;
    const taper = smoothstep(0, 1, Math.min(1, (taperTop - y) / (taperTop - loopY))) * (1 - smoothstep(1.15, o.chinRadius, out));
    const share = Math.max(taper, smoothstep(0, 1, t));
    neckShare[v] = Math.max(t, taper);
    const angle = Math.atan2(x - ringCx, z - ringCz);
    const factor = 1 + share * (radiusAt(ringXZ, ringCentre, angle) / radiusAt(loopXZ, ringCentre, angle) - 1);
    placed[v * 3] = ringCx + (x - ringCx) * factor;
    placed[v * 3 + 1] = blendStart - t * (blendStart - bottomAt(angle));
    if (!t) placed[v * 3 + 1] = y;
    placed[v * 3 + 2] = ringCz + (z - ringCz) * factor;
  }
  // The loop itself exactly on the ring's section, one bridge above it.
  for (const v of neck.loop) {
    const angle = Math.atan2(placed[v * 3] - ringCx, placed[v * 3 + 2] - ringCz);
    const r = radiusAt(ringXZ, ringCentre, angle);
    placed.set([ringCx + r * Math.sin(angle), bottomAt(angle), ringCz + r * Math.cos(angle)], v * 3);
  }

  // Bridge: copies of both loops, zipped by angle, with one body texel for UVs (the neck's skin).
  const bodyMeshCount = body.vertexOf.length;
  const ringMeshVertex = ring.map((bv) => body.vertexOf.indexOf(bv));
  const bodyUvs = body.mesh.uvs!;
  const bridgeUv = [bodyUvs[ringMeshVertex[0] * 2], bodyUvs[ringMeshVertex[0] * 2 + 1]];
  const angleOf = (x: number, z: number) => Math.atan2(x - ringCx, z - ringCz);
  const lower = ring.map((bv) => ({ pos: [bodyPositions[bv * 3], bodyPositions[bv * 3 + 1], bodyPositions[bv * 3 + 2]], a: angleOf(bodyPositions[bv * 3], bodyPositions[bv * 3 + 2]), from: bv }))
    .sort((a, b) => a.a - b.a);
  // One bridge vertex per place: a UV seam crossing the cut puts two loop vertices at one place.
  const places = new Set<string>();
  const upper = neck.loop.map((hv) => ({ pos: [placed[hv * 3], placed[hv * 3 + 1], placed[hv * 3 + 2]], a: angleOf(placed[hv * 3], placed[hv * 3 + 2]), from: hv }))
    .filter((b) => { const key = b.pos.map((c) => c.toFixed(6)).join(); return !places.has(key) && !!places.add(key); })
    .sort((a, b) => a.a - b.a);
  const lowerStart = headCount + bodyMeshCount, upperStart = lowerStart + lower.length;
  const bridgeTriangles: number[] = [];
  {
    let i = 0, j = 0;
    const nL = lower.length, nU = upper.length;
    while (i < nL || j < nU) {
      const li = lowerStart + (i % nL), lj = upperStart + (j % nU);
      const nextL = lower[(i + 1) % nL].a + (i + 1 >= nL ? 2 * Math.PI : 0);
      const nextU = upper[(j + 1) % nU].a + (j + 1 >= nU ? 2 * Math.PI : 0);
      if (j >= nU || (i < nL && nextL <= nextU)) { bridgeTriangles.push(li, lowerStart + ((i + 1) % nL), lj); i++; }
      else { bridgeTriangles.push(li, upperStart + ((j + 1) % nU), lj); j++; }
    }
  }

  // One mesh: head, body, bridge copies.
  const total = headCount + bodyMeshCount + lower.length + upper.length;
  const positions = new Float32Array(total * 3);
  const uvs = new Float32Array(total * 2);
  positions.set(placed, 0);
  const headUvs = head.uvs!;
  for (let v = 0; v < headCount; v++) { uvs[v * 2] = headUvs[v * 2]; uvs[v * 2 + 1] = HEAD_ATLAS_V[0] + headUvs[v * 2 + 1] * (HEAD_ATLAS_V[1] - HEAD_ATLAS_V[0]); }
  for (let m = 0; m < bodyMeshCount; m++) {
    const bv = body.vertexOf[m];
    positions.set(bodyPositions.subarray(bv * 3, bv * 3 + 3), (headCount + m) * 3);
    uvs[(headCount + m) * 2] = bodyUvs[m * 2];
    uvs[(headCount + m) * 2 + 1] = BODY_ATLAS_V[0] + bodyUvs[m * 2 + 1] * (BODY_ATLAS_V[1] - BODY_ATLAS_V[0]);
  }
  [...lower, ...upper].forEach((b, k) => {
    positions.set(b.pos, (lowerStart + k) * 3);
    uvs[(lowerStart + k) * 2] = bridgeUv[0];
    uvs[(lowerStart + k) * 2 + 1] = BODY_ATLAS_V[0] + bridgeUv[1] * (BODY_ATLAS_V[1] - BODY_ATLAS_V[0]);
  });
  const indices = new Uint32Array(head.indices.length + body.mesh.indices.length + bridgeTriangles.length);
  indices.set(head.indices, 0);
  for (let k = 0; k < body.mesh.indices.length; k++) indices[head.indices.length + k] = body.mesh.indices[k] + headCount;
  indices.set(bridgeTriangles, head.indices.length + body.mesh.indices.length);
  // Turn the bridge outwards: a triangle whose normal points towards the ring's axis is flipped.
  for (let f = head.indices.length + body.mesh.indices.length; f < indices.length; f += 3) {
    const [a, b, c] = [indices[f], indices[f + 1], indices[f + 2]];
    const e1 = [positions[b * 3] - positions[a * 3], positions[b * 3 + 1] - positions[a * 3 + 1], positions[b * 3 + 2] - positions[a * 3 + 2]];
    const e2 = [positions[c * 3] - positions[a * 3], positions[c * 3 + 1] - positions[a * 3 + 1], positions[c * 3 + 2] - positions[a * 3 + 2]];
    const nx = e1[1] * e2[2] - e1[2] * e2[1], nz = e1[0] * e2[1] - e1[1] * e2[0];
    if (nx * (positions[a * 3] - ringCx) + nz * (positions[a * 3 + 2] - ringCz) < 0) { indices[f + 1] = c; indices[f + 2] = b; }
  }

  // Normals: the body's and the ring's from the welded surface; the head keeps its own everywhere,
  // its shortened neck too (shaded as the neck it was: squashed, its faces would turn down and shade
  // a dark band under the chin), and the bridge's upper copies take their head vertex's. Every place
  // on the seam then has one normal.
  const normals = computeNormals({ positions, indices }, { weldSeams: true }).normals!;
  const headNormals = head.normals ?? computeNormals(head).normals!;
  normals.set(headNormals.subarray(0, headCount * 3), 0);
  upper.forEach((b, k) => normals.set(headNormals.subarray(b.from * 3, b.from * 3 + 3), (upperStart + k) * 3));
  softenJunction(positions, indices, normals, (x, z) => ringHeight(Math.atan2(x - ringCx, z - ringCz)), o.softening, o.softeningPasses);

  // Skeleton: the head's joints on the placed head.
  const bones = skeleton.bones.map((b) => ({ ...b, head: [...b.head] as [number, number, number] }));
  const at = (name: string) => bones[skeleton.index.get(name)!];
  const toBody = (x: number, y: number, z: number): [number, number, number] => [scale * x + offset[0], scale * y + offset[1], scale * z + offset[2]];
  at('Neck').head = [ringCx, newRingY - 0.02, ringCz - 0.005];
  at('Head').head = toBody(neck.centre[0], blendHead + 0.01, neck.centre[1]);
  at('Jaw').head = toBody(0, -0.035, 0.02);
  at('LeftEye').head = toBody(0.032, 0, 0.065);
  at('RightEye').head = toBody(-0.032, 0, 0.065);
  const fusedSkeleton: Skeleton = { bones, index: skeleton.index };
  const joints = sceneJoints(fusedSkeleton);

  // Skin: body mesh vertices as the body has them; the head on Head, its neck fading into Neck.
  const bodySkin = meshSkinWeights(weights, body.vertexOf);
  const jointsOut = new Uint16Array(total * 4), weightsOut = new Float32Array(total * 4);
  const headJoint = skeleton.index.get('Head')!, neckJoint = skeleton.index.get('Neck')!;
  const setHead = (v: number, y: number) => {
    const toNeck = 1 - smoothstep(bottomAt(Math.atan2(positions[v * 3] - ringCx, positions[v * 3 + 2] - ringCz)), blendStart + 0.02, y);
    jointsOut.set([headJoint, neckJoint, 0, 0], v * 4);
    weightsOut.set([1 - toNeck, toNeck, 0, 0], v * 4);
  };
  for (let v = 0; v < headCount; v++) setHead(v, positions[v * 3 + 1]);
  jointsOut.set(bodySkin.joints, headCount * 4);
  weightsOut.set(bodySkin.weights, headCount * 4);
  lower.forEach((b, k) => {
    const m = ringMeshVertex[ring.indexOf(b.from)];
    jointsOut.set(bodySkin.joints.subarray(m * 4, m * 4 + 4), (lowerStart + k) * 4);
    weightsOut.set(bodySkin.weights.subarray(m * 4, m * 4 + 4), (lowerStart + k) * 4);
  });
  upper.forEach((_, k) => setHead(upperStart + k, positions[(upperStart + k) * 3 + 1]));

  return {
    mesh: { positions, normals, uvs, indices },
    headVertices: headCount, headScale: scale, headOffset: offset, neckShare,
    skin: { joints: jointsOut, weights: weightsOut }, skeleton: fusedSkeleton, joints,
  };
}

/**
 * A head blendshape's offsets (head space, per head vertex) on the fused mesh: scaled with the head,
 * faded out over the reshaped neck, zero on the body and the bridge.
 */
export function fusedDeltas(fused: FusedAvatar, delta: Float32Array): Float32Array {
  const out = new Float32Array(fused.mesh.positions.length);
  for (let v = 0; v < fused.headVertices; v++) {
    const keep = fused.headScale * (1 - fused.neckShare[v]);
    if (!keep) continue;
    out[v * 3] = delta[v * 3] * keep;
    out[v * 3 + 1] = delta[v * 3 + 1] * keep;
    out[v * 3 + 2] = delta[v * 3 + 2] * keep;
  }
  return out;
}

/**
 * A body-mesh delta (a `body_shape` blendshape, bodyShapeBlendshapes) on the fused mesh: the body's
 * vertices take it, the bridge's lower copies take their ring vertex's (so the seam below the
 * bridge never opens; the bridge stretches instead), the head does not move.
 */
export function fusedBodyDeltas(fused: FusedAvatar, bodyVertices: number, delta: Float32Array): Float32Array {
  const out = new Float32Array(fused.mesh.positions.length);
  const from = fused.headVertices;
  out.set(delta.subarray(0, bodyVertices * 3), from * 3);
  for (const [copy, of] of bridgeCopies(fused, bodyVertices)) {
    for (let k = 0; k < 3; k++) out[copy * 3 + k] = delta[of * 3 + k];
  }
  return out;
}

/** The bridge's copies of body vertices (same place): [fused index, body mesh index]. */
function bridgeCopies(fused: FusedAvatar, bodyVertices: number): [number, number][] {
  const p = fused.mesh.positions, from = fused.headVertices, count = p.length / 3;
  const key = (v: number) => `${p[v * 3].toFixed(6)},${p[v * 3 + 1].toFixed(6)},${p[v * 3 + 2].toFixed(6)}`;
  const body = new Map<string, number>();
  for (let m = 0; m < bodyVertices; m++) body.set(key(from + m), m);
  const out: [number, number][] = [];
  for (let v = from + bodyVertices; v < count; v++) {
    const m = body.get(key(v));
    if (m !== undefined) out.push([v, m]);
  }
  return out;
}

/** A function of the angle about the neck, interpolated between samples [angle, value] (any order). */
function angular(samples: [number, number][]): (angle: number) => number {
  // Samples at one angle (a UV seam puts two loop vertices at one place) are one sample: a span of
  // zero between them would otherwise be taken for the whole turn, and every later angle would read
  // the value at the seam (at the back of the neck, so the front took the nape's radius).
  const sorted: [number, number][] = [];
  for (const [angle, value] of [...samples].sort((a, b) => a[0] - b[0])) {
    const last = sorted[sorted.length - 1];
    if (last && angle - last[0] < 1e-9) continue;
    sorted.push([angle, value]);
  }
  return (angle: number) => {
    for (let i = 0; i < sorted.length; i++) {
      const a = sorted[i], b = sorted[(i + 1) % sorted.length];
      let span = b[0] - a[0], off = angle - a[0];
      if (i === sorted.length - 1) span += 2 * Math.PI;
      if (off < 0) off += 2 * Math.PI;
      if (off <= span) return a[1] + ((b[1] - a[1]) * off) / span;
    }
    return sorted[0][1];
  };
}

/**
 * A head placed on a body: moved so that its vertex is at `top` and its neck loop is centred on the
 * ring; where its neck tube ends under the chin (`blendHead` head space, `blendStart` placed) and its
 * cut's height and section.
 */
function headOnBody(head: Mesh, ringCentre: [number, number], top: number, o: Required<Omit<FuseHeadOptions, 'reference'>>) {
  const hp = head.positions;
  let headTop = -Infinity;
  for (let v = 1; v < hp.length; v += 3) headTop = Math.max(headTop, hp[v]);
  const neck = neckLoop(head);
  const offset: [number, number, number] = [ringCentre[0] - neck.centre[0], top - headTop, ringCentre[1] - neck.centre[1]];
  // The chin's lowest point, in head space: below it the head is a neck tube that can be reshaped.
  let loopRadius = 0;
  for (const v of neck.loop) loopRadius += Math.hypot(hp[v * 3] - neck.centre[0], hp[v * 3 + 2] - neck.centre[1]) / neck.loop.length;
  let chin = Infinity;
  for (let v = 0; v < hp.length / 3; v++) {
    const front = hp[v * 3 + 2] - neck.centre[1];
    if (front > 0 && Math.hypot(hp[v * 3] - neck.centre[0], front) > o.chinRadius * loopRadius) chin = Math.min(chin, hp[v * 3 + 1]);
  }
  const blendHead = Math.max(neck.y + 0.015, Math.min(chin, neck.y + 0.08) - o.chinMargin);
  return {
    neck, offset, loopRadius, blendHead, blendStart: blendHead + offset[1], loopY: neck.y + offset[1],
    loopXZ: neck.loop.map((v) => [hp[v * 3] + offset[0], hp[v * 3 + 2] + offset[2]] as [number, number]),
  };
}

/**
 * Rounds the shading where the neck meets the chest and the trapezius: the geometry has a corner
 * there (a real neck has muscle over it), which read as a collar. Normals within `band` of the
 * junction (`junctionAt(x, z)`, its height) are averaged with their welded neighbours' over
 * `passes`, most at the junction and fading out at the band's edges; positions do not move, and
 * vertices at one place keep one normal.
 */
function softenJunction(
  positions: Float32Array, indices: Uint32Array, normals: Float32Array, junctionAt: (x: number, z: number) => number, band: number, passes: number,
): void {
  const count = positions.length / 3;
  const placeOf = new Uint32Array(count);
  const places = new Map<string, number>();
  for (let v = 0; v < count; v++) {
    const key = `${positions[v * 3].toFixed(6)},${positions[v * 3 + 1].toFixed(6)},${positions[v * 3 + 2].toFixed(6)}`;
    let place = places.get(key);
    if (place === undefined) places.set(key, (place = places.size));
    placeOf[v] = place;
  }
  const n = places.size;
  const weight = new Float32Array(n), normal = new Float64Array(n * 3);
  for (let v = 0; v < count; v++) {
    const p = placeOf[v];
    const d = Math.abs(positions[v * 3 + 1] - junctionAt(positions[v * 3], positions[v * 3 + 2]));
    weight[p] = 1 - smoothstep(0, band, d);
    for (let k = 0; k < 3; k++) normal[p * 3 + k] = normals[v * 3 + k];
  }
  const neighbours: Set<number>[] = Array.from({ length: n }, () => new Set());
  for (let f = 0; f < indices.length; f += 3) {
    const t = [placeOf[indices[f]], placeOf[indices[f + 1]], placeOf[indices[f + 2]]];
    if (!weight[t[0]] && !weight[t[1]] && !weight[t[2]]) continue;
    for (let k = 0; k < 3; k++) { neighbours[t[k]].add(t[(k + 1) % 3]); neighbours[t[k]].add(t[(k + 2) % 3]); }
  }
  for (let pass = 0; pass < passes; pass++) {
    const next = normal.slice();
    for (let p = 0; p < n; p++) {
      if (!weight[p] || !neighbours[p].size) continue;
      const mean = [0, 0, 0];
      for (const q of neighbours[p]) for (let k = 0; k < 3; k++) mean[k] += normal[q * 3 + k] / neighbours[p].size;
      const m = [0, 1, 2].map((k) => normal[p * 3 + k] + weight[p] * (mean[k] - normal[p * 3 + k]));
      const length = Math.hypot(m[0], m[1], m[2]) || 1;
      for (let k = 0; k < 3; k++) next[p * 3 + k] = m[k] / length;
    }
    normal.set(next);
  }
  for (let v = 0; v < count; v++) if (weight[placeOf[v]]) for (let k = 0; k < 3; k++) normals[v * 3 + k] = normal[placeOf[v] * 3 + k];
}
