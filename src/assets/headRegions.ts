import {
  FACE_OVAL, LEFT_EYE_OPENING, LIPS_OUTER, RIGHT_EYE_OPENING,
} from '../analysis/regions.js';
import { LANDMARK_MIRROR, MEAN_FACE } from '../geometry/meanFace.js';
import type { HeadRegion, HeadRegionName, HeadRegions } from '../geometry/template.js';


/**
 * The person's right nostril opening, seen from below: along the alar rim from the front, then
 * back along the columella (MediaPipe face-mesh indices). The left one is its mirror image.
 */
export const RIGHT_NOSTRIL = [238, 20, 242, 141, 97, 99, 60, 166, 79];
const LEFT_NOSTRIL = RIGHT_NOSTRIL.map((i) => LANDMARK_MIRROR[i]);

/** What the classification needs to know of each vertex besides its position and normal. */
export interface RegionInputs {
  positions: ArrayLike<number>;
  normals: ArrayLike<number>;
  indices: Uint32Array;
  theta: ArrayLike<number>;
  s: ArrayLike<number>;
  /** Ear coverage per vertex, 0 off the ears. */
  ear: ArrayLike<number>;
  /** s of the keypoint rows where the jaw line, the neck top and the neck base are. */
  jawS: number;
  neckBaseS: number;
  bust: boolean;
  /** Per vertex, 1 on the mouth bag (headMouth.ts): those are region `mouth` and nothing else. */
  mouth?: ArrayLike<number>;
}

/**
 * Classifies template vertices. The face's parts are the vertices inside landmark polygons of the
 * mean face (the template's face is the mean face): eyes, lips and face oval seen from the front,
 * nostrils seen from below. Scalp is the approximate hair-bearing skin: off the face and ears,
 * above the ears, and down to the nape at the back. Neck runs from the jaw line to the neck's end or
 * base; bust is everything below the neck base. The mouth bag behind the lips is `mouth` only.
 */
export function headRegions(v: RegionInputs): HeadRegions {
  const count = v.positions.length / 3;
  const p = v.positions, n = v.normals;
  const polygon = (ids: readonly number[], ax: number, ay: number): Polygon => {
    const points = ids.map((i): [number, number] => [MEAN_FACE[i * 3 + ax], MEAN_FACE[i * 3 + ay]]);
    const xs = points.map((q) => q[0]), ys = points.map((q) => q[1]);
    return { points, minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  };
  const oval = polygon(FACE_OVAL, 0, 1), lips = polygon(LIPS_OUTER, 0, 1);
  const rightEye = polygon(RIGHT_EYE_OPENING, 0, 1), leftEye = polygon(LEFT_EYE_OPENING, 0, 1);
  const rightNostril = polygon(RIGHT_NOSTRIL, 0, 2), leftNostril = polygon(LEFT_NOSTRIL, 0, 2);
  const noseBottom = Math.min(...RIGHT_NOSTRIL.map((i) => MEAN_FACE[i * 3 + 1]));
  const noseTop = Math.max(...RIGHT_NOSTRIL.map((i) => MEAN_FACE[i * 3 + 1]));

  const sets: Record<HeadRegionName, number[]> = {
    face: [], leftEye: [], rightEye: [], lips: [], leftNostril: [], rightNostril: [],
    leftEar: [], rightEar: [], scalp: [], neck: [], bust: [], mouth: [],
  };
  for (let i = 0; i < count; i++) {
    if (v.mouth?.[i]) {
      sets.mouth.push(i);
      continue;
    }
    const x = p[i * 3], y = p[i * 3 + 1], z = p[i * 3 + 2];
    const front = z > 0.03 && n[i * 3 + 2] > -0.2 && v.s[i] < v.jawS + 1;
    const inFace = front && inside(oval, x, y);
    if (inFace) sets.face.push(i);
    if (front && inside(rightEye, x, y)) sets.rightEye.push(i);
    if (front && inside(leftEye, x, y)) sets.leftEye.push(i);
    if (front && inside(lips, x, y)) sets.lips.push(i);
    if (front && y > noseBottom - 0.004 && y < noseTop + 0.002 && n[i * 3 + 1] < -0.2) {
      if (inside(rightNostril, x, z)) sets.rightNostril.push(i);
      if (inside(leftNostril, x, z)) sets.leftNostril.push(i);
    }
    const isEar = v.ear[i] > 0.05;
    if (isEar) (x > 0 ? sets.leftEar : sets.rightEar).push(i);
    const s = v.s[i];
    if (v.bust && s > v.neckBaseS + 1e-6) sets.bust.push(i);
    else if (s >= v.jawS && !inFace && !isEar && !(Math.abs(v.theta[i]) > 1.9 && y > -0.065)) sets.neck.push(i);
    else if (!inFace && !isEar && (y > 0.015 || (Math.abs(v.theta[i]) > 1.9 && y > -0.065))) sets.scalp.push(i);
  }
  const regions = {} as HeadRegions;
  for (const name of Object.keys(sets) as HeadRegionName[]) {
    regions[name] = region(sets[name], v.indices, count);
  }
  return regions;
}

function region(vertices: number[], indices: Uint32Array, count: number): HeadRegion {
  const member = new Uint8Array(count);
  for (const i of vertices) member[i] = 1;
  const faces: number[] = [];
  for (let t = 0; t < indices.length / 3; t++) {
    if (member[indices[t * 3]] && member[indices[t * 3 + 1]] && member[indices[t * 3 + 2]]) faces.push(t);
  }
  return { vertices: Uint32Array.from(vertices), faces: Uint32Array.from(faces) };
}

/** Even-odd point-in-polygon test, after a bounding-box test. */
function inside(poly: Polygon, x: number, y: number): boolean {
  if (x < poly.minX || x > poly.maxX || y < poly.minY || y > poly.maxY) return false;
  const p = poly.points;
  let c = false;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    const [xi, yi] = p[i], [xj, yj] = p[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

interface Polygon {
  points: [number, number][];
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}
