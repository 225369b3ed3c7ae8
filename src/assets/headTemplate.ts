import { computeNormals } from '../geometry/computeNormals.js';
import { triangulateQuads } from '../geometry/triangulateQuads.js';
import { mirrorVertices } from '../geometry/mirrorVertices.js';
import { headBase } from './headBase.js';
import { headDeformation } from './headDeformation.js';
import { fieldSampling } from './fieldSampling.js';
import { sampleField } from '../geometry/sampleField.js';
import { addMouth } from './headMouth.js';
import { bindMouthLandmarks } from './headMouthBinding.js';
import { headRegions } from './headRegions.js';
import { HEAD_SUBTYPES, type HeadSubtype } from './headSubtypes.js';
import { MEAN_FACE } from '../geometry/meanFace.js';
import type { HeadTemplate, HeadTemplateGrid } from '../geometry/template.js';
import { smoothstep } from '../core/smoothstep.js';

export type { HeadTemplate, HeadTemplateGrid } from '../geometry/template.js';

/** Options of {@link headTemplate}. */
export interface HeadTemplateOptions {
  /** Face (triangle) count to generate the template at; 0: the subtype's LOD0 budget. */
  faces?: number;
}

export const HEAD_TEMPLATE_DEFAULTS: Required<HeadTemplateOptions> = {
  faces: 0,
};

const cache = new Map<string, HeadTemplate>();
const shapes = new Map<string, Omit<HeadTemplate, 'subtype' | 'lodFaces'>>();

/**
 * The head template of a subtype, generated: a quad-grid head (see headGrid.ts for topology and UV
 * layout) with ears, pressed into the shape of the mean face by a polyharmonic spline
 * (headDeformation.ts).
 *
 * Frame: metres, +Y up, the face towards +Z, +X the person's left; origin between the ears (on the
 * ear-canal line) at the height of the iris centres. Open border: only the bottom edge, where the
 * neck (head/mobile, animated_face) or the bust (the others) is cut horizontally. The lips are cut
 * apart along a slit that is closed at rest, with a mouth bag behind it (headMouth.ts), so that
 * blendshapes can open the mouth.
 *
 * Templates are immutable and cached per subtype and size (static and mobile share the geometry);
 * the first call costs a few hundred ms (see warmUpHeadGeometry).
 *
 * ```ts
 * const template = headTemplate('head_2.0 bust/mobile');
 * ```
 */
export function headTemplate(subtype: HeadSubtype, options: HeadTemplateOptions = {}): HeadTemplate {
  const o = { ...HEAD_TEMPLATE_DEFAULTS, ...options };
  const spec = HEAD_SUBTYPES[subtype];
  if (!spec) throw new Error(`no head template for ${subtype}`);
  const faces = o.faces || spec.lodFaces[0];
  const key = `${subtype}|${faces}`;
  let template = cache.get(key);
  if (!template) {
    // Subtypes with the same geometry (static and mobile) share one build.
    const shapeKey = `${spec.bust}|${faces}`;
    let shape = shapes.get(shapeKey);
    if (!shape) shapes.set(shapeKey, (shape = buildShape(spec.bust, faces)));
    template = { ...shape, subtype, lodFaces: spec.lodFaces };
    cache.set(key, template);
  }
  return template;
}

function buildShape(bust: boolean, faces: number): Omit<HeadTemplate, 'subtype' | 'lodFaces'> {
  const { grid, positions: base, ear } = headBase(bust, faces);
  const count = base.length / 3;
  const deformation = headDeformation(bust);
  const values = new Float64Array(deformation.spline.centres.length);
  for (let k = 0; k < MEAN_FACE.length; k++) values[k] = MEAN_FACE[k] - deformation.landmarkAnchors[k];
  const sampling = fieldSampling(grid, nearLandmarks(base, deformation.landmarkAnchors, NEAR_FACE));
  const field = deformation.spline.fit(values);
  const displacement = sampleField(sampling, base, (points) => field.evaluate(points));
  const profile = grid.profile;
  const headWeight = new Float32Array(count);
  for (let v = 0; v < count; v++) headWeight[v] = 1 - smoothstep(profile.neckTop, profile.neckBase, grid.s[v]);
  const positions = new Float32Array(count * 3);
  for (let k = 0; k < positions.length; k++) positions[k] = base[k] + headWeight[Math.floor(k / 3)] * displacement[k];

  const { parts, mouth } = addMouth(grid, {
    positions, base, uvs: grid.uvs, quads: grid.quads, theta: grid.theta, s: grid.s, ear, headWeight, sampling,
    capStart: grid.capStart,
  });
  const skin = triangulateQuads(parts.positions, parts.quads);
  const bagTriangles = parts.triangles ?? new Uint32Array(0);
  const indices = new Uint32Array(skin.length + bagTriangles.length);
  indices.set(skin);
  indices.set(bagTriangles, skin.length);
  const mesh = computeNormals({ positions: parts.positions, indices, uvs: parts.uvs }, { weld: parts.sampling.weld });
  const inMouth = new Uint8Array(parts.s.length);
  for (const v of mouth.bag) inMouth[v] = 1;
  const regions = headRegions({
    positions: parts.positions, normals: mesh.normals!, indices, theta: parts.theta, s: parts.s, ear: parts.ear,
    jawS: profile.rows.findIndex((r) => r.name === 'jaw'), neckBaseS: profile.neckBase, bust, mouth: inMouth,
  });
  return {
    mesh,
    quads: parts.quads,
    regions,
    landmarks: bindMouthLandmarks(parts.positions, indices, mouth, grid),
    headWeight: parts.headWeight,
    basePositions: parts.base,
    mirror: mirrorVertices(parts.base),
    deformation,
    sampling: parts.sampling,
    mouth,
    grid: {
      theta: parts.theta,
      s: parts.s,
      columns: grid.columns,
      rows: grid.rows,
      capStart: parts.capStart,
      keyRows: Object.fromEntries(profile.rows.map((row, k) => [row.name, k])),
      neckBase: profile.neckBase,
    },
  };
}

/** Vertices within this distance of a landmark anchor get the deformation computed exactly, m. */
const NEAR_FACE = 0.024;

/** Marks the points (flat xyz) within `radius` of any of `anchors` (flat xyz). */
function nearLandmarks(points: Float64Array, anchors: Float64Array, radius: number): Uint8Array {
  const cells = new Map<number, number[]>();
  const key = (x: number, y: number, z: number): number =>
    ((Math.floor(x / radius) + 512) * 1024 + (Math.floor(y / radius) + 512)) * 1024 + (Math.floor(z / radius) + 512);
  for (let i = 0; i < anchors.length / 3; i++) {
    const k = key(anchors[i * 3], anchors[i * 3 + 1], anchors[i * 3 + 2]);
    let list = cells.get(k);
    if (!list) cells.set(k, (list = []));
    list.push(i);
  }
  const near = new Uint8Array(points.length / 3);
  const r2 = radius * radius;
  for (let v = 0; v < near.length; v++) {
    const x = points[v * 3], y = points[v * 3 + 1], z = points[v * 3 + 2];
    search: for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          for (const i of cells.get(key(x + dx * radius, y + dy * radius, z + dz * radius)) ?? []) {
            if ((anchors[i * 3] - x) ** 2 + (anchors[i * 3 + 1] - y) ** 2 + (anchors[i * 3 + 2] - z) ** 2 < r2) {
              near[v] = 1;
              break search;
            }
          }
        }
      }
    }
  }
  return near;
}

