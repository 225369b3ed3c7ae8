import type { FaceAnalysis, Mask } from '../../../analysis/types.js';
import { computeNormals } from '../../../geometry/computeNormals.js';
import type { FittedHead } from '../../../geometry/fitHead.js';
import type { Mesh } from '../../../core/mesh.js';
import type { Projection } from '../../../core/projection.js';
import { kernelAverage, ObservationPool } from '../../../geometry/observationPool.js';
import { silhouetteHair, type SilhouetteHair } from './silhouetteHair.js';
import { confidentMask as confident, sampleMask as sample } from '../../../analysis/masks.js';
import { raisedProjection } from '../../../geometry/raisedProjection.js';
import { smoothVertexField, smoothVertexNormals, vertexDistance, vertexGraph } from '../../../geometry/vertexGraph.js';
import { smoothstep } from '../../../core/smoothstep.js';

/** Options of {@link hairVolume}. */
export interface HairVolumeOptions {
  /** Facing (cosine to the camera) at and below which the photo says nothing about a vertex's hair. */
  facingFrom?: number;
  /** Facing from which the photo's hair mask is fully trusted at a vertex; a smoothstep in between. */
  facingTo?: number;
  /** Largest facing of a vertex that still counts as on the head's outline in the photo. */
  outlineFacing?: number;
  /** How far past another part of the head (an ear) the outline is looked for, metres. */
  maxSkip?: number;
  /** How far inside the head's outline the person is looked for where the outline lies on background, metres. */
  maxInset?: number;
  /** Thickest hair volume, metres: hair beyond it in the photo is not followed. */
  maxThickness?: number;
  /** Thinnest hair where the photo shows hair, metres: even cropped hair stands off the scalp. */
  minThickness?: number;
  /** Width of the kernel that carries what the outline and the visible hair show to unseen parts, metres. */
  reach?: number;
  /** Size of the cells observations are pooled in before they are carried, metres. */
  cell?: number;
  /** The volume rises from the hairline over this many times its thickness (bounded by `taperMin`, `taperMax`). */
  taper?: number;
  /** Shortest rise of the volume from the hairline, metres. */
  taperMin?: number;
  /** Longest rise of the volume from the hairline, metres. */
  taperMax?: number;
  /** No hair within this distance of the ears (metres along the surface): the ear's root is a crease. */
  earMargin?: number;
  /** Scalp nearer the template's ears than this (metres along the surface) is not fully taken as bare from the photo. */
  earReach?: number;
  /** Skin seen within this distance (metres) of the middle of the person's ear in the photo is not taken as bare scalp. */
  photoEarFrom?: number;
  /** Skin seen beyond this distance (metres) of the middle of the person's ear in the photo is fully taken as bare. */
  photoEarTo?: number;
  /** Weight of each observation's mirror image (across the head's left–right plane). */
  mirror?: number;
  /** Face vertices this far above the top of the brows (metres) may carry hair if the photo shows it there. */
  browMargin?: number;
  /** Rounds of neighbour averaging of the coverage before the hairline is drawn at ½: a clean line. */
  coverageSmoothing?: number;
  /** A vertex raised this far (metres) is fully hair, whatever its coverage. */
  raisedHair?: number;
  /** Rounds of neighbour averaging of the normals the scalp is raised along. */
  normalSmoothing?: number;
  /** Rounds of neighbour averaging of the displacement, so the volume has no kinks. */
  smoothing?: number;
  /**
   * Widest cranium with its hair, metres (x across): hair that would make the head wider is not
   * raised so far. A head over 21 cm wide above the ears is a helmet, not a person's.
   */
  maxWidth?: number;
  /** Heights (y, metres; 0 at the ear canals) of the temples, where the photo's outline says how far the hair stands out at the sides. */
  templeFrom?: number;
  templeTo?: number;
  /** Least sideways facing (|normal x|) of an outline vertex measured as a temple. */
  templeFacing?: number;
  /** How much more (metres) the sides may stand out than the photo's outline shows at the temples. */
  templeSlack?: number;
}

export const HAIR_VOLUME_DEFAULTS: Required<HairVolumeOptions> = {
  facingFrom: 0.3,
  facingTo: 0.6,
  outlineFacing: 0.3,
  maxSkip: 0.006,
  maxInset: 0.015,
  maxThickness: 0.05,
  minThickness: 0.002,
  reach: 0.03,
  cell: 0.012,
  taper: 2,
  taperMin: 0.008,
  taperMax: 0.06,
  earMargin: 0.01,
  earReach: 0.035,
  photoEarFrom: 0.02,
  photoEarTo: 0.06,
  mirror: 0.5,
  browMargin: 0.01,
  coverageSmoothing: 12,
  raisedHair: 0.003,
  normalSmoothing: 10,
  smoothing: 16,
  maxWidth: 0.2,
  templeFrom: 0.02,
  templeTo: 0.09,
  templeFacing: 0.7,
  templeSlack: 0.004,
};

/** A head with its hair volume. */
export interface HairVolume {
  /** The fitted mesh with the scalp raised: same indices and UVs, new positions and normals. */
  mesh: Mesh;
  /**
   * Per vertex, how much hair covers it, 0..1, smooth across the hairline (which is at ½; the
   * volume rises from there): where the texture paints hair.
   */
  coverage: Float32Array;
  /** Per vertex, how far it was moved out (along its smoothed normal), metres. */
  thickness: Float32Array;
  /**
   * Where each vertex of the uncaricatured head with the volume lands in the photo, as the texture
   * reads it: what hairTexture takes the photo's hair through, so that the top of the volume
   * samples the top of the hair. Vertices not raised keep the fit's projection.
   */
  projection: Projection;
  /** The hair measured at the head's outline in the photo, for diagnostics. */
  silhouette: SilhouetteHair;
}

/** Face-mesh points in front of the ears (MediaPipe), with the side they are on (x sign). */
const EAR_POINTS: ReadonlyArray<readonly [number, number]> = [[234, -1], [454, 1]];
/** From such a point to the middle of the ear, metres in the canonical frame (x outwards, back). */
const EAR_OFFSET = [0.005, -0.01, -0.03];
/** Upper-brow landmarks (MediaPipe): face vertices above them may be forehead hair. */
const BROWS = [70, 63, 105, 66, 107, 300, 293, 334, 296, 336];

/**
 * head_1.2's hair: the fitted head's scalp raised into the volume the photo's hair region shows,
 * in the same mesh (topology and UVs unchanged), nothing invented. `hair` is the photo's hair
 * region (hairRegion in analysis/hairRegion.ts: the analysis' mask with the fringe and highlights added), over the
 * whole photo at any resolution; `analysis` gives the photo's size and the person mask.
 *
 * 1. Where hair may be: the scalp region, away from the ears' roots; the forehead above the brows
 *    and the sides in front of the ears only where the photo itself shows hair on them; never the
 *    face, ears, neck or bust.
 * 2. What the photo shows: per vertex it sees squarely, hair or bare skin (over the background it
 *    says nothing); at the head's outline (silhouetteHair.ts) whether there is hair and how far it
 *    reaches beyond the head, converted to metres with the camera's scale.
 * 3. What it does not show (the back, the top of a frontal photo, the far side of a turned head)
 *    is carried from what it does by a smooth kernel average in 3-D, each observation counting at
 *    its mirror image too: the back gets what the sides and top show, nothing hangs below the scalp.
 * 4. The volume rises from 0 at the hairline (coverage ½) to the thickness over a distance
 *    proportional to it (along the surface), is smoothed, and is raised along smoothed normals:
 *    no cliff, no fold.
 * 5. The sides stand out no further than the photo's outline shows at the temples (crownBounds):
 *    the thickness carried from the top and back does not widen the skull, and no head gets wider
 *    than `maxWidth`.
 *
 * ```ts
 * const hair = hairRegion(photo, analysis);
 * const volume = hairVolume(fitted, analysis, hair);
 * const { texture, mask } = hairTexture({ texture: baked.texture, mesh: volume.mesh, coverage: volume.coverage,
 *   projection: volume.projection, photo, hair, color: analysis.colors.hair, skin: baked.tone });
 * ```
 */
export function hairVolume(fitted: FittedHead, analysis: Pick<FaceAnalysis, 'width' | 'height' | 'segmentation'>, hair: Mask, options: HairVolumeOptions = {}): HairVolume {
  const o = { ...HAIR_VOLUME_DEFAULTS, ...options };
  const { mesh, template, projection, camera } = fitted;
  const sx = hair.width / analysis.width, sy = hair.height / analysis.height;
  const person = analysis.segmentation.person;
  const px = person.width / analysis.width, py = person.height / analysis.height;
  const p = mesh.positions, n = mesh.normals!;
  const count = p.length / 3;
  const graph = vertexGraph(template.quads, p, template.sampling.weld);

  // 1. Where hair may be: 2 wherever the photo or what it shows nearby says so (the scalp), 1 only
  // where the photo itself shows it, 0 never.
  const allowed = new Uint8Array(count);
  let browTop = -Infinity;
  for (const i of BROWS) browTop = Math.max(browTop, fitted.landmarks[i * 3 + 1]);
  allowed.fill(1);
  for (const name of ['face', 'leftEar', 'rightEar', 'neck', 'bust'] as const) for (const v of template.regions[name].vertices) allowed[v] = 0;
  for (const v of template.regions.face.vertices) if (p[v * 3 + 1] > browTop + o.browMargin) allowed[v] = 1;
  for (const v of template.regions.scalp.vertices) allowed[v] = 2;
  // Behind the ear the scalp folds into the ear's root: raising it there would fold the surface.
  const ears = new Uint8Array(count);
  for (const v of template.regions.leftEar.vertices) ears[v] = 1;
  for (const v of template.regions.rightEar.vertices) ears[v] = 1;
  const fromEars = vertexDistance(graph, ears, 2 * o.earReach);
  for (let v = 0; v < count; v++) if (fromEars[v] < o.earMargin) allowed[v] = 0;

  // 2. What the photo shows. Skin seen near the template's ear, or near the person's ear in the
  // photo, may be the ear and counts less as bare scalp: the two need not agree where the fit of a
  // turned head is off at the back. The person's ear: behind the face mesh's side points.
  const m = camera.matrix;
  const photoEars = EAR_POINTS.map(([i, side]) => {
    const x = fitted.landmarks[i * 3] + side * EAR_OFFSET[0], y = fitted.landmarks[i * 3 + 1] + EAR_OFFSET[1], z = fitted.landmarks[i * 3 + 2] + EAR_OFFSET[2];
    return [m[0] * x + m[1] * y + m[2] * z + m[3], m[4] * x + m[5] * y + m[6] * z + m[7]];
  });
  const nearEar = (v: number): number => {
    const x = projection.x[v], y = projection.y[v];
    const inPhoto = Math.min(...photoEars.map(([ex, ey]) => Math.hypot(x - ex, y - ey))) / camera.scale;
    return smoothstep(o.earMargin, o.earReach, fromEars[v]) * smoothstep(o.photoEarFrom, o.photoEarTo, inPhoto);
  };
  const seen = new Float32Array(count), trust = new Float32Array(count);
  for (let v = 0; v < count; v++) {
    if (!allowed[v] || !projection.visible[v]) continue;
    const x = projection.x[v], y = projection.y[v];
    // Bare scalp is skin: where the fitted head lies over the background the photo says nothing.
    trust[v] = smoothstep(o.facingFrom, o.facingTo, projection.facing[v]) * confident(sample(person, x * px, y * py));
    if (trust[v] > 0) seen[v] = confident(sample(hair, x * sx, y * sy));
    if (seen[v] < 0.5) trust[v] *= nearEar(v);
  }
  const silhouette = silhouetteHair(mesh, projection, camera, { hair, person }, analysis.width, analysis.height, allowed, {
    maxFacing: o.outlineFacing, maxSkip: o.maxSkip, maxThickness: o.maxThickness, maxInset: o.maxInset,
  });

  // 3. Carried to what the photo does not show: pooled cells, then a smooth kernel.
  // Heads are near enough symmetric: each observation also counts, less, at its mirror image, so a
  // side the photo did not see (a turned head) and the back between the two sides follow both.
  const coverCells = new ObservationPool(o.cell), thickCells = new ObservationPool(o.cell);
  const observe = (pool: ObservationPool, v: number, value: number, weight: number): void => {
    pool.add(p[v * 3], p[v * 3 + 1], p[v * 3 + 2], value, weight);
    pool.add(-p[v * 3], p[v * 3 + 1], p[v * 3 + 2], value, weight * o.mirror);
  };
  for (let v = 0; v < count; v++) if (allowed[v] && trust[v] > 0) observe(coverCells, v, seen[v], trust[v]);
  const outline = silhouette.vertices;
  for (let k = 0; k < outline.length; k++) {
    const v = outline[k], c = silhouette.coverage[k], t = silhouette.thickness[k];
    if (!Number.isNaN(c)) observe(coverCells, v, c, c < 0.5 ? nearEar(v) : 1);
    // Where the head reaches past the person's outline, the hair adds nothing beyond it.
    if ((c > 0.5 || Number.isNaN(c)) && Number.isFinite(t)) observe(thickCells, v, t, 1);
  }
  const coverage = new Float32Array(count), thickness = new Float32Array(count);
  const coverSamples = coverCells.samples(), thickSamples = thickCells.samples();
  const h2 = o.reach * o.reach;
  const free: number[] = [];
  for (let v = 0; v < count; v++) {
    if (!allowed[v] || graph.weld[v] !== v) continue;
    free.push(v);
    const x = p[v * 3], y = p[v * 3 + 1], z = p[v * 3 + 2];
    const carried = allowed[v] === 2 ? kernelAverage(coverSamples, x, y, z, h2, 0) : 0;
    coverage[v] = trust[v] * seen[v] + (1 - trust[v]) * carried;
    if (coverage[v] > 0) thickness[v] = Math.max(o.minThickness, kernelAverage(thickSamples, x, y, z, h2, o.minThickness));
  }
  // Only where hair may be is anything smoothed; elsewhere values stay 0 and hold the edges down.
  const hairy = Uint32Array.from(free);
  smoothVertexField(graph, coverage, o.coverageSmoothing, hairy);

  // 4. Rise from the hairline, then smoothing held at 0 off the hair.
  const bare = new Uint8Array(count);
  for (let v = 0; v < count; v++) bare[v] = coverage[v] < 0.5 ? 1 : 0;
  const fromHairline = vertexDistance(graph, bare, o.taperMax);
  const offset = new Float32Array(count);
  for (let v = 0; v < count; v++) {
    if (bare[v]) continue;
    const rise = Math.min(o.taperMax, Math.max(o.taperMin, o.taper * thickness[graph.weld[v]]));
    offset[v] = thickness[graph.weld[v]] * smoothstep(0, rise, fromHairline[v]);
  }
  // Along smoothed normals: the template's thin triangles (the cap's corners) would fold where
  // neighbouring normals differ by a degree or two and the offset is centimetres.
  const direction = smoothVertexNormals(graph, n, o.normalSmoothing, hairy);
  // 5. Bounded at the sides before the smoothing, which then rounds off where the bound took hold.
  const sides = templeThickness(silhouette, direction, p, o);
  for (let v = 0; v < count; v++) {
    const dx = direction[v * 3], x = p[v * 3];
    if (offset[v] === 0 || dx * x <= 0) continue;
    const side = sides[x < 0 ? 0 : 1];
    const toWidth = Math.max(0, o.maxWidth / 2 - Math.abs(x));
    const bound = Math.min(toWidth, Number.isFinite(side) ? side + o.templeSlack : Infinity) / Math.abs(dx);
    if (offset[v] > bound) offset[v] = bound;
  }
  smoothVertexField(graph, offset, o.smoothing, hairy);
  const moves = new Float32Array(count * 3);
  const positions = new Float32Array(p);
  for (let v = 0; v < count; v++) {
    const d = offset[v];
    if (d === 0) continue;
    for (let k = 0; k < 3; k++) {
      moves[v * 3 + k] = d * direction[v * 3 + k];
      positions[v * 3 + k] += moves[v * 3 + k];
    }
  }
  const raised = computeNormals({ ...mesh, positions }, { weld: graph.weld });
  // Whatever is raised is hair, even where smoothing carried the rise past a soft hairline.
  for (let v = 0; v < count; v++) coverage[v] = Math.max(coverage[v], smoothstep(0, o.raisedHair, offset[v]));
  return { mesh: raised, coverage, thickness: offset, projection: raisedProjection(fitted, raised, moves), silhouette };
}

/**
 * How far the hair stands out at each side's temple (index 0 the person's right, x < 0), metres: the
 * median of what the photo's outline shows on vertices there that face sideways; a side the photo
 * does not show takes the other's, and Infinity where neither is seen (a profile photo).
 */
function templeThickness(silhouette: SilhouetteHair, direction: Float32Array, p: Float32Array, o: Required<HairVolumeOptions>): [number, number] {
  const seen: [number[], number[]] = [[], []];
  silhouette.vertices.forEach((v, k) => {
    const t = silhouette.thickness[k], y = p[v * 3 + 1];
    if (!Number.isFinite(t) || y < o.templeFrom || y > o.templeTo || Math.abs(direction[v * 3]) < o.templeFacing) return;
    seen[p[v * 3] < 0 ? 0 : 1].push(t);
  });
  const [right, left] = seen.map((list) => (list.length ? list.sort((a, b) => a - b)[list.length >> 1] : NaN));
  if (Number.isNaN(right) && Number.isNaN(left)) return [Infinity, Infinity];
  return [Number.isNaN(right) ? left : right, Number.isNaN(left) ? right : left];
}

