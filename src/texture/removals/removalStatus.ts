import type { MainFace } from '../../analysis/types.js';
import type { Image } from '../../core/image.js';

/**
 * What an avatar modification that edits the photo (`remove_smile`, `remove_stubble`,
 * `remove_glasses`) did, as `model_info` reports it for each one requested:
 * - `removed`: it was there and the photo (and, for the mouth, the landmarks) now shows it gone;
 * - `not_found`: there was nothing to remove, the photo is unchanged;
 * - `failed`: it is there but could not be removed well, the photo is unchanged and `reason` says why.
 * A removal never says `removed` unless it changed the photo.
 */
export interface RemovalStatus {
  status: 'removed' | 'not_found' | 'failed';
  /** Why, in a sentence a person reads in `model_info`; always given for `failed`. */
  reason?: string;
}

/** What a removal returns: the edited photo, the face with its landmarks moved with the edit, the status. */
export interface RemovalResult {
  /** The photo after the edit: the input itself when nothing changed, otherwise a new image. */
  photo: Image;
  /** The face analysis' main face; its landmarks moved where the edit moved the features. */
  face: MainFace;
  status: RemovalStatus;
}

/** The result of a removal that leaves the photo and the face exactly as they were. */
export function unchanged(photo: Image, face: MainFace, status: RemovalStatus['status'], reason: string): RemovalResult {
  return { photo, face, status: { status, reason } };
}
