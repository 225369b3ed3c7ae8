import { PARAMETER_LIMITS } from '../limits.js';
import { closest } from '../suggest.js';
import type { ExportContext } from './types.js';

/** Field path → messages, the body of a 400 (`{"parameters.haircuts.list[1]": ["unknown haircut ..."]}`). */
export type ExportErrors = Record<string, string[]>;

/** One validation run. */
export interface Walk {
  readonly ctx: ExportContext;
  readonly errors: ExportErrors;
  /** Problems described so far, at most PARAMETER_LIMITS.errors. */
  shown: number;
  /** Problems past that, counted and not described. */
  more: number;
}

export function newWalk(ctx: ExportContext): Walk {
  return { ctx, errors: {}, shown: 0, more: 0 };
}

const PLAIN_KEY = /^[A-Za-z0-9_.-]+$/;

/** JSON keys may hold anything; odd ones are quoted so a path stays readable. */
export function key(path: string, name: string): string {
  return PLAIN_KEY.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;
}

/** Records one problem; past the limit only counts it, so a flood of them costs little. */
export function fail(w: Walk, path: string, message: string): void {
  if (full(w)) return void w.more++;
  w.shown++;
  (w.errors[path] ??= []).push(message);
}

/** True once problems are only counted: the caller may skip composing a message. */
export function full(w: Walk): boolean {
  return w.shown >= PARAMETER_LIMITS.errors;
}

/** A suggestion, unless the problem will not be shown anyway. */
export function didYouMean(w: Walk, name: string, candidates: readonly string[]): string {
  if (full(w)) return '';
  const match = closest(name, candidates);
  return match ? `; did you mean "${match}"?` : '';
}

/** A list for a message, cut short when long (a plan may hold 90 haircuts). */
export function listed(names: readonly string[], limit = 12): string {
  const shown = names.slice(0, limit).map((n) => JSON.stringify(n)).join(', ');
  return names.length > limit ? `${shown}, … (${names.length} in all; see /export_parameters/available/)` : shown;
}
