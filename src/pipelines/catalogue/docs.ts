import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CATEGORIES, CATEGORY_NAMES, GROUPS, GROUP_NAMES, type Group } from './groups.js';
import { HAIRCUT_SETS, type HaircutSet } from './haircuts.js';
import { HAIRCUT_FULL_INFO_PIPELINES, MODEL_INFO_KEYS, REMOVAL_STATUS_KEYS, type ModelInfoFlag } from './model_info.js';
import { BODY_SHAPE_INTERVALS, groupsOf, parametersOf, type ParameterSpec } from './parameters.js';
import { defaultParameters } from './available.js';
import { describeApplicability, PIPELINE_NAMES, PIPELINES, type Applicability } from './pipelines.js';
import { planName } from './plans.js';
import { moreProblems, PARAMETER_LIMITS, SUGGESTION_MAX_LENGTH } from './limits.js';
import { validateParameters } from './validate.js';
import { describeValueType } from './values.js';

const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => '`' + text + '`';

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function groupPlan(group: Group): string {
  return GROUPS[group].everyone ? 'everyone' : planName(GROUPS[group].plan);
}

/** Tables name a pipeline alone when all its subtypes apply; error messages spell it out. */
function where(applicability: Applicability): string {
  return describeApplicability(applicability).replaceAll(' (all subtypes)', '');
}

function pipelinesSection(): string {
  const rows = PIPELINE_NAMES.map((name) => {
    const p = PIPELINES[name];
    const plan = 'planNote' in p ? `${planName(p.plan)} (${p.planNote})` : planName(p.plan);
    return [code(name), p.subtypes.join(', '), plan, p.status, p.exportParameters ? 'yes' : 'no', p.groupLevel ? 'yes' : 'no', p.description];
  });
  return table(['pipeline', 'subtypes', 'lowest plan', 'status', 'export parameters', 'group level', 'description'], rows);
}

function groupsSection(): string {
  const rows = GROUP_NAMES.map((g) => [code(g), groupPlan(g), GROUPS[g].custom ? 'custom / set' : 'plan ladder', GROUPS[g].holds]);
  return table(['group', 'lowest plan', 'kind', 'what we put there'], rows);
}

function defaultNote(spec: ParameterSpec): string {
  const notes: string[] = [];
  if (spec.default !== undefined) notes.push(spec.kind === 'enumerable' ? 'in the default request' : `${JSON.stringify(spec.default)}`);
  if (spec.alwaysOn) notes.push(`always true on ${where(spec.alwaysOn)}`);
  return notes.join('; ') || '-';
}

function typeOf(spec: ParameterSpec): string {
  if (!spec.value) return 'name';
  const unit = spec.value.type === 'number' && spec.value.unit ? ` (${spec.value.unit})` : '';
  return describeValueType(spec.value) + unit;
}

function categorySection(category: (typeof CATEGORY_NAMES)[number]): string {
  const spec = CATEGORIES[category];
  const rows = parametersOf(category).map((p) => [
    code(p.name),
    code(p.group),
    typeOf(p),
    groupPlan(p.group),
    where(p.appliesTo),
    defaultNote(p),
    p.description + (p.deprecated ? ' Deprecated.' : ''),
  ]);
  const parts = [
    `### ${category}`,
    `${spec.description} ${spec.kind === 'enumerable' ? 'Enumerable: each group is a JSON array of names.' : 'Key-value: each group is a JSON object of name → value.'} Groups: ${groupsOf(category).map(code).join(', ')}.`,
    table(['name', 'group', 'type', 'lowest plan', 'pipelines', 'default', 'description'], rows),
  ];
  if (category === 'haircuts') parts.push(haircutSets());
  if (category === 'body_shape') parts.push(bodyShapeIntervals());
  return parts.join('\n\n');
}

function haircutSets(): string {
  const rows = (Object.keys(HAIRCUT_SETS) as HaircutSet[]).map((s) => [code(s), groupPlan(s), where(HAIRCUT_SETS[s].appliesTo), HAIRCUT_SETS[s].description]);
  return [
    'The groups of `haircuts` are the haircut sets: `generated` (in `base`) and the artificial haircuts of the library, by their identities (`GET /parameters/available/animated_face/` lists them; docs/api.md#haircuts describes them). An unknown name is refused with the closest known one.',
    'Pipelines with export parameters (' + PIPELINE_NAMES.filter((p) => PIPELINES[p].exportParameters).map(code).join(', ') + ') must not name haircuts at creation: they choose them in export parameters. animated_face must name every haircut it wants.',
    table(['set', 'lowest plan', 'pipelines', 'content'], rows),
  ].join('\n\n');
}

function bodyShapeIntervals(): string {
  const rows = Object.entries(BODY_SHAPE_INTERVALS).map(([name, byGender]) => [
    code(name),
    ...Object.values(byGender).map(([lo, hi]) => `[${lo}; ${hi}]`),
  ]);
  return [
    'Units are our reading of the spec, which does not state them: height, chest, waist and hips in centimetres, weight in kilograms. Any positive number is accepted; the output measurements approximate the input only inside these intervals, outside them results may differ significantly:',
    table(['parameter', 'female', 'male', 'non_binary'], rows),
  ].join('\n\n');
}

function modelInfoSection(): string {
  const rows = (Object.keys(MODEL_INFO_KEYS) as ModelInfoFlag[]).map((f) => [code(f), MODEL_INFO_KEYS[f].map(code).join(', ')]);
  return [
    'Each requested `model_info` flag adds these keys to the model information object, besides `pipeline` and `pipeline_subtype`:',
    table(['flag', 'keys'], rows),
    `- \`haircut_full_info\` is not a flag: it is added with \`predict_haircut\` on ${HAIRCUT_FULL_INFO_PIPELINES.map(code).join(', ')}.`,
    `- ${REMOVAL_STATUS_KEYS.map(code).join(', ')} report the status of the removal when that avatar modification was requested with \`true\`.`,
    '- The spec does not name the landmarks key; we use `facial_landmarks_68`.',
  ].join('\n\n');
}

function defaultsSection(): string {
  const rows = PIPELINE_NAMES.flatMap((p) =>
    PIPELINES[p].subtypes.map((s) => [code(p), s, code(JSON.stringify(defaultParameters(p, s)))]),
  );
  return table(['pipeline', 'subtype', 'default parameters'], rows);
}

function errorExamples(): string {
  const samples: Array<[string, unknown, { pipeline: string; subtype: string; plan: 'plus' | 'pro' | 'enterprise' }]> = [
    ['head_1.2 base/legacy, Plus', {
      model_info: { base: ['agee'] },
      avatar_modifications: { gold: {}, plus: { hair_color: { red: 256, green: 0, blue: 0 } }, pro: { remove_smile: true } },
      shape_modifications: { indie: { 'cartoonish_v0.3': 0.5 } },
      haircuts: { base: ['generated'] },
    }, { pipeline: 'head_1.2', subtype: 'base/legacy', plan: 'plus' }],
    ['animated_face base/legacy, Plus', { haircuts: { base: ['male_NewSea'] } }, { pipeline: 'animated_face', subtype: 'base/legacy', plan: 'plus' }],
  ];
  return samples
    .map(([title, input, ctx]) => {
      const result = validateParameters(input, ctx);
      const lines = result.ok ? ['(accepted)'] : result.errors;
      return `${title}, request:\n\n\`\`\`json\n${JSON.stringify(input)}\n\`\`\`\n\nerrors:\n\n${lines.map((l) => `- ${code(l)}`).join('\n')}`;
    })
    .join('\n\n');
}

/** The size limits, shared with export parameters (docs/exports.md points here). */
function limitsSection(): string {
  const l = PARAMETER_LIMITS;
  return [
    'A request far larger than any real one is refused before its names are looked up, so that it costs the server no more than a good one. The limits hold for `parameters` and `export_parameters` of `POST /avatars/` and for the `parameters` of `POST /avatars/{code}/exports/`; every real request is far below them.',
    table(['limit', 'value', 'answer past it'], [
      ['JSON text of the field', `${l.jsonLength} characters`, code(`must be at most ${l.jsonLength} characters of JSON, got N`)],
      ['nesting of arrays and objects', `${l.depth} levels`, code(`nested deeper than ${l.depth} levels`)],
      ['a name (list entry, key or string value)', `${l.nameLength} characters`, code(`<path>: must be at most ${l.nameLength} characters, got N`) + ', without echoing the name'],
      ['one list or object', `${l.listLength} entries or keys`, code(`<path>: must have at most ${l.listLength} entries, got N`)],
      ['all values, nested ones included', `${l.values}`, code(`holds more than ${l.values} values`)],
      ['problems described', `${l.errors}`, `the rest are counted in a last message, ${code(moreProblems(7).replace('7', 'N'))}`],
    ]),
    `A "did you mean" is offered for names of up to ${SUGGESTION_MAX_LENGTH} characters, and only for the problems described. The form field itself is limited too (128 KiB, see docs/api.md).`,
  ].join('\n\n');
}

/** docs/parameters.md, entirely from the catalogue, so the doc cannot drift from validation. */
export function renderParametersMarkdown(): string {
  return [
    '# Computation parameters',
    '<!-- Generated by `node dist/src/pipelines/catalogue/docs.js` from src/pipelines/catalogue. Do not edit by hand. -->',
    'The `parameters` field of `POST /avatars/` is a JSON string with three levels: category → availability group → parameters. Enumerable categories hold arrays of names, key-value categories hold objects of name → value. Parameters take effect only when given, except the defaults listed below.',
    '```json\n{"model_info": {"plus": ["age", "race"]}, "avatar_modifications": {"plus": {"hair_color": {"red": 40, "green": 20, "blue": 10}}}}\n```',
    'body_0.3 omits the group level (`{"body_shape": {"gender": "male", "height": 180}}`); a group level is still accepted there, e.g. `{"body_shape": {"plus": {"height": 180}}}`, and stored parameters always carry groups.',
    'Every problem is reported as `path: reason`, e.g. `avatar_modifications.plus.hair_color.red: must be an integer in [0, 255]`. A name in another group than its own is told where it belongs; a name in a group above the plan is told which plan it needs.',
    '## Pipelines',
    pipelinesSection(),
    '## Availability groups',
    'Plus is the lowest plan, so "everyone" and "Plus" mean the same today. A plan holds every group up to its own: Plus holds base, public, plus, facegen and indie; Pro adds pro; Enterprise adds the persona set. The spec does not say which group holds which parameter; the table gives the rule we follow. A parameter also needs its pipeline, whose own lowest plan is in the table above.',
    groupsSection(),
    '## Categories',
    ...CATEGORY_NAMES.map(categorySection),
    '## Model information',
    modelInfoSection(),
    '## Available and default parameters',
    '`GET /parameters/available/{pipeline}/?pipeline_subtype=…` answers, for the caller\'s plan, category → group → array of names, key-value categories included (names only: the SDKs of the original service read this response as arrays and take values from the defaults). body_0.3 answers without the group level. Haircuts are listed only for pipelines that name them at creation.',
    '`GET /parameters/default/{pipeline}/?pipeline_subtype=…` answers the default request, in request shape: key-value parameters that have a default (in effect even when not sent; `false` turns add_glare off) or are always set on the subtype (in effect whatever the request says), and the enumerable names we recommend sending (the generated haircut of animated_face, which is not computed unless named).',
    defaultsSection(),
    '## Error examples',
    errorExamples(),
    '## Limits',
    limitsSection(),
  ].join('\n\n') + '\n';
}

function main(): void {
  const target = process.argv[2] ?? fileURLToPath(new URL('../../../../docs/parameters.md', import.meta.url));
  writeFileSync(target, renderParametersMarkdown());
  console.log(`wrote ${target}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
