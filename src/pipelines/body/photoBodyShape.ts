import {
  bodyProportionsFromPhoto, bodyShapeFromPhoto, createBodyKeypointDetector, type BodyKeypointDetector, type BodyShapeFromPhoto, type FaceAnalysis,
} from '../../analysis/index.js';

/**
 * A face taller than this share of the photo leaves no room for a standing body below it (a head is
 * about an eighth of a stature, the face less): the photo is a selfie or a portrait, and BlazePose
 * is not run at all.
 */
const MAX_FACE_SHARE = 0.12;

/** One per worker thread, its model loaded on first use (analysis/bodyKeypoints.ts). */
let detector: BodyKeypointDetector | undefined;

/**
 * What a full-body photo shows of the body, as body_shape controls (stature, hips, shoulder width,
 * leg length; analysis/bodyShapeFromPhoto.ts); {} for a photo that shows the head and shoulders
 * only, or whose body cannot be measured. Values the request gives override these.
 */
export async function photoBodyShape(photo: Uint8Array, analysis: FaceAnalysis, gender: 'female' | 'male' | 'non_binary'): Promise<BodyShapeFromPhoto> {
  if (analysis.face.box.height / analysis.height > MAX_FACE_SHARE) return {};
  detector ??= createBodyKeypointDetector();
  const pose = await detector.detect(Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength), analysis.segmentation.person);
  return bodyShapeFromPhoto(bodyProportionsFromPhoto(pose, analysis), gender);
}
