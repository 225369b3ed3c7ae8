import {
  CATEGORIES,
  CATEGORY_NAMES,
  EXPORT_PARAMETER_PIPELINES,
  PARAMETERS,
  PERSONA_EXPORT_SCHEMA,
  PIPELINES,
  PIPELINE_NAMES,
  STANDARD_EXPORT_SCHEMA,
  appliesTo,
  exportContext,
  qualifyBlendshape,
  type ExportContext,
  type Field,
  type PipelineName,
  type ValueType,
} from '../pipelines/catalogue/index.js';
import { pipelineOf } from '../pipelines/registry.js';

/**
 * The catalogue's computation and export parameters as JSON Schemas in the OpenAPI description, one
 * of each per pipeline, with every name spelled out and unknown keys refused: a client generated
 * from /openapi.json then refuses a misspelled parameter at compile time. Validation stays the
 * catalogue's (it also knows plans, subtypes and the avatar's own haircuts); these schemas accept
 * whatever any subtype of the pipeline may send on the highest plan.
 */

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

const SHARED: Record<string, Schema> = {
  Color: {
    type: 'object',
    description: 'A colour, each channel an integer in [0, 255].',
    required: ['red', 'green', 'blue'],
    additionalProperties: false,
    properties: Object.fromEntries(['red', 'green', 'blue'].map((c) => [c, { type: 'integer', minimum: 0, maximum: 255 }])),
  },
  Size: {
    type: 'object',
    description: 'A size in pixels.',
    required: ['width', 'height'],
    additionalProperties: false,
    properties: { width: { type: 'integer', minimum: 1 }, height: { type: 'integer', minimum: 1 } },
  },
};

function valueSchema(t: ValueType): Schema {
  switch (t.type) {
    case 'flag':
      return { type: 'boolean' };
    case 'number':
      return t.exclusiveMin ? { type: 'number', exclusiveMinimum: t.min } : { type: 'number', minimum: t.min };
    case 'integer':
      return { type: 'integer', minimum: t.min };
    case 'color':
      return ref('Color');
    case 'size':
      return ref('Size');
    case 'enum':
      return { type: 'string', enum: [...t.values] };
  }
}

const closed = (properties: Record<string, Schema>, description?: string): Schema => ({
  type: 'object',
  ...(description ? { description } : {}),
  additionalProperties: false,
  properties,
});

/** The names of one category that apply to some subtype of the pipeline, as list items or keys. */
function categoryContent(specs: typeof PARAMETERS): Schema {
  const kind = CATEGORIES[specs[0].category].kind;
  if (kind === 'enumerable') return { type: 'array', items: { type: 'string', enum: specs.map((p) => p.name) } };
  return closed(Object.fromEntries(specs.map((p) => [p.name, { ...valueSchema(p.value!), description: p.description }])));
}

/** `parameters` of POST /avatars/ for one pipeline: category → group → names, or category → names where the pipeline has no group level. */
function computationParameters(pipeline: PipelineName): Schema {
  const applies = PARAMETERS.filter((p) => PIPELINES[pipeline].subtypes.some((s) => appliesTo(p.appliesTo, pipeline, s)));
  const categories: Record<string, Schema> = {};
  for (const category of CATEGORY_NAMES) {
    const specs = applies.filter((p) => p.category === category);
    if (specs.length === 0) continue;
    const description = CATEGORIES[category].description;
    if (!PIPELINES[pipeline].groupLevel) {
      categories[category] = { ...categoryContent(specs), description };
      continue;
    }
    const groups = [...new Set(specs.map((p) => p.group))];
    categories[category] = closed(Object.fromEntries(groups.map((g) => [g, categoryContent(specs.filter((p) => p.group === g))])), description);
  }
  return closed(categories, `Computation parameters of ${pipeline} (the \`parameters\` field of POST /avatars/, as JSON).`);
}

/** Everything any subtype of the pipeline may name on the highest plan, before its avatar is computed. */
function widestContext(pipeline: PipelineName): ExportContext {
  const contexts = PIPELINES[pipeline].subtypes.map((s) => exportContext(pipeline, s, 'enterprise'));
  const union = (pick: (c: ExportContext) => readonly string[] | undefined) => [...new Set(contexts.flatMap((c) => pick(c) ?? []))];
  return {
    ...contexts[0],
    haircuts: union((c) => c.haircuts),
    textures: union((c) => c.textures),
    outfits: union((c) => c.outfits),
    blendshapeSets: Object.assign({}, ...contexts.map((c) => c.blendshapeSets)),
    lods: Math.max(...contexts.map((c) => c.lods)),
  };
}

/** Every entry `blendshapes.list` takes: a set, `set/name`, or a name only one set holds. */
function blendshapeEntries(sets: ExportContext['blendshapeSets']): string[] {
  const qualified = Object.entries(sets).flatMap(([set, names]) => names.map((n) => `${set}/${n}`));
  const bare = [...new Set(Object.values(sets).flat())].filter((n) => qualifyBlendshape(n, sets) !== undefined);
  return [...Object.keys(sets), ...qualified, ...bare];
}

function fieldSchema(field: Field, ctx: ExportContext, blendshapeRef: string): Schema {
  const schema = ((): Schema => {
    switch (field.type) {
      case 'flag':
        return { type: 'boolean' };
      case 'size':
        return ref('Size');
      case 'color':
        return ref('Color');
      case 'lod':
        return { type: 'integer', minimum: 0, maximum: ctx.lods - 1 };
      case 'choice':
        return { type: 'string', enum: [...field.choices(ctx)] };
      case 'names': {
        const known = field.known(ctx);
        // No name to give yet (no outfit library): only the empty list.
        return known.length > 0 ? { type: 'array', items: { type: 'string', enum: [...known] } } : { type: 'array', maxItems: 0, items: { type: 'string' } };
      }
      case 'pattern':
        return { type: 'string', pattern: field.pattern.source };
      case 'integer':
        return { type: 'integer', minimum: field.min, maximum: field.max };
      case 'number':
        return { type: 'number', minimum: field.min, maximum: field.max };
      case 'list':
        return { type: 'array', maxItems: field.max, items: { ...closed(Object.fromEntries(Object.entries(field.item.keys).map(([k, f]) => [k, fieldSchema(f, ctx, blendshapeRef)]))), ...(field.item.required && { required: [...field.item.required] }) } };
      case 'blendshapes':
        return { type: 'array', items: ref(blendshapeRef) };
      case 'blendshapeValues':
        return closed(Object.fromEntries(Object.keys(ctx.blendshapeSets).map((s) => [s, { type: 'object', additionalProperties: { type: 'number' } }])));
      case 'section':
        return closed(Object.fromEntries(Object.entries(field.keys).map(([k, f]) => [k, fieldSchema(f, ctx, blendshapeRef)])));
    }
  })();
  // null inherits from the top level, or takes the default.
  return field.notNull ? schema : { anyOf: [schema, { type: 'null' }] };
}

function exportParameters(pipeline: PipelineName, blendshapeRef: string): Schema {
  const schema = pipelineOf(pipeline).exportFamily === 'persona' ? PERSONA_EXPORT_SCHEMA : STANDARD_EXPORT_SCHEMA;
  const section = fieldSchema({ ...schema, notNull: true }, widestContext(pipeline), blendshapeRef);
  return { ...section, description: `Export parameters of ${pipeline} (POST /avatars/{code}/exports/ \`parameters\`, or \`export_parameters\` of POST /avatars/).` };
}

/** components.schemas: Color, Size, `ComputationParameters_<pipeline>`, `ExportParameters_<pipeline>` and `BlendshapeEntry_<pipeline>`. */
export function parameterSchemas(): Record<string, Schema> {
  const out: Record<string, Schema> = { ...SHARED };
  for (const p of PIPELINE_NAMES) out[`ComputationParameters_${p}`] = computationParameters(p);
  for (const p of EXPORT_PARAMETER_PIPELINES) {
    const blendshapeRef = `BlendshapeEntry_${p}`;
    out[blendshapeRef] = { type: 'string', enum: blendshapeEntries(widestContext(p).blendshapeSets), description: `A blendshape set of ${p}, \`set/name\`, or a name only one set holds.` };
    out[`ExportParameters_${p}`] = exportParameters(p, blendshapeRef);
  }
  return out;
}
