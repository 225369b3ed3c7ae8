import type { FaceAnalysis } from '../analysis/types.js';
import { sampleField } from './sampleField.js';
import type { HeadTemplate } from './template.js';
import { MEAN_FACE } from './meanFace.js';
import { canonicalFace, LANDMARK_COUNT } from './canonicalFace.js';
import { computeNormals } from './computeNormals.js';
import { headScale } from './headScale.js';
import { landmarkDisplacements } from './landmarkDisplacements.js';
import { visibleHalf } from './visibleHalf.js';
import type { Mesh } from '../core/mesh.js';
import { boundPositions } from './surfaceBinding.js';
import type { PhotoCamera } from '../core/camera.js';
import { photoProjection, type PhotoProjection } from './photoProjection.js';
import { smoothstep } from '../core/smoothstep.js';

/** Options of {@link fitHead}. */
export interface FitHeadOptions {
  /**
   * `caricature_amount`: the face's differences from the mean face are multiplied by 1 + this
   * (their smooth part: see CARICATURE_SMOOTHING). 0 is the person as measured; the spec's usable
   * range is below about 5. The photo projection is always of the uncaricatured head, so that
   * texturing stays aligned with the photo.
   */
  caricature?: number;
  /** Distance between the iris centres, metres (see canonicalFace.ts). */
  interpupillaryDistance?: number;
  /**
   * Largest change of the head's overall size, per axis, relative to the template (0.12: ±12 %).
   * The overall size follows the face (a longer face gives a taller head); this bounds it.
   */
  maxHeadScale?: number;
  /** Weight of the mirror image of each landmark (see landmarkDisplacements.ts). */
  symmetry?: number;
  /**
   * Yaws, radians, over which the far side of a turned face gives way to the mirror image of the near
   * side (see {@link visibleHalf}): the face as measured below the first, its visible half and the
   * mirror image of it past the second.
   */
  halfFaceYaw?: readonly [number, number];
  /** Rounds of smoothing of the landmark displacements; −1: from the face's size in the photo. */
  smoothing?: number;
  /**
   * `allow_modify_neck` false (the default): every avatar shares the template's neck. The fit (head
   * scale, face and caricature) fades out between the 'under jaw' and 'neck' keypoint rows (see
   * {@link sharedNeckWeight}); from the 'neck' row down every vertex is exactly the template's, on
   * every template all that lies lower than 16.3 cm below eye level (y < −0.163 m). With
   * `allow_modify_neck`, keep this and apply fitNeck. false: the older fit, fading out over the
   * whole neck down to the neck base (the template's `headWeight`), so that the neck follows the
   * head's scale part of the way.
   */
  sharedNeck?: boolean;
}

export const FIT_HEAD_DEFAULTS: Required<FitHeadOptions> = {
  caricature: 0,
  interpupillaryDistance: 0.063,
  maxHeadScale: 0.12,
  symmetry: 0.5,
  halfFaceYaw: [(25 * Math.PI) / 180, (45 * Math.PI) / 180],
  smoothing: -1,
  sharedNeck: true,
};

/** Extra rounds of neighbour averaging of the displacements that caricature multiplies. */
const CARICATURE_SMOOTHING = 6;

/** A head fitted to a photo: the person's mesh, and what texturing needs to project the photo onto it. */
export interface FittedHead {
  template: HeadTemplate;
  /** Same topology, UVs and regions as the template's mesh; fitted positions and their normals. */
  mesh: Mesh;
  /**
   * The detected landmarks in the canonical frame (478 × xyz, metres), the far side of a strongly
   * turned face replaced by the near side's mirror image (see visibleHalf): the targets of the fit.
   */
  landmarks: Float32Array;
  /** Canonical frame → photo pixels. */
  camera: PhotoCamera;
  /** Per vertex: photo pixel position, facing and visibility, of the uncaricatured head. */
  projection: PhotoProjection;
  /** The head's overall scale per axis relative to the template (x, y, z). */
  headScale: [number, number, number];
}

/**
 * Fits a head template to the face of a photo.
 *
 * 1. The detected landmarks are brought to the canonical frame (see {@link canonicalFace}): upright
 *    and frontal whatever the head's pose, 63 mm between the iris centres (a strongly turned face
 *    is sized by its height instead). Past 25–45° of yaw the far side gives way to the mirror
 *    image of the near side (see {@link visibleHalf}).
 * 2. The head's overall size follows the face (see {@link headScale}).
 * 3. The landmarks' differences from the (scaled) mean face are made robust: weighted by how
 *    squarely the camera saw them, blended with their mirror images, smoothed more for small faces
 *    (see {@link landmarkDisplacements}).
 * 4. A polyharmonic spline (see headDeformation.ts) moves the template's landmarks by those
 *    differences; everything else follows smoothly, while points away from the face hold the
 *    cranium, ears and neck. Overall scaling and spline both ease out under the jaw, so the neck
 *    below (with `sharedNeck`, the default) or at least the shoulders and the cut at the bottom
 *    keep the template's shape.
 *
 * ```ts
 * const fitted = fitHead(headTemplate('head_2.0 bust/mobile'), analysis);
 * ```
 */
export function fitHead(template: HeadTemplate, analysis: Pick<FaceAnalysis, 'face'>, options: FitHeadOptions = {}): FittedHead {
  const o = { ...FIT_HEAD_DEFAULTS, ...options };
  const canonical = canonicalFace(analysis.face, { interpupillaryDistance: o.interpupillaryDistance });
  const { camera } = canonical;
  const { points: target, halfFace } = visibleHalf(canonical.points, camera.towardsCamera, { yaws: o.halfFaceYaw });
  const { scale: g, offset: t } = headScale(target, MEAN_FACE, o.maxHeadScale);
  const scaledMean = new Float64Array(LANDMARK_COUNT * 3);
  for (let k = 0; k < scaledMean.length; k++) scaledMean[k] = g[k % 3] * MEAN_FACE[k] + t[k % 3];

  // How well the camera saw each landmark: the template's normal there against the view direction.
  const normals = boundPositions(template.mesh.normals!, template.mesh.indices, template.landmarks);
  const [cx, cy, cz] = camera.towardsCamera;
  const reliability = new Float64Array(LANDMARK_COUNT);
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    const facing = normals[i * 3] * cx + normals[i * 3 + 1] * cy + normals[i * 3 + 2] * cz;
    reliability[i] = smoothstep(0.05, 0.5, facing);
  }
  // Small faces are noisy: about a pixel of noise, smoothed over more neighbours the more
  // millimetres a pixel covers.
  const mmPerPixel = 1000 / camera.scale;
  const smoothing = o.smoothing >= 0 ? o.smoothing : Math.min(8, Math.round(mmPerPixel));
  // A face fitted from its visible half is symmetric, whatever o.symmetry says.
  const symmetry = o.symmetry + (1 - o.symmetry) * halfFace;
  const displacements = landmarkDisplacements(target, scaledMean, reliability, { symmetry, smoothing });

  // The spline through the displacements at the landmark anchors (the fixed anchors keep 0).
  const d = template.deformation;
  const deform = (landmarks: Float64Array): Float64Array => {
    const values = new Float64Array(d.spline.centres.length);
    values.set(landmarks);
    const field = d.spline.fit(values);
    return sampleField(template.sampling, template.basePositions, (points) => field.evaluate(points));
  };
  const residual = deform(displacements);
  // Caricature exaggerates the face's shape, not its fine lines: a smoother copy of the
  // displacements, so that eyelids, lips and an expression do not fold over when multiplied.
  const exaggeration = o.caricature > 0
    ? deform(landmarkDisplacements(target, scaledMean, reliability, { symmetry, smoothing: smoothing + CARICATURE_SMOOTHING }))
    : null;

  const source = template.mesh.positions;
  const count = source.length / 3;
  const weight = o.sharedNeck ? sharedNeckWeight(template) : template.headWeight;
  const seen = new Float32Array(count * 3);
  const positions = new Float32Array(count * 3);
  for (let v = 0; v < count; v++) {
    const w = weight[v];
    for (let axis = 0; axis < 3; axis++) {
      const x = source[v * 3 + axis];
      const overall = x + w * (g[axis] * x + t[axis] - x);
      seen[v * 3 + axis] = overall + w * residual[v * 3 + axis];
      positions[v * 3 + axis] = seen[v * 3 + axis] + (exaggeration ? o.caricature * w * exaggeration[v * 3 + axis] : 0);
    }
  }
  const weld = template.sampling.weld;
  for (let v = 0; v < count; v++) {
    // Seam duplicates get exactly the same position (the head weight may differ by rounding).
    if (weld[v] !== v) {
      positions.copyWithin(v * 3, weld[v] * 3, weld[v] * 3 + 3);
      seen.copyWithin(v * 3, weld[v] * 3, weld[v] * 3 + 3);
    }
  }
  const mesh = computeNormals({ positions, indices: template.mesh.indices, uvs: template.mesh.uvs }, { weld });
  const seenMesh = o.caricature === 0 ? mesh : computeNormals({ positions: seen, indices: mesh.indices }, { weld });
  return {
    template,
    mesh,
    landmarks: target,
    camera,
    projection: photoProjection(seenMesh, camera),
    headScale: [g[0], g[1], g[2]],
  };
}

const sharedWeights = new WeakMap<HeadTemplate, Float32Array>();

/**
 * Per vertex of a template, how fully a fit applies when all avatars share one neck: 1 down to the
 * 'under jaw' keypoint row, easing to 0 at the 'neck' row and below. Twice as short a fade as the
 * template's `headWeight` (neck top to neck base), which is still long enough (4–5 cm) for a head
 * scaled by ±12 % to meet the shared neck without a crease.
 */
export function sharedNeckWeight(template: HeadTemplate): Float32Array {
  let weight = sharedWeights.get(template);
  if (!weight) {
    const { s, keyRows } = template.grid;
    const top = keyRows['under jaw'], bottom = keyRows['neck'];
    weight = Float32Array.from(s, (x) => 1 - smoothstep(top, bottom, x));
    sharedWeights.set(template, weight);
  }
  return weight;
}

