import { PIPELINES } from '../pipelines.js';
import { isPlainObject, jsonType, type Color } from '../values.js';
import { qualifyBlendshape } from './blendshapes.js';
import { inherit, partOptions, type Raw } from './inherit.js';
import { makePublicChanges, makePublicMessage } from './makePublic.js';
import { outfitTextures } from './parts.js';
import { PERSONA_EXPORT_SCHEMA } from './persona.js';
import { resolvePersona } from './personaResolve.js';
import { checkSection } from './schema.js';
import { STANDARD_EXPORT_SCHEMA } from './standard.js';
import type { ExportContext, ResolvedExport } from './types.js';
import { key, newWalk, type ExportErrors } from './walk.js';
import { checkLimits, moreProblems } from '../limits.js';
import { pipelineOf } from '../../registry.js';

export type ExportResolution = { ok: true; value: ResolvedExport } | { ok: false; errors: ExportErrors };

/** The request field the export parameters arrive in; every error path starts with it. */
const FIELD = 'parameters';

function section(input: Raw, name: string): Raw | undefined {
  const value = input[name];
  return isPlainObject(value) ? value : undefined;
}

function list(s: Raw | undefined): string[] {
  return [...((s?.list as string[] | undefined) ?? [])];
}

/** Set names stay, single blendshapes become `set/name`; a single blendshape of a listed set adds nothing. */
function blendshapeList(entries: string[], sets: ExportContext['blendshapeSets']): string[] {
  const qualified = [...new Set(entries.map((e) => qualifyBlendshape(e, sets)!))];
  return qualified.filter((e) => !e.includes('/') || !qualified.includes(e.slice(0, e.indexOf('/'))));
}

function blendshapeValues(value: unknown): Record<string, Record<string, number>> | null {
  if (!isPlainObject(value)) return null;
  const sets = Object.entries(value).filter(([, f]) => Object.keys(f as object).length > 0);
  return sets.length > 0 ? Object.fromEntries(sets.map(([set, f]) => [set, { ...(f as Record<string, number>) }])) : null;
}

const rgb = (c: Color): [number, number, number] => [c.red, c.green, c.blue];

/** Validated input of head_1.2, head_2.0, body_0.3 → what the export builder reads. */
function resolveStandard(input: Raw, ctx: ExportContext): ExportResolution {
  const [haircuts, outfits, blendshapes] = [section(input, 'haircuts'), section(input, 'outfits'), section(input, 'blendshapes')];
  const flags = {
    avatar: inherit(input, null, undefined),
    haircuts: inherit(input, 'haircuts', haircuts),
    outfits: inherit(input, 'outfits', outfits),
    blendshapes: inherit(input, 'blendshapes', blendshapes),
  };
  const color = haircuts?.color;
  const value: ResolvedExport = {
    avatar: { ...partOptions(flags.avatar, ctx.textures), template: (input.template as string | null | undefined) ?? '' },
    haircuts: { ...partOptions(flags.haircuts, []), list: list(haircuts), color: isPlainObject(color) ? rgb(color as unknown as Color) : null },
    blendshapes: {
      ...partOptions(flags.blendshapes, []),
      list: blendshapeList(list(blendshapes), ctx.blendshapeSets),
      values: blendshapeValues(blendshapes?.values),
    },
    outfits: { ...partOptions(flags.outfits, outfitTextures(ctx)), list: list(outfits) },
    makePublic: input.make_public === true,
  };
  if (value.makePublic) {
    const changes = makePublicChanges([
      { exported: true, isAvatar: true, hasTextures: true, flags: flags.avatar },
      { exported: value.haircuts.list.length > 0, hasTextures: true, flags: flags.haircuts },
      { exported: value.outfits.list.length > 0, hasTextures: true, flags: flags.outfits },
      { exported: value.blendshapes.list.length > 0, hasTextures: false, flags: flags.blendshapes },
    ]);
    if (changes.length > 0) return { ok: false, errors: { [`${FIELD}.make_public`]: [makePublicMessage(changes)] } };
  }
  return { ok: true, value };
}

/**
 * Checks the export parameters of one avatar (already JSON-parsed) and resolves them: defaults
 * filled in, category flags inherited from the top level (rule 1), format rules applied.
 * Errors are keyed by field path, every path under `parameters`; at most PARAMETER_LIMITS.errors
 * are described, then `parameters` says how many more. Input past PARAMETER_LIMITS is refused
 * first. persona_2.0's go to personaResolve.ts.
 *
 * @example
 * resolveExportParameters({ format: 'fbx', haircuts: { list: ['generated'], format: 'glb' } }, ctx)
 * // → { ok: true, value: { avatar: { format: 'fbx', ... }, haircuts: { format: 'glb', list: ['generated'], ... }, ... } }
 */
export function resolveExportParameters(input: unknown, ctx: ExportContext): ExportResolution {
  if (!PIPELINES[ctx.pipeline].exportParameters) return { ok: false, errors: { [FIELD]: [`${ctx.pipeline} does not use export parameters`] } };
  if (!isPlainObject(input)) return { ok: false, errors: { [FIELD]: [`must be a JSON object, got ${jsonType(input)}`] } };
  const persona = pipelineOf(ctx.pipeline).exportFamily === 'persona';
  const tooLarge = checkLimits(input, FIELD, key);
  if (tooLarge.length > 0) {
    const errors: ExportErrors = {};
    for (const p of tooLarge) (errors[p.path] ??= []).push(p.message);
    return { ok: false, errors };
  }
  const w = newWalk(ctx);
  checkSection(w, persona ? PERSONA_EXPORT_SCHEMA : STANDARD_EXPORT_SCHEMA, input, FIELD);
  if (w.more > 0) (w.errors[FIELD] ??= []).push(moreProblems(w.more));
  if (Object.keys(w.errors).length > 0) return { ok: false, errors: w.errors };
  if (persona) return resolvePersona(input, FIELD);
  return resolveStandard(input, ctx);
}
