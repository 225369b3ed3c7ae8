import { isPlainObject, jsonType } from '../values.js';
import { didYouMean, fail, full, key, listed, type Walk } from './walk.js';

/**
 * Deformation factors of `blendshapes.values`. 0 is the neutral shape and 1 the blendshape as
 * authored; negative values push the other way and values above 1 exaggerate. Outside
 * [-1, 2] faces start to pass through each other, so such values are refused rather than exported broken.
 */
export const BLENDSHAPE_VALUE_RANGE = { min: -1, max: 2 } as const;

type Sets = Readonly<Record<string, readonly string[]>>;

const ownersOf = new WeakMap<Sets, Map<string, string[]>>();

/**
 * Blendshape name → the sets holding it, to tell a unique single name from an ambiguous one.
 * Made once per context: a list of 256 entries asks for it 256 times.
 */
function owners(sets: Sets): Map<string, string[]> {
  const known = ownersOf.get(sets);
  if (known) return known;
  const out = new Map<string, string[]>();
  ownersOf.set(sets, out);
  for (const [set, names] of Object.entries(sets)) for (const name of names) out.set(name, [...(out.get(name) ?? []), set]);
  return out;
}

/**
 * An entry of `blendshapes.list` as the export reads it: a set name stays as it is, a single
 * blendshape becomes `set/name`. A bare name is accepted when exactly one set holds it; the
 * qualified form always works. undefined when the entry names nothing.
 */
export function qualifyBlendshape(entry: string, sets: Sets): string | undefined {
  if (Object.hasOwn(sets, entry)) return entry;
  const slash = entry.indexOf('/');
  if (slash > 0) {
    const [set, name] = [entry.slice(0, slash), entry.slice(slash + 1)];
    return Object.hasOwn(sets, set) && sets[set].includes(name) ? entry : undefined;
  }
  const holders = owners(sets).get(entry);
  return holders?.length === 1 ? `${holders[0]}/${entry}` : undefined;
}

function whyNot(w: Walk, entry: string, sets: Sets): string {
  const slash = entry.indexOf('/');
  if (slash > 0) {
    const [set, name] = [entry.slice(0, slash), entry.slice(slash + 1)];
    if (!Object.hasOwn(sets, set)) return `unknown blendshape set "${set}"${didYouMean(w, set, Object.keys(sets)) || `; sets: ${listed(Object.keys(sets))}`}`;
    return `set "${set}" has no blendshape "${name}"${didYouMean(w, name, sets[set])}`;
  }
  const holders = owners(sets).get(entry);
  if (holders && holders.length > 1) {
    return `"${entry}" is in several sets (${holders.join(', ')}); name one, e.g. "${holders[0]}/${entry}"`;
  }
  const candidates = [...Object.keys(sets), ...owners(sets).keys()];
  return `unknown blendshape set or blendshape "${entry}"${didYouMean(w, entry, candidates) || `; sets: ${listed(Object.keys(sets))}`}`;
}

export function checkBlendshapeList(w: Walk, value: unknown, path: string): void {
  if (!Array.isArray(value)) return fail(w, path, `must be an array of blendshape set or blendshape names, got ${jsonType(value)}`);
  const seen = new Map<string, number>();
  value.forEach((item, i) => {
    const at = `${path}[${i}]`;
    if (typeof item !== 'string') return fail(w, at, `must be a blendshape set or blendshape name (a string), got ${jsonType(item)}`);
    const entry = qualifyBlendshape(item, w.ctx.blendshapeSets);
    if (!entry) return fail(w, at, full(w) ? '' : whyNot(w, item, w.ctx.blendshapeSets));
    if (seen.has(entry)) return fail(w, at, `duplicate "${item}", already at [${seen.get(entry)}]`);
    seen.set(entry, i);
  });
}

/** `{set: {name: factor}}`: known sets, names of that set, finite factors in BLENDSHAPE_VALUE_RANGE. */
export function checkBlendshapeValues(w: Walk, value: unknown, path: string): void {
  const sets = w.ctx.blendshapeSets;
  if (!isPlainObject(value)) return fail(w, path, `must be an object {blendshape_set: {blendshape_name: number}}, got ${jsonType(value)}`);
  const { min, max } = BLENDSHAPE_VALUE_RANGE;
  for (const [set, factors] of Object.entries(value)) {
    const setPath = key(path, set);
    if (!Object.hasOwn(sets, set)) {
      fail(w, setPath, `unknown blendshape set "${set}"${didYouMean(w, set, Object.keys(sets)) || `; sets: ${listed(Object.keys(sets))}`}`);
      continue;
    }
    if (!isPlainObject(factors)) {
      fail(w, setPath, `must be an object {blendshape_name: number}, got ${jsonType(factors)}`);
      continue;
    }
    for (const [name, factor] of Object.entries(factors)) {
      const at = key(setPath, name);
      if (!sets[set].includes(name)) fail(w, at, `set "${set}" has no blendshape "${name}"${didYouMean(w, name, sets[set])}`);
      else if (typeof factor !== 'number' || !Number.isFinite(factor)) fail(w, at, `must be a number in [${min}, ${max}], got ${jsonType(factor)}`);
      else if (factor < min || factor > max) fail(w, at, `must be a number in [${min}, ${max}], got ${factor}`);
    }
  }
}
