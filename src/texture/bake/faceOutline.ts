import { FACE_OVAL } from '../../analysis/regions.js';
import type { MainFace } from '../../analysis/types.js';

/**
 * The outline of the face in the photo from the analysis' face-mesh landmarks (forehead, temples,
 * jaw, chin), as the flat [x0, y0, x1, y1, ...] pixel list {@link bakeTexture} takes.
 *
 * ```ts
 * bakeTexture({ mesh, projection, photo, skin, faceOutline: faceOutline(analysis.face) });
 * ```
 */
export function faceOutline(face: Pick<MainFace, 'landmarks'>): number[] {
  const out: number[] = [];
  for (const i of FACE_OVAL) out.push(face.landmarks[i * 3], face.landmarks[i * 3 + 1]);
  return out;
}
