import type { Box } from './types.js';

/**
 * Picks the main face: the largest and most central one.
 *
 * Rule: maximise `area × (1 − 0.5 × d)`, where `area` is the face box area and `d` is the distance of
 * the box centre from the photo centre divided by half the photo diagonal (0 in the middle, 1 in a
 * corner). A face in a corner thus counts as half a face of the same size in the middle: a clearly
 * bigger face always wins, and between similar sizes the more central one does. Ties keep the first.
 */
export function pickMainFace(boxes: ReadonlyArray<Box>, width: number, height: number): number {
  const halfDiagonal = Math.hypot(width, height) / 2 || 1;
  let best = -1;
  let bestScore = -Infinity;
  boxes.forEach((b, i) => {
    const d = Math.hypot(b.x + b.width / 2 - width / 2, b.y + b.height / 2 - height / 2) / halfDiagonal;
    const score = b.width * b.height * (1 - 0.5 * Math.min(1, d));
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}
