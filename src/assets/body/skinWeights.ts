import { smoothstep } from '../../core/smoothstep.js';
import type { BodyMesh } from './bodyMesh.js';
import { bodyLayout } from './bodyMesh.js';
import type { Vec3 } from './bodyProportions.js';
import { FINGER_JOINTS, fingerDirection, THUMB_JOINTS, THUMB_RINGS, thumbCurve } from './bodyHand.js';
import { bodyTopology } from './bodyTopology.js';
import { FINGER_NAMES, type Skeleton } from './skeleton.js';

/** Four joint indices and four weights per body vertex; weights sum to 1, unused slots weigh 0. */
export interface SkinWeights {
  joints: Uint16Array;
  weights: Float32Array;
}

export interface SkinWeightsOptions {
  /** Rounds of neighbour averaging that soften where parts meet (arm roots, crotch, palm). */
  smoothing?: number;
}

export const SKIN_WEIGHTS_DEFAULTS: Required<SkinWeightsOptions> = { smoothing: 4 };

type Part = 'torso' | 'leg' | 'foot' | 'arm' | 'palm' | 'finger' | 'thumb';

/** Which part each body vertex belongs to, and for fingers which finger (0 index … 3 pinky). */
function parts(): { part: Part[]; finger: Int8Array; thumbT: Float32Array } {
  const t = bodyTopology();
  const part: Part[] = new Array(t.vertexCount).fill('torso');
  const finger = new Int8Array(t.vertexCount).fill(-1);
  const thumbT = new Float32Array(t.vertexCount);
  const mark = (ids: Iterable<number>, p: Part, f = -1): void => {
    for (const v of ids) if (v >= 0) { part[v] = p; if (f >= 0) finger[v] = f; }
  };
  mark(t.crotch, 'leg');
  for (const s of t.sides) {
    mark(s.leg.rings.flat(), 'leg');
    mark(s.foot.grid, 'foot');
    mark([s.foot.heel, s.foot.toe], 'foot');
    mark(s.arm.rings.flat(), 'arm');
    mark(s.palm.grid, 'palm');
    mark(s.palm.webs, 'palm');
    s.fingers.forEach((fg, f) => mark([...fg.rings.flat(), fg.tip], 'finger', f));
    mark([...s.thumb.rings.flat(), s.thumb.tip], 'thumb');
    s.thumb.rings.forEach((ring, i) => ring.forEach((v) => (thumbT[v] = THUMB_RINGS[i])));
    thumbT[s.thumb.tip] = 1;
  }
  return { part, finger, thumbT };
}

/**
 * Skin weights of a body: rigid segments blended smoothly across each joint, by the vertex's place
 * along its limb, then averaged over neighbours and cut to the four largest.
 *
 * - Spine: tent functions over the heights of Hips, Spine, Spine1, Spine2 and Neck.
 * - Arm roots: LeftShoulder and LeftArm fade out over the torso around the shoulder; the arm's first
 *   rings blend from LeftShoulder into LeftArm.
 * - Elbows and knees: the blend is centred past the joint on the outside of the bend (behind the
 *   elbow, in front of the knee) and is wide on the inside. Linear blending squeezes a ring that sits
 *   half-way between two bones to cos(θ/2) of its size; with the outside's rings mostly on one bone
 *   the outline keeps its corner and the cross-section keeps most of its area at 90°.
 * - Hips: the top of the thigh and the bottom of the torso share Hips and UpLeg.
 * - Hands: Hand, then each finger's three phalanges split at their joints; the thumb likewise.
 *
 * ```ts
 * const weights = bodySkinWeights(body, bodySkeleton(body.proportions));
 * ```
 */
export function bodySkinWeights(body: Pick<BodyMesh, 'positions' | 'proportions'>, skeleton: Skeleton, options: SkinWeightsOptions = {}): SkinWeights {
  const o = { ...SKIN_WEIGHTS_DEFAULTS, ...options };
  const P = body.positions;
  const p = body.proportions;
  const n = P.length / 3;
  const B = skeleton.bones.length;
  const bone = (name: string): number => skeleton.index.get(name)!;
  const raw = new Float32Array(n * B);
  const { part, finger, thumbT } = parts();
  const thumbRoot = thumbCurve(p).root;
  const head = (name: string): Vec3 => skeleton.bones[bone(name)].head;
  const spine = ['Hips', 'Spine', 'Spine1', 'Spine2', 'Neck'].map((b) => ({ id: bone(b), y: head(b)[1] }));
  const spineY = [p.y.hips, (head('Spine')[1] + head('Spine1')[1]) / 2 + 0.0, head('Spine1')[1] + 0.03, p.y.armpit + 0.02, p.y.neckBase + 0.005];

  /** 1 on the inside of a bend, 0 on the outside, from the offset towards the inside and across it. */
  const insideness = (towards: number, across: number): number => 0.5 + (0.5 * towards) / (Math.hypot(towards, across) || 1);
  /**
   * The distal bone's share across a hinge, by the distance past the joint. On the inside of the bend
   * the blend is wide and centred on the joint: the skin there is squeezed, and a blend steeper than
   * about 1 / (2 r tan(θ/2)) folds it over. On the outside it is narrow and centred past the joint,
   * so the outline keeps its corner instead of collapsing to cos(θ/2) of its size.
   */
  const bendBlend = (past: number, inside: number, r: number): number => {
    const centre = (1 - inside) ** 2 * 1.8 * r;
    const half = (1 - inside) * 0.9 * r + inside * 2.3 * r;
    return smoothstep(centre - half, centre + half, past);
  };
  /** The thigh's share around the hip: wide over the groin (inside of flexion), narrow under the buttock. */
  const hipBlend = (x: number, y: number, z: number, axisX: number): number => {
    const inside = insideness(z, x - axisX);
    const below = p.hipJoint[1] - y;
    const centre = (1 - inside) * (p.hipJoint[1] - p.y.crotch + 0.03);
    const half = (1 - inside) * 0.06 + inside * 0.25;
    return smoothstep(centre - half, centre + half, below);
  };
  /** The upper arm's share around the shoulder, by the distance out along the arm, fading below the armpit. */
  const shoulderJoint = p.shoulder;
  const shoulderBlend = (x: number, y: number): number =>
    smoothstep(-0.11, 0.07, x - shoulderJoint[0]) * smoothstep(p.y.armpit - 0.12, p.y.armpit, y);

  for (let v = 0; v < n; v++) {
    const sign = P[v * 3] < 0 ? -1 : 1;
    const side = sign > 0 ? 'Left' : 'Right';
    const x = P[v * 3] * sign, y = P[v * 3 + 1], z = P[v * 3 + 2];
    const w = (name: string, value: number): void => void (raw[v * B + bone(name)] += value);
    const limb = (name: string): string => `${side}${name}`;
    switch (part[v]) {
      case 'torso': {
        const arm = shoulderBlend(x, y);
        const clav = (1 - smoothstep(0.03, 0.1, Math.abs(y - p.y.acromion))) * smoothstep(0.04, 0.12, x) * 0.5 * (1 - arm);
        const hip = hipBlend(x, y, z, 0);
        // The middle of the belly follows both thighs half-way.
        const left = smoothstep(-0.03, 0.03, x * sign);
        w(limb('Arm'), arm);
        w(limb('Shoulder'), clav);
        w('LeftUpLeg', hip * left);
        w('RightUpLeg', hip * (1 - left));
        const rest = 1 - arm - clav - hip;
        spineTent(y, spineY, spine.map((s) => s.id), (id, k) => void (raw[v * B + id] += k * rest));
        break;
      }
      case 'leg': {
        const knee = head(limb('Leg')), ankle = head(limb('Foot'));
        const r = p.legGirth.knee / (2 * Math.PI);
        // The inside of the knee's bend is the back.
        const inside = insideness(-(z - p.knee[2]), x - p.knee[0]);
        const lower = bendBlend(knee[1] - y, inside, r);
        const foot = 1 - smoothstep(ankle[1] + 0.015, ankle[1] + 0.07, y);
        const hip = hipBlend(x, y, z, p.hipJoint[0]);
        // The crotch line is shared by both thighs.
        const own = smoothstep(-0.03, 0.03, x);
        w('Hips', 1 - hip);
        w(limb('UpLeg'), hip * (1 - lower) * own);
        w(sign > 0 ? 'RightUpLeg' : 'LeftUpLeg', hip * (1 - lower) * (1 - own));
        w(limb('Leg'), hip * lower * (1 - foot));
        w(limb('Foot'), hip * lower * foot);
        break;
      }
      case 'foot': {
        const ball = head(limb('ToeBase'));
        const toe = smoothstep(ball[2] - 0.015, ball[2] + 0.02, z);
        const leg = 1 - smoothstep(p.ankle[1] + 0.02, p.ankle[1] + 0.07, y);
        w(limb('Leg'), 1 - leg);
        w(limb('Foot'), leg * (1 - toe));
        w(limb('ToeBase'), leg * toe);
        break;
      }
      case 'arm': {
        // Joint positions of this side, mirrored to the left as the vertex is.
        const el = head('LeftForeArm'), wr = head('LeftHand');
        const r = p.armGirth.elbow / (2 * Math.PI);
        // The inside of the elbow's bend is the front: the forearm folds forward.
        const inside = insideness(z - p.elbow[2], y - p.elbow[1]);
        const fore = bendBlend(x - el[0], inside, r);
        const arm = shoulderBlend(x, y);
        const hand = smoothstep(wr[0] - 0.025, wr[0] + 0.01, x);
        w(limb('Shoulder'), (1 - arm) * 0.4);
        w('Spine2', (1 - arm) * 0.6);
        w(limb('Arm'), arm * (1 - fore));
        w(limb('ForeArm'), arm * fore * (1 - hand));
        w(limb('Hand'), arm * fore * hand);
        break;
      }
      case 'palm': {
        // Near the knuckles the palm follows the nearest finger's first phalanx.
        const k = p.hand.knuckles;
        let best = 0;
        for (let f = 1; f < 4; f++) if (Math.abs(z - k[f][2]) < Math.abs(z - k[best][2])) best = f;
        const toFinger = smoothstep(k[best][0] - 0.03, k[best][0] + 0.006, x) * 0.8;
        const tb = thumbRoot;
        const thumb = (1 - smoothstep(0.0, 0.05, Math.hypot(x - tb[0], y - tb[1], z - tb[2]))) * 0.8;
        const wrist = 1 - smoothstep(p.wrist[0] - 0.01, p.wrist[0] + 0.015, x);
        w(limb(`Hand${FINGER_NAMES[best]}1`), toFinger * (1 - thumb));
        w(limb('HandThumb1'), thumb);
        w(limb('ForeArm'), wrist * (1 - toFinger) * (1 - thumb));
        w(limb('Hand'), (1 - wrist) * (1 - toFinger) * (1 - thumb));
        break;
      }
      case 'finger': {
        const f = finger[v];
        const k = p.hand.knuckles[f], d = fingerDirection(p, f), L = p.hand.fingerLengths[f];
        const s = ((x - k[0]) * d[0] + (y - k[1]) * d[1] + (z - k[2]) * d[2]) / L;
        const j2 = smoothstep(FINGER_JOINTS[0] - 0.07, FINGER_JOINTS[0] + 0.05, s);
        const j3 = smoothstep(FINGER_JOINTS[1] - 0.06, FINGER_JOINTS[1] + 0.04, s);
        const name = FINGER_NAMES[f];
        w(limb(`Hand${name}1`), 1 - j2);
        w(limb(`Hand${name}2`), j2 * (1 - j3));
        w(limb(`Hand${name}3`), j3);
        break;
      }
      case 'thumb': {
        const t = thumbT[v];
        // The thumb's rings move as one at its base: the palm around the root takes the blend, where the
        // mesh has room for it (the thumb's web is crowded).
        const base = 0.2 * (1 - smoothstep(0, 0.2, t));
        const j2 = smoothstep(THUMB_JOINTS[0] - 0.08, THUMB_JOINTS[0] + 0.05, t);
        const j3 = smoothstep(THUMB_JOINTS[1] - 0.07, THUMB_JOINTS[1] + 0.04, t);
        w(limb('Hand'), base * 0.5);
        w(limb('HandThumb1'), (1 - base * 0.5) * (1 - j2));
        w(limb('HandThumb2'), (1 - base * 0.5) * j2 * (1 - j3));
        w(limb('HandThumb3'), (1 - base * 0.5) * j3);
        break;
      }
    }
  }
  smoothWeights(raw, B, o.smoothing);
  return topFour(raw, n, B);
}

/** Hat functions over increasing heights; below the first and above the last, one bone. */
function spineTent(y: number, heights: number[], ids: number[], add: (id: number, w: number) => void): void {
  if (y <= heights[0]) return add(ids[0], 1);
  for (let i = 0; i + 1 < heights.length; i++) {
    if (y <= heights[i + 1]) {
      const t = smoothstep(heights[i], heights[i + 1], y);
      add(ids[i], 1 - t);
      add(ids[i + 1], t);
      return;
    }
  }
  add(ids[ids.length - 1], 1);
}

function smoothWeights(raw: Float32Array, B: number, rounds: number): void {
  const { neighbours } = bodyLayout();
  const n = raw.length / B;
  const next = new Float32Array(raw.length);
  for (let r = 0; r < rounds; r++) {
    for (let v = 0; v < n; v++) {
      const s = neighbours.start[v], e = neighbours.start[v + 1];
      for (let b = 0; b < B; b++) {
        let sum = 0;
        for (let i = s; i < e; i++) sum += raw[neighbours.list[i] * B + b];
        next[v * B + b] = 0.5 * raw[v * B + b] + (0.5 * sum) / Math.max(1, e - s);
      }
    }
    raw.set(next);
  }
}

function topFour(raw: Float32Array, n: number, B: number): SkinWeights {
  const joints = new Uint16Array(n * 4);
  const weights = new Float32Array(n * 4);
  const order = Array.from({ length: B }, (_, i) => i);
  for (let v = 0; v < n; v++) {
    order.sort((a, b) => raw[v * B + b] - raw[v * B + a] || a - b);
    let sum = 0;
    for (let i = 0; i < 4; i++) sum += raw[v * B + order[i]];
    for (let i = 0; i < 4; i++) {
      const weight = sum > 0 ? raw[v * B + order[i]] / sum : i === 0 ? 1 : 0;
      // An unused slot names joint 0, as glTF's validator asks.
      joints[v * 4 + i] = weight > 0 ? order[i] : 0;
      weights[v * 4 + i] = weight;
    }
  }
  return { joints, weights };
}

/**
 * Skin weights per mesh vertex (UV-seam copies take their body vertex's), as the export writers and
 * glTF want them: `vertexOf` is BodyMesh.vertexOf.
 *
 * ```ts
 * const skin = meshSkinWeights(bodySkinWeights(body, skeleton), body.vertexOf);
 * ```
 */
export function meshSkinWeights(weights: SkinWeights, vertexOf: Uint32Array): SkinWeights {
  const joints = new Uint16Array(vertexOf.length * 4);
  const out = new Float32Array(vertexOf.length * 4);
  vertexOf.forEach((v, i) => {
    joints.set(weights.joints.subarray(v * 4, v * 4 + 4), i * 4);
    out.set(weights.weights.subarray(v * 4, v * 4 + 4), i * 4);
  });
  return { joints, weights: out };
}
