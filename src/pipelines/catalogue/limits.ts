import { isPlainObject } from './values.js';

/**
 * How large computation and export parameters may be. A real request is far below every
 * limit (the longest name of the catalogue has 30 characters; the longest list a client can mean
 * is every blendshape one by one, 88 entries). They exist so that a hostile request costs the
 * event loop as little as a good one: input past a limit is refused before it is checked name
 * by name, and its error does not echo it.
 */
export const PARAMETER_LIMITS = {
  /** Characters of the JSON text of `parameters` or `export_parameters`. */
  jsonLength: 65_536,
  /** Levels of arrays and objects inside each other. */
  depth: 8,
  /** Characters of a name: a list entry, a key, a string value. */
  nameLength: 100,
  /** Entries of one list, keys of one object. */
  listLength: 256,
  /** Values in all, nested ones included. */
  values: 4_096,
  /** Problems reported one by one; past this many the rest are only counted. */
  errors: 20,
} as const;

/** Names up to this long get a "did you mean"; a longer one is no typo of a catalogue name. */
export const SUGGESTION_MAX_LENGTH = 40;

/**
 * The JSON text of a parameters field, parsed, or why not. The text is measured and its nesting
 * scanned before JSON.parse, which is slow on deep nesting (150 ms per MiB of brackets).
 */
export function parseParametersJson(raw: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const { jsonLength, depth } = PARAMETER_LIMITS;
  if (raw.length > jsonLength) return { ok: false, error: `must be at most ${jsonLength} characters of JSON, got ${raw.length}` };
  if (!nestingWithin(raw, depth)) return { ok: false, error: `nested deeper than ${depth} levels` };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch (err) {
    return { ok: false, error: `not valid JSON: ${(err as Error).message}` };
  }
}

/** True when no array or object of the JSON text lies more than `max` levels deep; strings are skipped. */
export function nestingWithin(text: string, max: number): boolean {
  let level = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++level > max) return false;
    } else if (c === 0x5d || c === 0x7d) level--;
  }
  return true;
}

/** One input past a limit: where, and which limit. */
export interface LimitProblem {
  path: string;
  message: string;
}

/**
 * The first problems of `value` against PARAMETER_LIMITS, at most `errors` of them, in one
 * pass that never recurses (so any nesting is safe) and never looks inside a list or object
 * already too long. Paths are written as the validators write them.
 */
export function checkLimits(value: unknown, root: string, key: (path: string, name: string) => string): LimitProblem[] {
  const { depth, nameLength, listLength, values, errors } = PARAMETER_LIMITS;
  const problems: LimitProblem[] = [];
  // Paths are written only for a problem: most values have none.
  const stack: Place[] = [{ value, parent: null, name: '', level: 0 }];
  const fail = (place: Place, message: string) => problems.push({ path: pathOf(place, root, key), message });
  let seen = 0;
  while (stack.length > 0 && problems.length < errors) {
    const place = stack.pop()!;
    if (++seen > values) return [{ path: root, message: `holds more than ${values} values` }];
    const v = place.value;
    if (typeof v === 'string') {
      if (v.length > nameLength) fail(place, `must be at most ${nameLength} characters, got ${v.length}`);
    } else if (Array.isArray(v)) {
      if (place.level >= depth) fail(place, `nested deeper than ${depth} levels`);
      else if (v.length > listLength) fail(place, `must have at most ${listLength} entries, got ${v.length}`);
      else for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], parent: place, name: i, level: place.level + 1 });
    } else if (isPlainObject(v)) {
      const names = Object.keys(v);
      if (place.level >= depth) fail(place, `nested deeper than ${depth} levels`);
      else if (names.length > listLength) fail(place, `must have at most ${listLength} keys, got ${names.length}`);
      else {
        for (let i = names.length - 1; i >= 0; i--) {
          const name = names[i];
          if (name.length > nameLength) fail(place, `has a key of ${name.length} characters; a name has at most ${nameLength}`);
          else stack.push({ value: v[name], parent: place, name, level: place.level + 1 });
        }
      }
    }
  }
  return problems.slice(0, errors);
}

/** Where a value lies: its container's place and its key or index there. */
interface Place {
  value: unknown;
  parent: Place | null;
  name: string | number;
  level: number;
}

function pathOf(place: Place, root: string, key: (path: string, name: string) => string): string {
  if (!place.parent) return root;
  const parent = pathOf(place.parent, root, key);
  return typeof place.name === 'number' ? `${parent}[${place.name}]` : key(parent, place.name);
}

/** The line that ends a capped list of problems. */
export function moreProblems(more: number): string {
  return `… and ${more} more problem${more === 1 ? '' : 's'} not listed; the first ${PARAMETER_LIMITS.errors} are shown`;
}
