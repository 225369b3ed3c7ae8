import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { flippedByPose } from './support/bodyPose.js';
import {
  BODY_SHAPE_INTERVALS, BONE_NAMES, bodyLayout, bodyShapeCoeffs10, bodySkeleton, bodySkinWeights, bodyTopology,
  poseBody, poseSkeleton, solveBodyShape, type BodyGender, type BodyShape, type BoneRotations, type Skeleton,
  type SkinWeights, type SolvedBody, type Vec3,
} from '../src/assets/body/index.js';

/** The spec's body_0.3 female/male LOD0 is 19538/36196 with the head; head/mobile's head is 12367/23404. */
const BODY_VERTICES = 19538 - 12367;
const BODY_FACES = 36196 - 23404;

let solved: SolvedBody;
let skeleton: Skeleton;
let weights: SkinWeights;

/** Bodies the joint ranges are bent on: the mean man, and the smallest and the heaviest woman of the intervals. */
let rigs: { label: string; body: SolvedBody['body']; skeleton: Skeleton; weights: SkinWeights }[];

before(() => {
  solved = solveBodyShape({ gender: 'male' });
  skeleton = bodySkeleton(solved.body.proportions);
  weights = bodySkinWeights(solved.body, skeleton);
  rigs = [{ label: 'mean man', body: solved.body, skeleton, weights }];
  for (const [label, shape] of [
    ['smallest woman', { gender: 'female', height: 150, weight: 54, chest: 90, waist: 73, hips: 90 }],
    ['heaviest woman', { gender: 'female', height: 174, weight: 86, chest: 115, waist: 98, hips: 116 }],
  ] as const) {
    const body = solveBodyShape(shape).body;
    const s = bodySkeleton(body.proportions);
    rigs.push({ label, body, skeleton: s, weights: bodySkinWeights(body, s) });
  }
});

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const unit = (a: Vec3): Vec3 => { const n = Math.hypot(...a) || 1; return [a[0] / n, a[1] / n, a[2] / n]; };
const at = (p: Float32Array, v: number): Vec3 => [p[v * 3], p[v * 3 + 1], p[v * 3 + 2]];
const faceNormal = (p: Float32Array, t: Uint32Array, f: number): Vec3 =>
  cross(sub(at(p, t[f * 3 + 1]), at(p, t[f * 3])), sub(at(p, t[f * 3 + 2]), at(p, t[f * 3])));

describe('body mesh', () => {
  test('vertex and face counts are within 3 % of the body part of the body_0.3 LOD0 budget', () => {
    const { mesh } = solved.body;
    const vertices = mesh.positions.length / 3, faces = mesh.indices.length / 3;
    console.log(`# body: ${vertices} vertices (budget ${BODY_VERTICES}), ${faces} triangles (budget ${BODY_FACES})`);
    assert.ok(Math.abs(vertices / BODY_VERTICES - 1) <= 0.03, `${vertices} vertices`);
    assert.ok(Math.abs(faces / BODY_FACES - 1) <= 0.03, `${faces} faces`);
  });

  test('the surface is closed except for the neck ring, and every edge is walked once each way', () => {
    const { triangles } = solved.body;
    const topology = bodyTopology();
    const uses = new Map<string, number>();
    const directed = new Set<string>();
    for (let t = 0; t < triangles.length; t += 3) {
      for (let i = 0; i < 3; i++) {
        const a = triangles[t + i], b = triangles[t + ((i + 1) % 3)];
        const key = a < b ? `${a},${b}` : `${b},${a}`;
        uses.set(key, (uses.get(key) ?? 0) + 1);
        assert.ok(!directed.has(`${a},${b}`), 'an edge walked twice the same way: inconsistent orientation');
        directed.add(`${a},${b}`);
      }
    }
    const neck = new Set(topology.neckRing);
    const open = [...uses].filter(([, n]) => n === 1).map(([key]) => key.split(',').map(Number));
    assert.ok([...uses.values()].every((n) => n === 1 || n === 2), 'an edge with more than two faces');
    assert.equal(open.length, topology.neckRing.length);
    assert.ok(open.every(([a, b]) => neck.has(a) && neck.has(b)), 'an open edge off the neck ring');
  });

  /** Smallest triangle, triangles whose normal opposes their vertices' normals (folds), enclosed volume. */
  function surfaceDefects(body: SolvedBody['body']): { smallest: number; folded: number; volume: number } {
    const { positions, triangles } = body;
    const normals = body.mesh.normals!;
    const { vertexOf } = bodyLayout();
    // Mesh normals per body vertex (seam copies share them).
    const vn = new Float32Array(positions.length);
    vertexOf.forEach((v, i) => vn.set(normals.subarray(i * 3, i * 3 + 3), v * 3));
    let volume = 0, smallest = Infinity, folded = 0;
    for (let f = 0; f < triangles.length / 3; f++) {
      const n = faceNormal(positions, triangles, f);
      smallest = Math.min(smallest, Math.hypot(...n) / 2);
      volume += dot(at(positions, triangles[f * 3]), n) / 6;
      const mean: Vec3 = [0, 0, 0];
      for (let i = 0; i < 3; i++) for (let c = 0; c < 3; c++) mean[c] += vn[triangles[f * 3 + i] * 3 + c];
      if (dot(n, mean) <= 0) folded++;
    }
    return { smallest, folded, volume };
  }

  test('no triangle is degenerate or folded at rest, and the surface faces outwards', () => {
    const { smallest, folded, volume } = surfaceDefects(solved.body);
    assert.ok(smallest > 1e-8, `smallest triangle ${smallest} m²`);
    assert.equal(folded, 0);
    assert.ok(volume > 0.03 && volume < 0.2, `enclosed volume ${volume} m³`);
  });

  test('nor at the corners of the spec intervals, nor with the proportion controls at ±10 %', () => {
    const shapes: BodyShape[] = [];
    for (const gender of ['female', 'male'] as BodyGender[]) {
      const iv = BODY_SHAPE_INTERVALS[gender];
      for (const end of [0, 1]) {
        shapes.push({ gender, height: iv.height[end], weight: iv.weight[end], chest: iv.chest[end], waist: iv.waist[end], hips: iv.hips[end] });
        // A contrary body: the chest and hips of one end with the waist of the other.
        shapes.push({ gender, height: iv.height[end], weight: iv.weight[end], chest: iv.chest[1 - end], waist: iv.waist[end], hips: iv.hips[1 - end] });
      }
      for (const k of [0.9, 1.1]) shapes.push({ gender, shoulderWidth: k, armLength: k, legLength: k, torsoLength: 2 - k, neck: k });
    }
    for (const shape of shapes) {
      const { smallest, folded } = surfaceDefects(solveBodyShape(shape).body);
      assert.ok(smallest > 1e-8 && folded === 0, `${JSON.stringify(shape)}: smallest ${smallest} m², ${folded} folded`);
    }
  });

  test('UVs lie in the unit square, islands do not overlap and none is mirrored', () => {
    const { uvs } = solved.body.mesh;
    for (const x of uvs!) assert.ok(x >= 0 && x <= 1);
    const { topology, vertexOf } = { topology: bodyTopology(), vertexOf: bodyLayout().vertexOf };
    void vertexOf;
    // Bounding boxes of islands, from the triangles' UVs grouped by island order in faces.
    const { indices } = solved.body.mesh;
    const boxes = topology.islands.map(() => [Infinity, Infinity, -Infinity, -Infinity]);
    let t = 0;
    for (const face of topology.faces) {
      const triangleCount = face.corners.length - 2;
      for (let k = 0; k < triangleCount * 3; k++, t++) {
        const i = indices[t];
        const b = boxes[face.island];
        b[0] = Math.min(b[0], uvs![i * 2]); b[1] = Math.min(b[1], uvs![i * 2 + 1]);
        b[2] = Math.max(b[2], uvs![i * 2]); b[3] = Math.max(b[3], uvs![i * 2 + 1]);
      }
    }
    // Seen from outside every island is the right way round (u to the right, v down the image): in
    // (u, v) with v downwards an outward-facing triangle turns clockwise, a negative signed area.
    let mirrored = 0;
    for (let i = 0; i < indices.length; i += 3) {
      const [a, b, c] = [indices[i], indices[i + 1], indices[i + 2]];
      const area = (uvs![b * 2] - uvs![a * 2]) * (uvs![c * 2 + 1] - uvs![a * 2 + 1]) - (uvs![c * 2] - uvs![a * 2]) * (uvs![b * 2 + 1] - uvs![a * 2 + 1]);
      if (area >= 0) mirrored++;
    }
    assert.equal(mirrored, 0, 'triangles mirrored or degenerate in UV');
    for (let a = 0; a < boxes.length; a++) {
      for (let b = a + 1; b < boxes.length; b++) {
        const A = boxes[a], B = boxes[b];
        const overlap = A[0] < B[2] - 1e-6 && B[0] < A[2] - 1e-6 && A[1] < B[3] - 1e-6 && B[1] < A[3] - 1e-6;
        assert.ok(!overlap, `${topology.islands[a].name} overlaps ${topology.islands[b].name}`);
      }
    }
  });

  test('the neck ring, where the head joins, is a level ring at the top of the body', () => {
    const { positions } = solved.body;
    const ring = bodyTopology().neckRing.map((v) => at(positions, v));
    let top = -Infinity;
    for (let i = 1; i < positions.length; i += 3) top = Math.max(top, positions[i]);
    for (const q of ring) assert.ok(Math.abs(q[1] - top) < 0.001, `ring vertex at ${q[1]}, top ${top}`);
    const girth = ring.reduce((sum, q, i) => sum + Math.hypot(...sub(q, ring[(i + 1) % ring.length])), 0);
    assert.ok(girth > 0.3 && girth < 0.45, `neck ring girth ${girth} m`);
  });

  test('regions name torso, neck, arms, hands, fingers, legs and feet', () => {
    const topology = bodyTopology();
    const counts = new Map<number, number>();
    for (const r of topology.region) counts.set(r, (counts.get(r) ?? 0) + 1);
    assert.equal(counts.size, 7);
  });
});

describe('measurements', () => {
  const genders: BodyGender[] = ['female', 'male', 'non_binary'];
  const keys = ['height', 'chest', 'waist', 'hips'] as const;

  test('given measurements inside the spec intervals are met: height within 0.5 cm, girths within 1.5 cm', () => {
    const grid: BodyShape[] = [];
    for (const gender of genders) {
      const iv = BODY_SHAPE_INTERVALS[gender];
      const mid = (k: keyof typeof iv): number => (iv[k][0] + iv[k][1]) / 2;
      const base: BodyShape = { gender, height: mid('height'), weight: mid('weight'), chest: mid('chest'), waist: mid('waist'), hips: mid('hips') };
      grid.push(base);
      for (const k of keys) for (const end of [0, 1]) grid.push({ ...base, [k]: iv[k][end] });
      for (const end of [0, 1]) grid.push({ gender, height: iv.height[end], weight: iv.weight[end], chest: iv.chest[end], waist: iv.waist[end], hips: iv.hips[end] });
    }
    let worst = { height: 0, chest: 0, waist: 0, hips: 0 };
    for (const shape of grid) {
      const { measured } = solveBodyShape(shape);
      for (const k of keys) {
        const error = Math.abs(measured[k] - shape[k]!);
        worst = { ...worst, [k]: Math.max(worst[k], error) };
        assert.ok(error <= (k === 'height' ? 0.5 : 1.5), `${JSON.stringify(shape)}: ${k} ${measured[k].toFixed(2)}`);
      }
    }
    console.log(`# ${grid.length} bodies, worst errors (cm): ${Object.entries(worst).map(([k, e]) => `${k} ${e.toFixed(3)}`).join(', ')}`);
  });

  test('weight drives the girths when they are not given', () => {
    const light = solveBodyShape({ gender: 'female', height: 165, weight: 55 }).measured;
    const heavy = solveBodyShape({ gender: 'female', height: 165, weight: 85 }).measured;
    for (const k of ['chest', 'waist', 'hips'] as const) assert.ok(heavy[k] > light[k] + 5, `${k}: ${light[k]} → ${heavy[k]}`);
  });
});

describe('body_shape_coeffs_10', () => {
  test('ten finite coefficients, the same for the same input, different for different bodies', () => {
    const a = bodyShapeCoeffs10({ gender: 'female', height: 165, weight: 60 });
    const b = bodyShapeCoeffs10({ gender: 'female', height: 165, weight: 60 });
    const c = bodyShapeCoeffs10({ gender: 'male', height: 185, weight: 95 });
    assert.equal(a.length, 10);
    assert.ok(a.every(Number.isFinite));
    assert.deepEqual(a, b);
    assert.ok(a.some((x, i) => Math.abs(x - c[i]) > 0.1));
  });
});

describe('skeleton', () => {
  test('Mixamo bone names without prefix, Hips the root, parents before children', () => {
    const required = ['Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head', 'LeftEye', 'RightEye', 'Jaw'];
    for (const s of ['Left', 'Right']) {
      required.push(`${s}Shoulder`, `${s}Arm`, `${s}ForeArm`, `${s}Hand`, `${s}UpLeg`, `${s}Leg`, `${s}Foot`, `${s}ToeBase`);
      for (const f of ['Thumb', 'Index', 'Middle', 'Ring', 'Pinky']) for (let i = 1; i <= 3; i++) required.push(`${s}Hand${f}${i}`);
    }
    assert.deepEqual([...BONE_NAMES].sort(), [...required].sort());
    const bones = skeleton.bones;
    assert.equal(bones[0].name, 'Hips');
    assert.equal(bones[0].parent, -1);
    bones.forEach((b, i) => i > 0 && assert.ok(b.parent >= 0 && b.parent < i, b.name));
    const parent = (name: string): string => bones[bones[skeleton.index.get(name)!].parent].name;
    assert.equal(parent('LeftShoulder'), 'Spine2');
    assert.equal(parent('LeftForeArm'), 'LeftArm');
    assert.equal(parent('RightHandIndex1'), 'RightHand');
    assert.equal(parent('RightHandIndex3'), 'RightHandIndex2');
    assert.equal(parent('LeftUpLeg'), 'Hips');
    assert.equal(parent('LeftToeBase'), 'LeftFoot');
    assert.equal(parent('Jaw'), 'Head');
  });

  test('joints follow the shape: a taller body has longer bones, and the bind pose is a T-pose', () => {
    const length = (s: Skeleton, a: string, b: string): number => Math.hypot(...sub(s.bones[s.index.get(a)!].head, s.bones[s.index.get(b)!].head));
    const short = bodySkeleton(solveBodyShape({ gender: 'male', height: 162 }).body.proportions);
    const tall = bodySkeleton(solveBodyShape({ gender: 'male', height: 186 }).body.proportions);
    for (const [a, b] of [['LeftUpLeg', 'LeftLeg'], ['LeftArm', 'LeftForeArm'], ['Hips', 'Neck']]) assert.ok(length(tall, a, b) > length(short, a, b) * 1.08, `${a}–${b}`);
    const arm = ['LeftArm', 'LeftForeArm', 'LeftHand'].map((n) => skeleton.bones[skeleton.index.get(n)!].head);
    assert.ok(Math.abs(arm[2][1] - arm[0][1]) < 0.01, 'arms are horizontal');
  });
});

describe('skin weights', () => {
  test('the empty pose is the bind pose', () => {
    const posed = poseBody(solved.body.positions, skeleton, weights, {});
    let worst = 0;
    for (let i = 0; i < posed.length; i++) worst = Math.max(worst, Math.abs(posed[i] - solved.body.positions[i]));
    assert.ok(worst < 1e-6, `moved ${worst} m`);
  });

  test('at most four influences per vertex, non-negative, summing to 1', () => {
    const n = weights.weights.length / 4;
    for (let v = 0; v < n; v++) {
      let sum = 0;
      for (let i = 0; i < 4; i++) {
        assert.ok(weights.weights[v * 4 + i] >= 0);
        sum += weights.weights[v * 4 + i];
      }
      assert.ok(Math.abs(sum - 1) < 1e-5, `vertex ${v}: ${sum}`);
    }
  });

  /**
   * A triangle is flipped when its posed normal points against where its vertices' bones would
   * carry its rest normal: the weighted blend of the bones' rotations applied to the rest normal.
   * That is fair for any joint and any place on the body, stretched or squeezed.
   */
  function flipped(pose: BoneRotations, rig: (typeof rigs)[number]): number {
    return flippedByPose(rig.body.positions, rig.body.triangles, rig.skeleton, rig.weights, pose);
  }

  const ranges: [string, (deg: number) => BoneRotations, number[]][] = [
    ['elbow 0–140°', (d) => ({ LeftForeArm: { axis: [0, 1, 0], degrees: -d }, RightForeArm: { axis: [0, 1, 0], degrees: d } }), [0, 45, 90, 140]],
    ['knee 0–140°', (d) => ({ LeftLeg: { axis: [1, 0, 0], degrees: d }, RightLeg: { axis: [1, 0, 0], degrees: d } }), [45, 90, 140]],
    ['shoulder from arms-down (−80°) to raised 170° (+80° from the T)', (d) => ({ LeftArm: { axis: [0, 0, 1], degrees: d }, RightArm: { axis: [0, 0, 1], degrees: -d } }), [-80, -45, 45, 80]],
    ['hip flexion 0–110°', (d) => ({ LeftUpLeg: { axis: [1, 0, 0], degrees: -d }, RightUpLeg: { axis: [1, 0, 0], degrees: -d } }), [45, 90, 110]],
    ['one hip flexed alone 0–60° (a stride; the crotch line shears past about 70°)', (d) => ({ LeftUpLeg: { axis: [1, 0, 0], degrees: -d } }), [30, 60]],
    ['spine twist ±40° per spine bone', (d) => ({ Spine: { axis: [0, 1, 0], degrees: d }, Spine1: { axis: [0, 1, 0], degrees: d }, Spine2: { axis: [0, 1, 0], degrees: d } }), [-40, 40]],
    ['finger curls 0–90°', (d) => {
      const pose: BoneRotations = {};
      for (const f of ['Index', 'Middle', 'Ring', 'Pinky']) for (let i = 1; i <= 3; i++) {
        pose[`LeftHand${f}${i}`] = { axis: [0, 0, 1], degrees: -d };
        pose[`RightHand${f}${i}`] = { axis: [0, 0, 1], degrees: d };
      }
      const dir = solved.body.proportions.hand.thumbDirection;
      const axis = unit(cross(dir, [0, -1, 0]));
      // The thumb curls at its MCP and IP joints; its base (CMC) follows a quarter of the way.
      for (let i = 1; i <= 3; i++) {
        const share = i === 1 ? 0.25 : 0.6;
        pose[`LeftHandThumb${i}`] = { axis, degrees: d * share };
        pose[`RightHandThumb${i}`] = { axis: [axis[0], -axis[1], -axis[2]], degrees: d * share };
      }
      return pose;
    }, [45, 90]],
  ];
  for (const [name, pose, angles] of ranges) {
    test(`${name} flips no triangle`, () => {
      for (const rig of rigs) for (const deg of angles) assert.equal(flipped(pose(deg), rig), 0, `${rig.label}, ${deg}°`);
    });
  }

  /**
   * Area of the section of the posed limb through a joint, in the plane that bisects the bend,
   * against the rest section square to the bone at the same joint.
   */
  function sectionRatio(parent: string, joint: string, child: string, pose: BoneRotations, side: number): number {
    const { positions, triangles } = solved.body;
    const posed = poseBody(positions, skeleton, weights, pose);
    const ps = poseSkeleton(skeleton, pose);
    const id = (n: string): number => skeleton.index.get(n)!;
    const area = (p: Float32Array, centre: Vec3, normal: Vec3): number => {
      let total = 0;
      for (let f = 0; f < triangles.length / 3; f++) {
        const tri = [0, 1, 2].map((i) => at(p, triangles[f * 3 + i]));
        if (tri.some((q) => Math.hypot(...sub(q, centre)) > 0.14 || q[0] * side < 0.02)) continue;
        const d = tri.map((q) => dot(sub(q, centre), normal));
        const points: Vec3[] = [];
        for (let i = 0; i < 3; i++) {
          const j = (i + 1) % 3;
          if ((d[i] < 0) === (d[j] < 0)) continue;
          const s = d[i] / (d[i] - d[j]);
          points.push([tri[i][0] + (tri[j][0] - tri[i][0]) * s, tri[i][1] + (tri[j][1] - tri[i][1]) * s, tri[i][2] + (tri[j][2] - tri[i][2]) * s]);
        }
        if (points.length !== 2) continue;
        let [a, b] = points;
        const n = cross(sub(tri[1], tri[0]), sub(tri[2], tri[0]));
        if (dot(sub(b, a), cross(normal, n)) < 0) [a, b] = [b, a];
        total += dot(cross(sub(a, centre), sub(b, centre)), normal) / 2;
      }
      return Math.abs(total);
    };
    const rest = skeleton.bones;
    const upper = unit(sub(rest[id(joint)].head, rest[id(parent)].head));
    const lower = unit(sub(ps.heads[id(child)], ps.heads[id(joint)]));
    const before = area(positions, rest[id(joint)].head, upper);
    const after = area(posed, ps.heads[id(joint)], unit([upper[0] + lower[0], upper[1] + lower[1], upper[2] + lower[2]]));
    return after / before;
  }

  test('elbows and knees keep at least 80 % of their cross-section at 90°', () => {
    const elbow = sectionRatio('LeftArm', 'LeftForeArm', 'LeftHand', { LeftForeArm: { axis: [0, 1, 0], degrees: -90 } }, 1);
    const knee = sectionRatio('LeftUpLeg', 'LeftLeg', 'LeftFoot', { LeftLeg: { axis: [1, 0, 0], degrees: 90 } }, 1);
    const rightElbow = sectionRatio('RightArm', 'RightForeArm', 'RightHand', { RightForeArm: { axis: [0, 1, 0], degrees: 90 } }, -1);
    console.log(`# section kept at 90°: left elbow ${(elbow * 100).toFixed(1)} %, right elbow ${(rightElbow * 100).toFixed(1)} %, knee ${(knee * 100).toFixed(1)} %`);
    assert.ok(elbow >= 0.8, `elbow ${elbow}`);
    assert.ok(rightElbow >= 0.8, `right elbow ${rightElbow}`);
    assert.ok(knee >= 0.8, `knee ${knee}`);
  });
});
