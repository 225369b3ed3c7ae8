import {
  exportContext, hasSubtype, isPipelineName, parseParametersField, PIPELINES, planAtLeast, planName, resolveExportParameters, validateParameters,
  type NormalisedParameters, type PipelineName, type PipelineSubtype, type Plan, type ResolvedExport,
} from '../pipelines/catalogue/index.js';
import { inspectPhoto } from '../pipelines/photo.js';
import type { BlobStore } from '../store/blobs.js';
import { avatarKey, avatarPrefix } from '../store/keys.js';
import type { Config } from './config.js';
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
  photo: Buffer;
}

const REQUIRED = 'This field is required.';

/** Checks every field of POST /avatars/ and reports all problems at once, as DRF serializers do.
 * A pipeline above the caller's plan is refused with 403 before anything else is looked at. */
export async function validateCreation(form: Form, plan: Plan, config: Config): Promise<AvatarCreation> {
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
  else {
    const result = await inspectPhoto(photo.data, { maxBytes: config.maxPhotoBytes, maxPixels: config.maxPhotoPixels });
    if ('refused' in result) fail('photo', result.refused);
  }

  // No problem means a known pipeline and one of its subtypes; the test says so to the types too.
  if (Object.keys(problems).length || !pipelineName || !hasSubtype(pipelineName, subtype)) throw errors.fields(problems);
  return { name, description, pipeline: pipelineName, subtype, parameters, exportParameters, export: resolvedExport, photo: photo!.data };
}

/**
 * Stores a new avatar's photo, the first thing written for it. When the write fails (a full disk),
 * the avatar's folder goes with it: a failed upload leaves nothing behind.
 */
export async function storePhoto(blobs: BlobStore, code: string, photo: Buffer): Promise<void> {
  try {
    await blobs.put(avatarKey(code, 'photo'), photo);
  } catch (err) {
    await blobs.removePrefix(avatarPrefix(code)).catch(() => undefined);
    throw err;
  }
}
