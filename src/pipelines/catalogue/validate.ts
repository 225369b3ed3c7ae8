import { CATEGORIES, CATEGORY_NAMES, GROUPS, isCategory, isGroup, type Category, type Group } from './groups.js';
import { HAIRCUT_SETS, type HaircutSet } from './haircuts.js';
import { findParameter, groupsOf, parametersOf, type ParameterSpec } from './parameters.js';
import { appliesTo, describeApplicability, hasSubtype, isPipelineName, PIPELINES, type PipelineName } from './pipelines.js';
import { planAtLeast, planName, type Plan } from './plans.js';
import type { GroupedParameters, GroupContent } from './shapes.js';
import { checkLimits, moreProblems, PARAMETER_LIMITS, parseParametersJson } from './limits.js';
import { closest } from './suggest.js';
import { checkValue, isPlainObject, jsonType, type ParameterValue } from './values.js';

/** Who asks: pipeline and subtype of the avatar, plan of the account. */
export interface ValidationContext {
  readonly pipeline: string;
  readonly subtype: string;
  readonly plan: Plan;
}

/** Validated parameters: grouped (also for body_0.3), categories and groups in catalogue order, copies of the input. */
export type NormalisedParameters = GroupedParameters;

export type ValidationResult = { ok: true; value: NormalisedParameters } | { ok: false; errors: string[] };

/** One validation run: the context, the errors so far and what has been accepted. */
interface Walk {
  readonly pipeline: PipelineName;
  readonly subtype: string;
  readonly plan: Plan;
  readonly errors: string[];
  /** Problems past PARAMETER_LIMITS.errors, counted and not described. */
  more: number;
  /** Accepted values by category, then name; `true` for enumerable names. */
  readonly accepted: Map<Category, Map<string, { spec: ParameterSpec; value: ParameterValue; path: string }>>;
}

const PLAIN_KEY = /^[A-Za-z0-9_.-]+$/;

/** JSON keys may hold anything; odd ones are quoted so a path stays readable. */
function key(path: string, name: string): string {
  return PLAIN_KEY.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;
}

/** A top-level key as a path starts with it. */
function topLevel(name: string): string {
  return PLAIN_KEY.test(name) ? name : JSON.stringify(name);
}

/** Records one problem; past the limit only counts it, so a flood of them costs little. */
function report(w: Walk, ...messages: string[]): void {
  for (const message of messages) {
    if (w.errors.length < PARAMETER_LIMITS.errors) w.errors.push(message);
    else w.more++;
  }
}

function full(w: Walk): boolean {
  return w.errors.length >= PARAMETER_LIMITS.errors;
}

/** A suggestion, unless the problem will not be shown anyway. */
function didYouMean(w: Walk, name: string, candidates: readonly string[]): string {
  if (full(w)) return '';
  const match = closest(name, candidates);
  return match ? `; did you mean "${match}"?` : '';
}

/** True when a category or group asks for nothing, e.g. `{}` or `{"plus": []}`. */
function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return isPlainObject(value) && Object.values(value).every(isEmpty);
}

function accept(w: Walk, spec: ParameterSpec, value: ParameterValue, path: string): void {
  const names = w.accepted.get(spec.category) ?? new Map();
  w.accepted.set(spec.category, names);
  const earlier = names.get(spec.name);
  const what = spec.kind === 'enumerable' ? ` "${spec.name}"` : '';
  if (earlier) report(w, `${path}: duplicate${what}, already at ${earlier.path}`);
  else names.set(spec.name, { spec, value: typeof value === 'object' ? { ...value } : value, path });
}

/**
 * The checks every name goes through, in the order a client fixes them: known, right group,
 * right pipeline, right plan. `group` is null in body_0.3's group-less form.
 */
function resolve(w: Walk, category: Category, group: Group | null, name: string, path: string): ParameterSpec | undefined {
  const enumerable = CATEGORIES[category].kind === 'enumerable';
  const who = enumerable ? `"${name}" ` : '';
  const spec = findParameter(category, name);
  if (!spec) {
    if (full(w)) return void w.more++;
    const candidates = parametersOf(category).map((p) => p.name);
    if (category === 'haircuts') {
      report(w, `${path}: unknown haircut "${name}"${group ? ` in set "${group}"` : ''}${didYouMean(w, name, candidates)}`);
    } else if (enumerable) report(w, `${path}: unknown ${CATEGORIES[category].noun} "${name}"${didYouMean(w, name, candidates)}`);
    else report(w, `${path}: unknown ${CATEGORIES[category].noun}${didYouMean(w, name, candidates)}`);
    return undefined;
  }
  const needed = GROUPS[spec.group].plan;
  const planNote = planAtLeast(w.plan, needed) ? '' : ` (needs the ${planName(needed)} plan)`;
  if (group !== null && spec.group !== group) {
    report(w, `${path}: ${who}belongs to group "${spec.group}"${planNote}, not "${group}"`);
    return undefined;
  }
  if (!appliesTo(spec.appliesTo, w.pipeline, w.subtype)) {
    report(
      w,
      `${path}: ${who}${enumerable ? 'is ' : ''}not available for ${w.pipeline} ${w.subtype}; supported on ${describeApplicability(spec.appliesTo)}`,
    );
    return undefined;
  }
  if (planNote) {
    report(w, `${path}: ${who}needs the ${planName(needed)} plan`);
    return undefined;
  }
  return spec;
}

function checkNames(w: Walk, category: Category, group: Group | null, items: unknown[], path: string): void {
  items.forEach((item, i) => {
    const at = `${path}[${i}]`;
    if (typeof item !== 'string') return void report(w, `${at}: must be a ${CATEGORIES[category].noun} name (a string), got ${jsonType(item)}`);
    const spec = resolve(w, category, group, item, at);
    if (spec) accept(w, spec, true, at);
  });
}

function checkKeyValue(w: Walk, category: Category, group: Group | null, name: string, value: unknown, path: string): void {
  const spec = resolve(w, category, group, name, path);
  if (!spec?.value) return;
  const problems = checkValue(value, spec.value, path);
  if (problems.length > 0) report(w, ...problems);
  else accept(w, spec, value as ParameterValue, path);
}

function checkGroup(w: Walk, category: Category, group: Group, content: unknown, path: string): void {
  if (category === 'haircuts' && !isEmpty(content)) {
    const set = HAIRCUT_SETS[group as HaircutSet];
    if (!appliesTo(set.appliesTo, w.pipeline, w.subtype)) {
      return void report(w, `${path}: the ${group} haircut set is not available for ${w.pipeline} ${w.subtype}; it is for ${describeApplicability(set.appliesTo)}`);
    }
  }
  if (CATEGORIES[category].kind === 'enumerable') {
    if (!Array.isArray(content)) return void report(w, `${path}: must be an array of names, got ${jsonType(content)}`);
    return checkNames(w, category, group, content, path);
  }
  if (!isPlainObject(content)) return void report(w, `${path}: must be an object of name → value, got ${jsonType(content)}`);
  for (const [name, value] of Object.entries(content)) checkKeyValue(w, category, group, name, value, key(path, name));
}

function unknownGroup(w: Walk, category: Category, name: string): string {
  const spec = findParameter(category, name);
  if (spec && !appliesTo(spec.appliesTo, w.pipeline, w.subtype)) {
    return `${category}: unknown group "${name}"; "${name}" is a ${CATEGORIES[category].noun}, not available for ${w.pipeline} ${w.subtype}; supported on ${describeApplicability(spec.appliesTo)}`;
  }
  if (spec) return `${category}: unknown group "${name}"; "${name}" is a ${CATEGORIES[category].noun} of group "${spec.group}", write it inside {"${spec.group}": ...}`;
  const groups = groupsOf(category);
  const [what, list] = category === 'haircuts' ? ['haircut set', 'haircut sets'] : ['group', `groups of ${category}`];
  return `${category}: unknown ${what} "${name}"${didYouMean(w, name, groups) || `; ${list}: ${groups.join(', ')}`}`;
}

/**
 * Any availability group is walked, even one that holds nothing in this category, so a name in
 * the wrong group is told where it belongs. Haircut groups are sets and must be one of them.
 */
function isGroupOf(category: Category, name: string): name is Group {
  return category === 'haircuts' ? (groupsOf(category) as readonly string[]).includes(name) : isGroup(name);
}

function checkCategory(w: Walk, category: Category, value: unknown): void {
  const pipeline = PIPELINES[w.pipeline];
  const enumerable = CATEGORIES[category].kind === 'enumerable';
  if (category === 'haircuts' && pipeline.exportParameters && !isEmpty(value)) {
    return void report(w, `${category}: ${w.pipeline} uses export parameters, so haircuts are chosen in export parameters and not named at creation`);
  }
  if (!pipeline.groupLevel && enumerable && Array.isArray(value)) return checkNames(w, category, null, value, category);
  if (!isPlainObject(value)) {
    const example = `{"${groupsOf(category)[0]}": ${enumerable ? '[...]' : '{...}'}}`;
    const expected = pipeline.groupLevel
      ? `an object of availability groups, e.g. ${example}`
      : enumerable ? 'an array of names or an object of groups' : 'an object of name → value';
    return void report(w, `${category}: must be ${expected}, got ${jsonType(value)}`);
  }
  for (const [name, content] of Object.entries(value)) {
    // body_0.3 omits the group level, yet its clients still nest body_shape under `plus`: take both.
    if (isGroupOf(category, name)) checkGroup(w, category, name, content, key(category, name));
    else if (!pipeline.groupLevel && !enumerable) checkKeyValue(w, category, null, name, content, key(category, name));
    else report(w, unknownGroup(w, category, name));
  }
}

function normalised(w: Walk): NormalisedParameters {
  const out: NormalisedParameters = {};
  for (const category of CATEGORY_NAMES) {
    const names = w.accepted.get(category);
    if (!names?.size) continue;
    const byGroup: { [G in Group]?: GroupContent } = {};
    for (const group of groupsOf(category)) {
      const inGroup = [...names.values()].filter((n) => n.spec.group === group);
      if (inGroup.length === 0) continue;
      byGroup[group] =
        CATEGORIES[category].kind === 'enumerable'
          ? inGroup.map((n) => n.spec.name)
          : Object.fromEntries(inGroup.map((n) => [n.spec.name, n.value]));
    }
    out[category] = byGroup;
  }
  return out;
}

/**
 * Checks the `parameters` of avatar creation (already JSON-parsed) against the catalogue for
 * one pipeline, subtype and plan. Reports every problem, each as "path: reason", up to PARAMETER_LIMITS.errors of them and
 * then how many more; input past PARAMETER_LIMITS is refused before any name is looked up.
 *
 * @example
 * validateParameters({ model_info: { plus: ['age'] } }, { pipeline: 'head_1.2', subtype: 'base/mobile', plan: 'plus' })
 * // → { ok: true, value: { model_info: { plus: ['age'] } } }
 */
export function validateParameters(input: unknown, ctx: ValidationContext): ValidationResult {
  if (!isPipelineName(ctx.pipeline)) return { ok: false, errors: [`pipeline: unknown pipeline "${ctx.pipeline}"`] };
  if (!hasSubtype(ctx.pipeline, ctx.subtype)) {
    const subtypes = PIPELINES[ctx.pipeline].subtypes.join(', ');
    return { ok: false, errors: [`pipeline_subtype: "${ctx.subtype}" is not a subtype of ${ctx.pipeline}; subtypes: ${subtypes}`] };
  }
  if (!isPlainObject(input)) return { ok: false, errors: [`must be a JSON object, got ${jsonType(input)}`] };
  const tooLarge = checkLimits(input, '', (path, name) => (path ? key(path, name) : topLevel(name)));
  if (tooLarge.length > 0) return { ok: false, errors: tooLarge.map((p) => `${p.path || '(top level)'}: ${p.message}`) };
  const w: Walk = { pipeline: ctx.pipeline, subtype: ctx.subtype, plan: ctx.plan, errors: [], more: 0, accepted: new Map() };
  for (const [name, value] of Object.entries(input)) {
    if (isCategory(name)) checkCategory(w, name, value);
    else report(w, `${topLevel(name)}: unknown category${didYouMean(w, name, CATEGORY_NAMES) || `; categories: ${CATEGORY_NAMES.join(', ')}`}`);
  }
  if (w.more > 0) w.errors.push(moreProblems(w.more));
  return w.errors.length > 0 ? { ok: false, errors: w.errors } : { ok: true, value: normalised(w) };
}

/**
 * Reads the `parameters` form field: absent or blank means `{}`. Only parses; the shape is
 * checked by validateParameters.
 */
export function parseParametersField(raw: string | undefined): { ok: true; value: unknown } | { ok: false; errors: string[] } {
  if (raw === undefined || raw.trim() === '') return { ok: true, value: {} };
  const parsed = parseParametersJson(raw);
  return parsed.ok ? parsed : { ok: false, errors: [parsed.error] };
}
