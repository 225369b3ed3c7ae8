import { checkValue, isPlainObject, jsonType } from '../values.js';
import { checkBlendshapeList, checkBlendshapeValues } from './blendshapes.js';
import type { ExportContext } from './types.js';
import { didYouMean, fail, full, key, listed, type Walk } from './walk.js';

/** What one key of the export parameters holds. Every value may also be null (inherit or default) unless `notNull`. */
export type Field = (
  | { readonly type: 'flag' }
  | { readonly type: 'size' }
  | { readonly type: 'color' }
  /** An integer in [0, ctx.lods - 1]. */
  | { readonly type: 'lod' }
  /** One string of a set the context decides (formats, templates, persona LOD names). */
  | { readonly type: 'choice'; readonly noun: string; readonly choices: (ctx: ExportContext) => readonly string[] }
  /** An array of names. `one`: rule 4 of the spec, at most one of them (conflicting avatar parts). */
  | {
      readonly type: 'names';
      readonly noun: string;
      readonly known: (ctx: ExportContext) => readonly string[];
      readonly one?: boolean;
      /** Said instead of listing names when `known` is empty. */
      readonly none?: (ctx: ExportContext) => string;
    }
  | { readonly type: 'pattern'; readonly pattern: RegExp; readonly expected: string }
  /** An integer in [min, max]; a tighter bound that depends on other keys is the resolver's. */
  | { readonly type: 'integer'; readonly min: number; readonly max: number }
  /** A number in [min, max], such as an opacity. */
  | { readonly type: 'number'; readonly min: number; readonly max: number }
  /**
   * An array of sections (ours: `avatar.makeup`), at most `max` of them; `unique` is the key whose
   * value may appear once, so one layer is not given twice with different colours.
   */
  | { readonly type: 'list'; readonly item: SectionField; readonly max: number; readonly unique?: string }
  | { readonly type: 'blendshapes' }
  | { readonly type: 'blendshapeValues' }
  | { readonly type: 'section'; readonly keys: Readonly<Record<string, Field>>; readonly hints?: Readonly<Record<string, string>>; readonly required?: readonly string[] }
) & { readonly notNull?: boolean };

/** An object of known keys, such as the whole export parameters or one category. */
export type SectionField = Extract<Field, { type: 'section' }>;

/** checkValue of the computation catalogue says "path: reason"; its paths are ours, so they split at the first ": ". */
function checkShared(w: Walk, value: unknown, type: 'size' | 'color', path: string): void {
  for (const line of checkValue(value, { type }, path)) {
    const at = line.indexOf(': ');
    fail(w, line.slice(0, at), line.slice(at + 2));
  }
}

function checkNames(w: Walk, field: Extract<Field, { type: 'names' }>, value: unknown, path: string): void {
  if (!Array.isArray(value)) return fail(w, path, `must be an array of ${field.noun} names, got ${jsonType(value)}`);
  if (field.one && value.length > 1) {
    // Spec rule 4: one item per conflicting slot; the message names the items that conflict.
    const named = value.filter((v): v is string => typeof v === 'string').slice(0, 4).map((v) => JSON.stringify(v.slice(0, 100)));
    fail(w, path, `only one ${field.noun} can be exported at a time, got ${value.length}${named.length > 1 ? `: ${named.join(' and ')}` : ''}`);
  }
  const known = field.known(w.ctx);
  const seen = new Map<string, number>();
  value.forEach((item, i) => {
    const at = `${path}[${i}]`;
    if (typeof item !== 'string') return fail(w, at, `must be a ${field.noun} name (a string), got ${jsonType(item)}`);
    if (!known.includes(item)) {
      if (full(w)) return fail(w, at, '');
      const hint = didYouMean(w, item, known) || (known.length > 0 ? `; known: ${listed(known)}` : `; ${field.none?.(w.ctx) ?? 'there are none to export'}`);
      return fail(w, at, `unknown ${field.noun} "${item}"${hint}`);
    }
    if (seen.has(item)) return fail(w, at, `duplicate "${item}", already at [${seen.get(item)}]`);
    seen.set(item, i);
  });
}

/** Every problem of one value, each under its own path. */
export function checkField(w: Walk, field: Field, value: unknown, path: string): void {
  if (value === null) {
    if (field.notNull) fail(w, path, `must not be null${field.type === 'names' ? '; an empty list is []' : ''}`);
    return;
  }
  switch (field.type) {
    case 'flag':
      if (typeof value !== 'boolean') fail(w, path, `must be true or false, got ${jsonType(value)}`);
      return;
    case 'size':
    case 'color':
      return checkShared(w, value, field.type, path);
    case 'lod': {
      const range = `an integer in [0, ${w.ctx.lods - 1}]`;
      if (typeof value !== 'number' || !Number.isInteger(value)) return fail(w, path, `must be ${range}, got ${jsonType(value)}`);
      if (value < 0 || value >= w.ctx.lods) fail(w, path, `must be ${range} (0 is the most detailed), got ${value}`);
      return;
    }
    case 'choice': {
      const choices = field.choices(w.ctx);
      if (typeof value === 'string' && choices.includes(value)) return;
      const expected = `must be one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`;
      if (typeof value !== 'string') return fail(w, path, `${expected}, got ${jsonType(value)}`);
      return fail(w, path, `unknown ${field.noun} "${value}"${didYouMean(w, value, choices) || `; ${expected}`}`);
    }
    case 'names':
      return checkNames(w, field, value, path);
    case 'pattern':
      if (typeof value !== 'string') fail(w, path, `must be ${field.expected}, got ${jsonType(value)}`);
      else if (!field.pattern.test(value)) fail(w, path, `must be ${field.expected}, got "${value}"`);
      return;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) fail(w, path, `must be an integer in [${field.min}, ${field.max}], got ${jsonType(value)}`);
      else if (value < field.min || value > field.max) fail(w, path, `must be an integer in [${field.min}, ${field.max}], got ${value}`);
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(w, path, `must be a number in [${field.min}, ${field.max}], got ${jsonType(value)}`);
      else if (value < field.min || value > field.max) fail(w, path, `must be a number in [${field.min}, ${field.max}], got ${value}`);
      return;
    case 'list':
      return checkList(w, field, value, path);
    case 'blendshapes':
      return checkBlendshapeList(w, value, path);
    case 'blendshapeValues':
      return checkBlendshapeValues(w, value, path);
    case 'section':
      return checkSection(w, field, value, path);
  }
}

function checkList(w: Walk, field: Extract<Field, { type: 'list' }>, value: unknown, path: string): void {
  if (!Array.isArray(value)) return fail(w, path, `must be an array of objects, got ${jsonType(value)}`);
  if (value.length > field.max) return fail(w, path, `must hold at most ${field.max} entries, got ${value.length}`);
  const seen = new Map<unknown, number>();
  value.forEach((item, i) => {
    const at = `${path}[${i}]`;
    checkSection(w, field.item, item, at);
    if (!field.unique || !isPlainObject(item) || typeof item[field.unique] !== 'string') return;
    const id = item[field.unique];
    if (seen.has(id)) fail(w, key(at, field.unique), `duplicate "${id}", already at [${seen.get(id)}]`);
    else seen.set(id, i);
  });
}

/** An object of known keys: unknown keys are errors, with the key meant or a hint where one is kept. */
export function checkSection(w: Walk, section: SectionField, value: unknown, path: string): void {
  if (!isPlainObject(value)) return fail(w, path, `must be an object, got ${jsonType(value)}`);
  const names = Object.keys(section.keys);
  for (const name of section.required ?? []) if (value[name] === undefined || value[name] === null) fail(w, key(path, name), 'is required');
  for (const [name, content] of Object.entries(value)) {
    const field = Object.hasOwn(section.keys, name) ? section.keys[name] : undefined;
    if (field) checkField(w, field, content, key(path, name));
    else {
      const hint = section.hints?.[name] ? `; ${section.hints[name]}` : didYouMean(w, name, names) || `; keys: ${names.join(', ')}`;
      fail(w, key(path, name), `unknown key${hint}`);
    }
  }
}
