import { PipelineFailure } from './failure.js';
import type { Pipeline } from './pipeline.js';

/**
 * Ends the computation Failed when the face is turned further from the camera than the pipeline
 * makes a plausible head from (its `maxYaw`), in words that let the owner act: the yaw measured and
 * what to do instead. Better than a Completed avatar with a mashed face.
 *
 * ```ts
 * checkYaw(HEAD_1_2, analysis.face.pose.yaw); // throws PipelineFailure at 0.93 rad
 * ```
 */
export function checkYaw(pipeline: Pick<Pipeline, 'name' | 'maxYaw'>, yaw: number): void {
  if (pipeline.maxYaw === null) return;
  const degrees = Math.round(Math.abs(yaw) * 180 / Math.PI);
  if (degrees <= pipeline.maxYaw) return;
  throw new PipelineFailure(
    `The face is turned ${degrees}° from the camera; ${pipeline.name} makes heads from faces turned at most ${pipeline.maxYaw}°. `
    + 'Use head_2.0, which tolerates turned heads, or a more frontal photo.',
  );
}
