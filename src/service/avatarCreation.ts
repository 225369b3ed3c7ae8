import {
  exportContext, hasSubtype, isPipelineName, parseParametersField, PIPELINES, planAtLeast, planName, resolveExportParameters, validateParameters,
  type NormalisedParameters, type PipelineName, type PipelineSubtype, type Plan, type ResolvedExport,
} from '../pipelines/catalogue/index.js';
import { errors } from './errors.js';
import { characterCount, type Form } from './form.js';

export interface AvatarCreation {
  name: string;
  description: string;
  pipeline: PipelineName;
  subtype: PipelineSubtype;
  parameters: NormalisedParameters;
  exportParameters: unknown | null;
  /** The export asked for at creation, resolved; it runs once the avatar is computed. */
  export: ResolvedExport | null;
}

const REQUIRED = 'This field is required.';

/** Checks every field of POST /avatars/ and reports all problems at once, as DRF serializers do.
 * A pipeline above the caller's plan is refused with 403 before anything else is looked at. The photo
 * was checked as it arrived (see photoUpload.ts): its refusal is reported with the rest. */
export function validateCreation(form: Form, plan: Plan): AvatarCreation {
  const { fields } = form;
  const problems: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (problems[field] ??= []).push(message);

  const given = fields.pipeline?.trim() ?? '';
  const pipelineName = isPipelineName(given) ? given : undefined;
  const pipeline = pipelineName && PIPELINES[pipelineName];
  if (!given) fail('pipeline', REQUIRED);
  else if (!pipeline) fail('pipeline', `"${given}" is not a valid choice.`);
  if (pipeline && !planAtLeast(plan, pipeline.plan)) throw errors.planTooLow(`Pipeline ${pipelineName}`, planName(pipeline.plan));

  const subtype = fields.pipeline_subtype?.trim() || pipeline?.subtypes[0] || '';
  if (pipeline && pipelineName && !hasSubtype(pipelineName, subtype)) {
    fail('pipeline_subtype', `"${subtype}" is not a valid choice for ${pipelineName}; choose one of: ${pipeline.subtypes.join(', ')}.`);
  }

  const name = fields.name?.trim() ?? '';
  if (!name) fail('name', REQUIRED);
  else if (characterCount(name) > 255) fail('name', 'Ensure this field has no more than 255 characters.');
  const description = fields.description ?? '';
  if (characterCount(description) > 10_000) fail('description', 'Ensure this field has no more than 10000 characters.');

  let parameters: NormalisedParameters = {};
  const parsed = parseParametersField(fields.parameters);
  if (!parsed.ok) for (const e of parsed.errors) fail('parameters', e);
  else if (pipelineName && !problems.pipeline_subtype) {
    const checked = validateParameters(parsed.value, { pipeline: pipelineName, subtype, plan });
    if (checked.ok) parameters = checked.value;
    else for (const e of checked.errors) fail('parameters', e);
  }

  let exportParameters: unknown | null = null;
  let resolvedExport: ResolvedExport | null = null;
  const parsedExport = parseParametersField(fields.export_parameters);
  if (!parsedExport.ok) for (const e of parsedExport.errors) fail('export_parameters', e);
  else if (fields.export_parameters !== undefined && fields.export_parameters.trim() !== '') {
    exportParameters = parsedExport.value;
    if (!exportParameters || typeof exportParameters !== 'object' || Array.isArray(exportParameters)) fail('export_parameters', 'Must be a JSON object.');
    else if (pipeline && !pipeline.exportParameters) fail('export_parameters', `Pipeline ${pipelineName} does not use export parameters.`);
    else if (pipelineName && !problems.pipeline_subtype) {
      // Rejected now, before any computation, rather than failing the export later.
      const result = resolveExportParameters(exportParameters, exportContext(pipelineName, subtype, plan));
      if (result.ok) resolvedExport = result.value;
      else for (const [path, messages] of Object.entries(result.errors)) for (const m of messages) fail('export_parameters', `${path.replace(/^parameters/, 'export_parameters')}: ${m}`);
    }
  }

  const photos = form.files.filter((f) => f.field === 'photo');
  const strays = form.files.filter((f) => f.field !== 'photo');
  for (const stray of strays) fail(stray.field, 'Unexpected file; only `photo` takes a file.');
  const photo = photos[0];
  if (!photo) fail('photo', 'No file was submitted.');
  else if (photo.refused) fail('photo', photo.refused);

  // No problem means a known pipeline and one of its subtypes; the test says so to the types too.
  if (Object.keys(problems).length || !pipelineName || !hasSubtype(pipelineName, subtype)) throw errors.fields(problems);
  return { name, description, pipeline: pipelineName, subtype, parameters, exportParameters, export: resolvedExport };
}
