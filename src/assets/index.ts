/**
 * Generated assets: the head templates (see headTemplate.ts for frame and regions, headGrid.ts for
 * topology and UV layout; their data model is geometry/template.ts), the teeth, the warm-up of the
 * head geometry, and the haircuts (./haircuts). The mean face they are built around is geometry's
 * (geometry/meanFace.ts), re-exported here.
 */
export { headTemplate, HEAD_TEMPLATE_DEFAULTS, type HeadTemplate, type HeadTemplateOptions } from './headTemplate.js';
export { HEAD_SUBTYPES, HEAD_SUBTYPE_NAMES, headSubtype, type HeadSubtype, type HeadSubtypeSpec } from './headSubtypes.js';
export { MEAN_FACE, LANDMARK_MIRROR } from '../geometry/meanFace.js';
export { warmUpHeadGeometry, WARM_UP_HEAD_GEOMETRY_DEFAULTS, type WarmUpHeadGeometryOptions } from './warmUpHeadGeometry.js';
export { BAND_U_END } from './headGrid.js';
export { CURTAIN_STRIP_UVS } from './headMouth.js';
export type { UvBox } from './headMouthShape.js';
export { repackUvs, REPACK_UVS_DEFAULTS, REPACKED_TEXTURE_SIZE, type RepackUvsOptions } from './repackUvs.js';
