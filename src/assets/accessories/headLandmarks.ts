import type { Mesh } from '../../core/mesh.js';
import type { HeadTemplate } from '../headTemplate.js';
import { computeNormals } from '../../geometry/computeNormals.js';
import { headSurface, type HeadSurface } from '../../geometry/headSurface.js';
import { eyePlacement } from '../eyes/eyePlacement.js';
import { add, cross, normalize, scale, sub, dot, type Vec3 } from './partBuilder.js';

/** A head's own frame: origin between the eye centres, x to the person's left, y up, z out of the face. */
export interface HeadFrame {
  origin: Vec3;
  x: Vec3;
  y: Vec3;
  z: Vec3;
}

/** One ear, in frame coordinates. */
export interface EarLandmarks {
  /** Its highest point. */
  top: Vec3;
  /** The back of its upper half (least z). */
  back: number;
  /** Its frontmost z. */
  front: number;
  /** The lobe's lowest point and the lobe's outer face (largest |x| near it). */
  lobe: Vec3;
}

/**
 * Where accessories sit on a head, found from its template's regions and its own surface, all in
 * its {@link HeadFrame}: the eyes, the nose bridge, the ears, and how far the head reaches sideways
 * at any height and depth (for temples that must pass it). Glasses, hats and earrings are built in
 * this frame and carried to the head by {@link toHead}.
 */
export interface HeadLandmarks {
  frame: HeadFrame;
  /** The head's vertices in the frame, xyz. */
  points: Float32Array;
  /** The skin distances are measured to, with normals (head coordinates). */
  mesh: Mesh;
  surface: HeadSurface;
  eyes: { left: Vec3; right: Vec3; radius: number };
  /** The deepest point of the nose's midline between the brows and the tip. */
  sellion: Vec3;
  /** The nose's tip (the frontmost midline point). */
  noseTip: Vec3;
  ears: { left: EarLandmarks; right: EarLandmarks };
  /** The brows' height: the front's highest point over each eye before the forehead (y). */
  brow: number;
  /** The highest point of the scalp (y). */
  crown: number;
  /** The greatest |x| of the head (ears left out) within `reach` of (y, z). */
  sideReach(y: number, z: number, reach: number): number;
}

const CELL = 0.002;

/** A point in the frame → head coordinates. */
export function toHead(frame: HeadFrame, p: Vec3): Vec3 {
  return add(frame.origin, add(scale(frame.x, p[0]), add(scale(frame.y, p[1]), scale(frame.z, p[2]))));
}

/** A head-coordinate point → the frame. */
export function toFrame(frame: HeadFrame, p: Vec3): Vec3 {
  const d = sub(p, frame.origin);
  return [dot(d, frame.x), dot(d, frame.y), dot(d, frame.z)];
}

const cache = new WeakMap<Mesh, WeakMap<Mesh, HeadLandmarks>>();

/**
 * The landmarks of a head of `template` (any fitted head shares its template's vertex order, so
 * its regions name the same places). `skin` is the surface distances are measured to and pads
 * rest on: the head as it is exported (a coarser level of it), by default the head itself.
 * Cached per pair of meshes.
 *
 * ```ts
 * const at = headLandmarks(stored.mesh, stored.template);
 * at.eyes.left;   // the left eye's centre, in the frame
 * ```
 */
export function headLandmarks(head: Mesh, template: HeadTemplate, skin: Mesh = head): HeadLandmarks {
  const cached = cache.get(head)?.get(skin);
  if (cached) return cached;
  const mesh = head.normals ? head : computeNormals(head);
  const skinMesh = skin === head ? mesh : skin.normals ? skin : computeNormals(skin);
  const regions = template.regions;
  const seats = eyePlacement(mesh, { left: regions.leftEye.vertices, right: regions.rightEye.vertices });
  const left = seats.left.centre as Vec3, right = seats.right.centre as Vec3;
  const origin = scale(add(left, right), 0.5);
  const x = normalize(sub(left, right));
  const y = normalize(sub([0, 1, 0], scale(x, x[1])));
  const frame: HeadFrame = { origin, x, y, z: cross(x, y) };
  const count = mesh.positions.length / 3;
  const points = new Float32Array(count * 3);
  for (let v = 0; v < count; v++) points.set(toFrame(frame, [mesh.positions[v * 3], mesh.positions[v * 3 + 1], mesh.positions[v * 3 + 2]]), v * 3);
  const P = (v: number): Vec3 => [points[v * 3], points[v * 3 + 1], points[v * 3 + 2]];
  // The nose's midline: the frontmost point in each 1 mm band of height, near x = 0.
  const midline = new Map<number, Vec3>();
  for (const v of regions.face.vertices) {
    const p = P(v);
    if (Math.abs(p[0]) > 0.0035) continue;
    const band = Math.round(p[1] / 0.001);
    if (!midline.has(band) || midline.get(band)![2] < p[2]) midline.set(band, p);
  }
  let sellion: Vec3 = [0, 0, Infinity], noseTip: Vec3 = [0, 0, -Infinity];
  for (const [band, p] of midline) {
    if (band >= -8 && band <= 22 && p[2] < sellion[2]) sellion = p;
    if (band >= -60 && band <= 0 && p[2] > noseTip[2]) noseTip = p;
  }
  const ear = (vertices: Uint32Array): EarLandmarks => {
    let top: Vec3 = [0, -Infinity, 0], lobe: Vec3 = [0, Infinity, 0], back = Infinity, front = -Infinity;
    for (const v of vertices) {
      const p = P(v);
      if (p[1] > top[1]) top = p;
      if (p[1] < lobe[1]) lobe = p;
      front = Math.max(front, p[2]);
    }
    for (const v of vertices) {
      const p = P(v);
      if (p[1] > (top[1] + lobe[1]) / 2) back = Math.min(back, p[2]);
    }
    return { top, back, front, lobe };
  };
  let crown = -Infinity;
  for (const v of regions.scalp.vertices) crown = Math.max(crown, points[v * 3 + 1]);
  // The brow: the highest frontmost bulge above the eyes, where glasses' tops and hat brims must clear.
  let brow = 0.02;
  for (const v of regions.face.vertices) {
    const p = P(v);
    if (Math.abs(Math.abs(p[0]) - 0.03) < 0.008 && p[1] > 0.005 && p[1] < 0.05 && p[2] > brow) brow = p[1];
  }
  // Sideways reach per (y, z) cell and side, ears left out: what temples must pass and hats cover.
  const earSet = new Set([...regions.leftEar.vertices, ...regions.rightEar.vertices]);
  const cells = new Map<number, number>();
  const key = (i: number, j: number) => i * 100003 + j;
  for (let v = 0; v < count; v++) {
    if (earSet.has(v)) continue;
    const p = P(v);
    const k = key(Math.round(p[1] / CELL), Math.round(p[2] / CELL));
    cells.set(k, Math.max(cells.get(k) ?? 0, Math.abs(p[0])));
  }
  const sideReach = (py: number, pz: number, reach: number) => {
    const r = Math.ceil(reach / CELL), i0 = Math.round(py / CELL), j0 = Math.round(pz / CELL);
    let best = 0;
    for (let i = i0 - r; i <= i0 + r; i++) for (let j = j0 - r; j <= j0 + r; j++) best = Math.max(best, cells.get(key(i, j)) ?? 0);
    return best;
  };
  const landmarks: HeadLandmarks = {
    frame, points, mesh: skinMesh, surface: headSurface(skinMesh),
    eyes: { left: toFrame(frame, left), right: toFrame(frame, right), radius: (seats.left.radius + seats.right.radius) / 2 },
    sellion, noseTip, ears: { left: ear(regions.leftEar.vertices), right: ear(regions.rightEar.vertices) }, brow, crown, sideReach,
  };
  if (!cache.has(head)) cache.set(head, new WeakMap());
  cache.get(head)!.set(skin, landmarks);
  return landmarks;
}

/** Signed distance of a frame point to the head's surface (negative inside), metres. */
export function headDistance(at: HeadLandmarks, p: Vec3): number {
  const q = toHead(at.frame, p);
  return at.surface.closest(q[0], q[1], q[2]).distance;
}
