/** Shared value shapes of the spec: Color `{red, green, blue}`, integers in [0, 255]. */
export interface Color {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
}

/** Shared value shapes of the spec: Size `{width, height}`, positive integers. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/** Any value a key-value computation parameter may hold. */
export type ParameterValue = boolean | number | string | Color | Size;

/** The type of a key-value parameter's value. Bounds are inclusive unless `exclusiveMin`. */
export type ValueType =
  | { readonly type: 'flag' }
  | { readonly type: 'number'; readonly min: number; readonly exclusiveMin?: boolean; readonly unit?: string }
  | { readonly type: 'integer'; readonly min: number }
  | { readonly type: 'color' }
  | { readonly type: 'size' }
  | { readonly type: 'enum'; readonly values: readonly string[] };

const COLOR_CHANNELS = ['red', 'green', 'blue'] as const;
const SIZE_SIDES = ['width', 'height'] as const;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON type of a value, as error messages name it. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** How a value type reads in messages and docs, e.g. "a number in [0, +inf)". */
export function describeValueType(t: ValueType): string {
  switch (t.type) {
    case 'flag':
      return 'true or false';
    case 'number':
      return `a number in ${t.exclusiveMin ? '(' : '['}${t.min}, +inf)`;
    case 'integer':
      return t.min === 1 ? 'a positive integer' : `an integer >= ${t.min}`;
    case 'color':
      return 'a Color object {red, green, blue}';
    case 'size':
      return 'a Size object {width, height}';
    case 'enum':
      return `one of ${t.values.map((v) => JSON.stringify(v)).join(', ')}`;
  }
}

function isInteger(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/** Reports what is wrong at `path`; "got <type>" only when the JSON type itself is wrong. */
function typeError(path: string, expected: string, value: unknown): string {
  return `${path}: must be ${expected}, got ${jsonType(value)}`;
}

function checkIntegerFields(
  value: unknown,
  path: string,
  noun: string,
  fields: readonly string[],
  ok: (n: number) => boolean,
  expected: string,
): string[] {
  if (!isPlainObject(value)) return [typeError(path, `a ${noun} object {${fields.join(', ')}}`, value)];
  const errors = Object.keys(value)
    .filter((k) => !fields.includes(k))
    .map((k) => `${path}.${k}: unknown key; a ${noun} has only ${fields.join(', ')}`);
  for (const f of fields) {
    const v = value[f];
    if (v === undefined) errors.push(`${path}: missing "${f}"`);
    else if (!isInteger(v) || !ok(v)) errors.push(`${path}.${f}: must be ${expected}${typeof v === 'number' ? '' : `, got ${jsonType(v)}`}`);
  }
  return errors;
}

/** Every problem of `value` against `t`; empty when it is valid. Booleans are never numbers and vice versa. */
export function checkValue(value: unknown, t: ValueType, path: string): string[] {
  switch (t.type) {
    case 'flag':
      return typeof value === 'boolean' ? [] : [typeError(path, 'true or false', value)];
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return [typeError(path, describeValueType(t), value)];
      const below = t.exclusiveMin ? value <= t.min : value < t.min;
      return below ? [`${path}: must be ${describeValueType(t)}`] : [];
    }
    case 'integer':
      if (!isInteger(value)) return [typeError(path, describeValueType(t), value)];
      return value < t.min ? [`${path}: must be ${describeValueType(t)}`] : [];
    case 'color':
      return checkIntegerFields(value, path, 'Color', COLOR_CHANNELS, (n) => n >= 0 && n <= 255, 'an integer in [0, 255]');
    case 'size':
      return checkIntegerFields(value, path, 'Size', SIZE_SIDES, (n) => n >= 1, 'a positive integer');
    case 'enum':
      return typeof value === 'string' && t.values.includes(value) ? [] : [`${path}: must be ${describeValueType(t)}`];
  }
}
