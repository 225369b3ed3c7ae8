import type { Category, Group } from './groups.js';
import { PIPELINES, type PipelineName } from './pipelines.js';
import type { ParameterValue } from './values.js';

/** The content of one group: names (enumerable categories) or name → value (key-value ones). */
export type GroupContent = string[] | { [name: string]: ParameterValue };

/**
 * Parameters with the group level always present, whatever the pipeline: how validated
 * parameters are stored and handed to computation. Plain JSON.
 */
export type GroupedParameters = { [C in Category]?: { [G in Group]?: GroupContent } };

/**
 * Parameters as a client writes them for one pipeline: grouped, or for body_0.3 (which omits the
 * group level) `{category: [names] | {name: value}}`.
 */
export type ParametersShape = { [C in Category]?: { [G in Group]?: GroupContent } | GroupContent };

/** Merges the groups of one category into the group-less form of body_0.3. */
function withoutGroups(groups: { [G in Group]?: GroupContent }): GroupContent {
  const contents = Object.values(groups) as GroupContent[];
  if (contents.every(Array.isArray)) return (contents as string[][]).flat();
  return Object.assign({}, ...contents) as { [name: string]: ParameterValue };
}

/** Grouped parameters in the shape the pipeline's clients send and read. */
export function requestShape(grouped: GroupedParameters, pipeline: PipelineName): ParametersShape {
  if (PIPELINES[pipeline].groupLevel) return grouped;
  const flat: ParametersShape = {};
  for (const [category, groups] of Object.entries(grouped) as Array<[Category, { [G in Group]?: GroupContent }]>) {
    flat[category] = withoutGroups(groups);
  }
  return flat;
}
