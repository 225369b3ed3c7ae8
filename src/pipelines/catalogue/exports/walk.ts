import { closest } from '../suggest.js';
import type { ExportContext } from './types.js';

/** Field path → messages, the body of a 400 (`{"parameters.haircuts.list[1]": ["unknown haircut ..."]}`). */
export type ExportErrors = Record<string, string[]>;

/** One validation run. */
export interface Walk {
  readonly ctx: ExportContext;
  readonly errors: ExportErrors;
}

const PLAIN_KEY = /^[A-Za-z0-9_.-]+$/;

/** JSON keys may hold anything; odd ones are quoted so a path stays readable. */
export function key(path: string, name: string): string {
  return PLAIN_KEY.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;
}

export function fail(w: Walk, path: string, message: string): void {
  (w.errors[path] ??= []).push(message);
}

export function didYouMean(name: string, candidates: readonly string[]): string {
  const match = closest(name, candidates);
  return match ? `; did you mean "${match}"?` : '';
}

/** A list for a message, cut short when long (a plan may hold 90 haircuts). */
export function listed(names: readonly string[], limit = 12): string {
  const shown = names.slice(0, limit).map((n) => JSON.stringify(n)).join(', ');
  return names.length > limit ? `${shown}, … (${names.length} in all; see /export_parameters/available/)` : shown;
}
