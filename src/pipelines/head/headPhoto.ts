import type { FaceAnalysis } from '../../analysis/index.js';
import { removeGlasses, removeSmile, removeStubble, type Image, type RemovalResult, type RemovalStatus } from '../../texture/index.js';

/** The photo a head is made from, after the removals the request asked for. */
export interface EditedPhoto {
  photo: Image;
  /** The analysis with the face's landmarks moved where a removal moved the features. */
  analysis: FaceAnalysis;
  /** Status of each requested removal, by parameter name, for model_info. */
  removals: Record<string, RemovalStatus>;
}

type Removal = (photo: Image, analysis: FaceAnalysis) => RemovalResult;

/**
 * Glasses first (their frames cross the cheeks that stubble removal compares against), then
 * stubble, then the smile, whose warp moves the already cleaned pixels of the mouth area.
 */
const REMOVALS: ReadonlyArray<readonly [string, Removal]> = [
  ['remove_glasses', removeGlasses],
  ['remove_stubble', removeStubble],
  ['remove_smile', removeSmile],
];

/**
 * The avatar modifications that edit the source photo before anything is fitted or baked. Each
 * one requested runs and reports its status; one that fails leaves the photo as it was and the
 * next one still runs.
 */
export function editPhoto(photo: Image, analysis: FaceAnalysis, modifications: Readonly<Record<string, unknown>>): EditedPhoto {
  const removals: Record<string, RemovalStatus> = {};
  let current = { photo, analysis };
  for (const [name, remove] of REMOVALS) {
    if (modifications[name] !== true) continue;
    const result = remove(current.photo, current.analysis);
    removals[name] = result.status;
    current = { photo: result.photo, analysis: { ...current.analysis, face: result.face } };
  }
  return { ...current, removals };
}
