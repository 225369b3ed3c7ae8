import type { Mesh } from '../../core/mesh.js';
import type { SceneJoint, SceneSkin } from '../../formats/scene.js';
import type { PersonaTattooPlacement } from '../catalogue/index.js';
import { jointPositions, layDesign, texelSurface, type DecalShape, type TexelSurface, type Vec3 } from './tattooDecal.js';

/** Where a placement is, from the bind pose's joints: +x is the avatar's left, +y up, +z its front. */
interface Place {
  /** The bones whose skin it is: the triangles whose every vertex follows one of them most. */
  joints: readonly string[];
  /** The design's up runs from the first joint towards the second. */
  up: readonly [string, string];
  /** The way the design faces, out of the body. */
  face: Vec3;
  /** Narrows the bones' skin: a triangle's middle `p`, the skin's mean `mid`, a joint's position. */
  keep?: (p: { x: number; y: number; z: number }, mid: { x: number; z: number }, at: (joint: string) => readonly number[]) => boolean;
  /** A limb (tattooDecal.ts): the design goes at most this share of the way round it. */
  around?: number;
}

/** About what one look at a limb shows of it: wider, a design's sides would turn out of sight. */
const AROUND = 0.4;
/**
 * The side of an arm a design faces in the T-pose: up and back, the outside and back of an arm held
 * down (seen from the side and behind). Not up and forward: the arm's UV seam runs there, and a
 * design across it shows the seam's line through it once the texture is filtered.
 */
const ARM_FACE: Vec3 = [0, 0.5, -0.85];

/**
 * Where each `avatar.tattoos` placement is on AvatarBody, and how its design lies there. The body's
 * UV layout is the same for every avatar of a gender and level, but rather than hard-code texel
 * boxes we find each placement from the skinning, and lay the design on the body's surface in 3D
 * (tattooDecal.ts), so it follows the limb and keeps its shape whatever the UV islands do.
 */
const PLACES: Readonly<Record<PersonaTattooPlacement, Place>> = {
  left_forearm: { joints: ['LeftForeArm'], up: ['LeftHand', 'LeftForeArm'], face: ARM_FACE, around: AROUND },
  right_forearm: { joints: ['RightForeArm'], up: ['RightHand', 'RightForeArm'], face: ARM_FACE, around: AROUND },
  left_upper_arm: { joints: ['LeftArm'], up: ['LeftForeArm', 'LeftArm'], face: ARM_FACE, around: AROUND },
  right_upper_arm: { joints: ['RightArm'], up: ['RightForeArm', 'RightArm'], face: ARM_FACE, around: AROUND },
  // The upper left chest, between the breastbone and the shoulder joint, the collarbone and the top
  // of a bra's cup: its skin follows the neck and arm bones as much as the spine's, so it takes all four.
  chest_left: {
    joints: ['Spine2', 'Spine1', 'Neck', 'LeftArm'], up: ['Spine1', 'Neck'], face: [0, 0, 1],
    keep: (p, _mid, at) => p.z > at('Spine2')[2] && p.x > at('Spine2')[0] + 0.02 && p.x < at('LeftArm')[0] * 0.85 && p.y < at('Neck')[1] - 0.04 && p.y > at('Spine2')[1] + 0.04,
  },
  // Between the shoulder blades, above a bra's band. Two spine joints: with one, the skin each leads alone is a narrow band.
  upper_back: {
    joints: ['Spine2', 'Spine1', 'Neck'], up: ['Spine1', 'Neck'], face: [0, 0, -1],
    keep: (p, mid, at) => p.z < mid.z && Math.abs(p.x - at('Spine2')[0]) < at('LeftArm')[0] * 0.85 && p.y < at('Neck')[1] - 0.04 && p.y > at('Spine2')[1] - 0.02,
  },
  left_calf: { joints: ['LeftLeg'], up: ['LeftFoot', 'LeftLeg'], face: [0, 0, -1], keep: (p, mid) => p.z < mid.z, around: AROUND },
  right_calf: { joints: ['RightLeg'], up: ['RightFoot', 'RightLeg'], face: [0, 0, -1], keep: (p, mid) => p.z < mid.z, around: AROUND },
};

/** A design on its placement: the texels it may ink and each one's point in the design (paintTattoos' `texels` and `at`). */
export interface TattooPlacement {
  texels: Uint32Array;
  at: Float32Array;
}

/**
 * `placement` on a `width` × `height` Color map of `mesh`, or null when the body has no skin there.
 * `covered` (optional, the map's size): texels that are not skin, such as painted underwear, which
 * no ink goes on.
 */
export function tattooPlacement(mesh: Mesh, skin: SceneSkin, joints: readonly SceneJoint[], placement: PersonaTattooPlacement, width: number, height: number, covered?: Uint8Array): TattooPlacement | null {
  const place = PLACES[placement];
  const positions = jointPositions(joints);
  const at = (joint: string): Vec3 => positions.get(joint) ?? [0, 0, 0];
  const surface = placementSurface(mesh, skin, joints, at, place, width, height, covered);
  if (!surface) return null;
  const shape: DecalShape = { from: at(place.up[0]), to: at(place.up[1]), face: place.face, around: place.around };
  const laid = layDesign(surface, shape);
  return laid && { texels: surface.texels, at: laid };
}

/** The placement's skin, texel by texel. */
function placementSurface(mesh: Mesh, skin: SceneSkin, joints: readonly SceneJoint[], at: (joint: string) => Vec3, place: Place, width: number, height: number, covered?: Uint8Array): TexelSurface | null {
  const wanted = new Set(place.joints.map((name) => joints.findIndex((j) => j.name === name)).filter((i) => i >= 0));
  if (!wanted.size || !mesh.uvs) return null;
  const P = mesh.positions;
  const count = P.length / 3;
  const follows = new Uint8Array(count);
  let sx = 0, sz = 0, n = 0;
  for (let v = 0; v < count; v++) {
    let best = 0, bestWeight = -1;
    for (let k = 0; k < 4; k++) if (skin.weights[v * 4 + k] > bestWeight) { bestWeight = skin.weights[v * 4 + k]; best = skin.joints[v * 4 + k]; }
    if (!wanted.has(best)) continue;
    follows[v] = 1;
    sx += P[v * 3]; sz += P[v * 3 + 2]; n++;
  }
  if (!n) return null;
  const mid = { x: sx / n, z: sz / n };
  const { indices } = mesh;
  const kept: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    if (!follows[a] || !follows[b] || !follows[c]) continue;
    const p = { x: (P[a * 3] + P[b * 3] + P[c * 3]) / 3, y: (P[a * 3 + 1] + P[b * 3 + 1] + P[c * 3 + 1]) / 3, z: (P[a * 3 + 2] + P[b * 3 + 2] + P[c * 3 + 2]) / 3 };
    if (!place.keep || place.keep(p, mid, at)) kept.push(t);
  }
  return texelSurface(mesh, kept, width, height, covered);
}
