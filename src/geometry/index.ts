/**
 * Head geometry: fitting a head template to a photo's face, levels of detail, and the mesh
 * operations they use. Meshes are plain typed arrays (see mesh.ts); the templates live in src/assets.
 */
export { faceCount, vertexCount, type Mesh } from '../core/mesh.js';
export { computeNormals, COMPUTE_NORMALS_DEFAULTS, type ComputeNormalsOptions } from './computeNormals.js';
export { triangulateQuads } from './triangulateQuads.js';
export {
  canonicalFace, CANONICAL_FACE_DEFAULTS, LANDMARK_COUNT, RIGID_LANDMARKS,
  type CanonicalFace, type CanonicalFaceOptions,
} from './canonicalFace.js';
export { photoCamera, projectToPhoto, type PhotoCamera } from '../core/camera.js';
export { fitHead, FIT_HEAD_DEFAULTS, type FitHeadOptions, type FittedHead } from './fitHead.js';
export { photoProjection, PHOTO_PROJECTION_DEFAULTS, type PhotoProjection, type PhotoProjectionOptions } from './photoProjection.js';
export { headLod, HEAD_LOD_DEFAULTS, type HeadLodOptions, type LodMesh } from './headLod.js';
export { bindToSurface, boundPositions, type SurfaceBinding } from './surfaceBinding.js';
export { thinPlateSpline, THIN_PLATE_SPLINE_DEFAULTS, type ThinPlateSpline, type ThinPlateSplineOptions } from './thinPlateSpline.js';
export { meshDefects, type MeshDefects } from './meshDefects.js';
export { MEAN_FACE, LANDMARK_MIRROR } from './meanFace.js';
export { headScale, type HeadScale } from './headScale.js';
export { landmarkDisplacements, LANDMARK_DISPLACEMENTS_DEFAULTS, type LandmarkDisplacementsOptions } from './landmarkDisplacements.js';
export { visibleHalf, VISIBLE_HALF_DEFAULTS, type VisibleHalf, type VisibleHalfOptions } from './visibleHalf.js';
export { uvSphere, UV_SPHERE_DEFAULTS, type UvSphereOptions } from '../core/uvSphere.js';
export { cartoonish, CARTOONISH_DEFAULTS, CARTOON_STYLES, type CartoonStyle, type CartoonishOptions } from './cartoonish.js';
export { curvedBottom, CURVED_BOTTOM_DEFAULTS, type CurvedBottomOptions } from './curvedBottom.js';
export { fitNeck, FIT_NECK_DEFAULTS, type FitNeckOptions, type FittedNeckHead } from './fitNeck.js';
export { cartoonField, type CartoonProportions } from './cartoonField.js';
export { smoothRelief } from './smoothRelief.js';
export { neckWidth } from './neckWidth.js';
export { sharedNeckWeight } from './fitHead.js';
export { simplifyMesh } from './simplifyMesh.js';
export {
  BLENDSHAPE_SET_NAMES, blendshapeNames, blendshapeSet, lodDeltas, normalDeltas, type BlendshapeSet,
} from './blendshapes/index.js';
export { headSurface, type HeadSurface, type SurfacePoint } from './headSurface.js';
export { mergeMeshes } from './mergeMeshes.js';
export { mirrorVertices } from './mirrorVertices.js';
export type {
  HeadDeformation, HeadMouth, HeadRegion, HeadRegionName, HeadRegions, HeadSubtype, HeadTemplate, HeadTemplateGrid,
} from './template.js';
export { photoShading, PHOTO_SHADING_DEFAULTS, type PhotoShadingOptions } from './photoShading.js';
