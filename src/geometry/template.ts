import type { Mesh } from '../core/mesh.js';
import type { FieldSampling } from './sampleField.js';
import type { SurfaceBinding } from './surfaceBinding.js';
import type { ThinPlateSpline } from './thinPlateSpline.js';

/*
 * The data model of a head template: what fitting, levels of detail and blendshapes read. The
 * templates themselves are generated in src/assets (headTemplate.ts and its steps), which builds on
 * geometry; the types live here so that geometry needs nothing from above it.
 */

/** Named parts of a head template. "Left"/"right" are the person's own (left is +X). */
export type HeadRegionName =
  | 'face' | 'leftEye' | 'rightEye' | 'lips' | 'leftNostril' | 'rightNostril'
  | 'leftEar' | 'rightEar' | 'scalp' | 'neck' | 'bust' | 'mouth';

/** A region as sorted vertex indices and sorted triangle indices (a triangle belongs when all its vertices do). */
export interface HeadRegion {
  vertices: Uint32Array;
  faces: Uint32Array;
}

export type HeadRegions = Record<HeadRegionName, HeadRegion>;

/**
 * The deformation that shapes a generic head into a face: a polyharmonic spline whose centres are
 * points of the generic head, first the 478 mean-face landmarks projected onto it (closest points),
 * then fixed points away from the face that hold the cranium, ears, neck and bust in place.
 *
 * The spline is linear in its values: the template is the generic head deformed by the mean face's
 * displacements, and a fitted head is the template deformed by the same spline with the person's
 * differences from the mean face (the kernel distances measured on the generic head). The system
 * depends only on the centres, so there is one factorisation per head kind (with or without bust),
 * shared by all its subtypes and sizes.
 */
export interface HeadDeformation {
  spline: ThinPlateSpline;
  /** The landmark centres (478 × xyz): where the mean face's landmarks sit on the generic head. */
  landmarkAnchors: Float64Array;
  /** Centres after the landmarks, whose values are always zero. */
  fixedAnchors: number;
}

/**
 * The mouth of a head template: a slit between the lips and the bag behind it. Empty arrays on a
 * template too coarse to have one (fewer than four grid columns across the mouth).
 */
export interface HeadMouth {
  /** The upper lip's vertices along the slit, from the person's right corner to the left one, corners included. */
  upper: Uint32Array;
  /** The lower lip's, in the same order: the corners are the upper's, the others duplicate them (same place at rest). */
  lower: Uint32Array;
  /** The bag's vertices (region `mouth`). */
  bag: Uint32Array;
  /** Per bag vertex: the slit column it hangs from (index into `upper` and `lower`). */
  bagColumn: Uint32Array;
  /** Per bag vertex: 1 on the upper wall, 0 on the lower, 0.5 where the walls meet (corner columns, back). */
  bagSide: Float32Array;
  /** Per bag vertex: 0 at the rim, 1 at the back. */
  bagDepth: Float32Array;
  /** The skin's triangles (from the template's quads) come first; the bag's start here. */
  firstBagTriangle: number;
  /** The grid row the slit runs along (-1 without a mouth). */
  row: number;
}

/**
 * The head models, one per pipeline subtype that has a head mesh, named "pipeline subtype" as in the
 * spec's LOD table.
 */
export type HeadSubtype =
  | 'animated_face base/legacy'
  | 'head_1.2 base/legacy'
  | 'head_1.2 base/mobile'
  | 'head_1.2 base/static'
  | 'head_2.0 bust/mobile'
  | 'head_2.0 bust/static'
  | 'head_2.0 head/mobile';

/** A head model to fit: mesh, quads, regions and how the mean face's landmarks sit on it. */
export interface HeadTemplate {
  subtype: HeadSubtype;
  /** Triangles (from `quads`, then the mouth bag's), normals and UVs; the face is the mean face. */
  mesh: Mesh;
  /** The skin's quads, which the triangles come from, four indices each, counter-clockwise seen from outside. */
  quads: Uint32Array;
  regions: HeadRegions;
  /** The 478 mean-face landmarks as points of the mesh (triangle + barycentric weights). */
  landmarks: SurfaceBinding;
  /**
   * Per vertex, 1 on the head easing to 0 down the neck (from the neck top to the neck base): how
   * fully the mean face's shape applies to the template, and how fully a fit applies with
   * `sharedNeck: false` (fitHead's default fades out higher, see sharedNeckWeight).
   */
  headWeight: Float32Array;
  /** Face budgets of the subtype's levels of detail, LOD0 first. */
  lodFaces: readonly number[];
  /** Generic-head positions of the vertices (flat xyz), where the fitting deformation is evaluated. */
  basePositions: Float64Array;
  /** Per vertex, its counterpart across the face's symmetry plane (mirrorVertices of the generic head). */
  mirror: Uint32Array;
  /** The fitting deformation, shared by all templates with or without a bust. */
  deformation: HeadDeformation;
  /** Where that deformation is computed exactly and where interpolated; also the UV-seam duplicates. */
  sampling: FieldSampling;
  /** Where each vertex sits on the head grid, for operations that work by rows and columns. */
  grid: HeadTemplateGrid;
  /** The slit between the lips and the mouth bag behind it (headMouth.ts). */
  mouth: HeadMouth;
}

/**
 * The head grid behind a template's vertices (see headGrid.ts). Band vertex (row r, column j) is
 * `r * (columns + 1) + j`; column `columns` duplicates column 0 at the back seam; then come the
 * mouth's vertices (the lower lip's slit duplicates and the bag, see headMouth.ts; they take θ and s
 * of the slit vertex they belong to); the cap follows, from `capStart` to the last vertex.
 */
export interface HeadTemplateGrid {
  /** Azimuth θ per vertex: 0 straight ahead, +π/2 the person's left ear, ±π the back. */
  theta: Float32Array;
  /** Meridian parameter per vertex: 0 at the crown, k on keypoint row k; the cap has s ∈ [0, 1]. */
  s: Float32Array;
  /** Columns of the band. */
  columns: number;
  /** Vertex rows of the band, from the cap's boundary (row 0) to the bottom border (the last). */
  rows: number;
  /** First vertex of the cap. */
  capStart: number;
  /** s of the keypoint rows by name ('jaw', 'under jaw', 'neck top', 'neck', …, the last one the bottom border). */
  keyRows: Readonly<Record<string, number>>;
  /** s where the neck meets the bust (the bottom border on heads without a bust). */
  neckBase: number;
}
