import { HEAD_SUBTYPE_NAMES, type HeadSubtype } from './headSubtypes.js';
import { headTemplate } from './headTemplate.js';
import { MEAN_FACE } from '../geometry/meanFace.js';
import { fitHead } from '../geometry/fitHead.js';
import { headLod } from '../geometry/headLod.js';

/** Options of {@link warmUpHeadGeometry}. */
export interface WarmUpHeadGeometryOptions {
  /** Subtypes whose templates and LOD simplifications to build. */
  subtypes?: readonly HeadSubtype[];
  /** Also build every level of detail's simplification (the slower part). */
  lods?: boolean;
}

export const WARM_UP_HEAD_GEOMETRY_DEFAULTS: Required<WarmUpHeadGeometryOptions> = {
  subtypes: HEAD_SUBTYPE_NAMES,
  lods: true,
};

/**
 * Builds and caches what the first avatar of each subtype would otherwise pay for: templates
 * (~0.3-0.8 s each the first time, shared between static and mobile), LOD simplifications, and one
 * fit of the mean face to compile the fitting code. For a worker's start, next to the face
 * analyzer's own warm-up; afterwards a fit costs well under 100 ms.
 *
 * ```ts
 * await warmUpHeadGeometry({ subtypes: ['head_2.0 bust/mobile'] });
 * ```
 */
export async function warmUpHeadGeometry(options: WarmUpHeadGeometryOptions = {}): Promise<void> {
  const o = { ...WARM_UP_HEAD_GEOMETRY_DEFAULTS, ...options };
  // The mean face as a photo would show it: 2000 px per metre, looking straight at the camera.
  const landmarks = Array.from(MEAN_FACE, (v, i) => (i % 3 === 0 ? 500 + 2000 * v : i % 3 === 1 ? 500 - 2000 * v : -2000 * v));
  const face = {
    box: { x: 300, y: 300, width: 400, height: 400 }, score: 1, landmarks, zScale: 1,
    pose: { pitch: 0, yaw: 0, roll: 0 }, age: 30, gender: 'female' as const, genderConfidence: 1,
    races: { asian: 1 / 3, black: 1 / 3, white: 1 / 3 }, race: 'white' as const, raceConfidence: 1 / 3,
  };
  for (const subtype of o.subtypes) {
    const template = headTemplate(subtype);
    const fitted = fitHead(template, { face });
    if (o.lods) for (let lod = 1; lod < template.lodFaces.length; lod++) await headLod(fitted, lod);
  }
}
