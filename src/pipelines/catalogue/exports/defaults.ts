import { hasSubtype, PIPELINES, type PipelineName } from '../pipelines.js';
import { PERSONA_EXPORT_DEFAULTS } from './persona.js';
import { STANDARD_EXPORT_DEFAULTS } from './standard.js';
import { pipelineOf } from '../../registry.js';
import type { ExportFamily } from '../../pipeline.js';

const DEFAULTS: Record<ExportFamily, unknown> = { standard: STANDARD_EXPORT_DEFAULTS, persona: PERSONA_EXPORT_DEFAULTS };

/**
 * Backs `GET /export_parameters/default/{pipeline}/`: the spec's defaults table of the pipeline,
 * in request shape (null in a category: inherit from the top level). Sending it back changes
 * nothing. Throws for a pipeline without export parameters or a subtype it lacks: the caller
 * checks both first.
 *
 * @example
 * exportParameterDefaults('head_1.2', 'base/mobile').format   // → 'gltf'
 */
export function exportParameterDefaults(pipeline: PipelineName, subtype: string): Record<string, unknown> {
  if (!PIPELINES[pipeline].exportParameters) throw new Error(`${pipeline} does not use export parameters`);
  if (!hasSubtype(pipeline, subtype)) throw new Error(`"${subtype}" is not a subtype of ${pipeline}`);
  // A deep copy: callers may hand it to a client or edit it into a request.
  return structuredClone(DEFAULTS[pipelineOf(pipeline).exportFamily]) as Record<string, unknown>;
}
