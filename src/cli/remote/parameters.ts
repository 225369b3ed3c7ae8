import { readFile } from 'node:fs/promises';
import { UsageError } from './exitCodes.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A value as the command line writes it: JSON when it reads as JSON (`true`, `180`, `{"red": 1, …}`), else the string itself. */
function valueOf(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

/**
 * `--param` into the parameters object, on top of a --parameters file:
 *   `category.group.name=VALUE` sets a key-value parameter (`avatar_modifications.plus.add_glare=true`);
 *   `category.group.name` without a value adds a name to a list (`model_info.plus.age`);
 *   body_0.3 has no group level: `body_shape.height=180`, `model_info.body_shape_coeffs_10`.
 * `--export-param` is the same over export parameters, where a list is given whole:
 *   `format=glb`, `haircuts.list=side_part` (a single name, or a JSON array), `haircuts.color={"red":60,"green":40,"blue":30}`.
 */
export function applyParam(target: Record<string, Json>, spec: string, flag: string): void {
  const eq = spec.indexOf('=');
  const path = (eq < 0 ? spec : spec.slice(0, eq)).split('.');
  if (path.some((p) => p === '')) throw new UsageError(`${flag} ${spec}: write category.group.name=value or category.group.name`);
  let node: Record<string, Json> = target;
  const parents = path.slice(0, -1);
  const last = path.at(-1)!;
  if (eq < 0) {
    if (parents.length === 0) throw new UsageError(`${flag} ${spec}: a name alone needs its category, e.g. model_info.plus.${spec}`);
    for (const key of parents.slice(0, -1)) node = child(node, key, spec, flag);
    const listKey = parents.at(-1)!;
    const list = node[listKey] ?? [];
    if (!Array.isArray(list)) throw new UsageError(`${flag} ${spec}: ${parents.join('.')} already holds values, not names`);
    node[listKey] = [...list, last];
    return;
  }
  for (const key of parents) node = child(node, key, spec, flag);
  const value = valueOf(spec.slice(eq + 1));
  // A list key given one plain name: the list of that name.
  node[last] = last === 'list' && typeof value === 'string' ? value.split(',').filter(Boolean) : value;
}

function child(node: Record<string, Json>, key: string, spec: string, flag: string): Record<string, Json> {
  const next = (node[key] ??= {});
  if (typeof next !== 'object' || next === null || Array.isArray(next)) throw new UsageError(`${flag} ${spec}: ${key} is not an object`);
  return next;
}

/** The --parameters file (JSON), with the --param options over it. */
export async function parametersFrom(file: string | undefined, params: string[], flag: string): Promise<Record<string, Json> | undefined> {
  let out: Record<string, Json> | undefined;
  if (file) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (err) {
      throw new UsageError(`--parameters ${file}: ${(err as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError(`--parameters ${file}: must hold a JSON object`);
    out = parsed as Record<string, Json>;
  }
  for (const spec of params) applyParam((out ??= {}), spec, flag);
  return out;
}
