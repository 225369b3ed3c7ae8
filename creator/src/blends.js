/**
 * The spec's blends table (creator.md, "blends"), and how each value reaches the export's
 * `blendshapes.values` (docs/persona.md, Customisation): the face blends are the `customisation` set,
 * the body blends the `body_shape` set's `_increase`/`_decrease` pairs.
 */
export const BLENDS = [
  ...['Body', 'Neck', 'Shoulders', 'Chest', 'Forearms', 'Waist', 'Hips', 'Legs'].map((name) => ({ name, group: 'body', min: -1, max: 1, neutral: 0 })),
  ...['HeadHeight', 'UpperHeadVolume', 'UpperHeadWidth', 'LowerHeadWidth', 'JawLine'].map((name) => ({ name, group: 'head', min: 0, max: 1, neutral: 1 })),
  { name: 'EyesSize', group: 'eyes', min: -1, max: 1, neutral: 0 },
  ...['Monolid', 'Squint'].map((name) => ({ name, group: 'eyes', min: 0, max: 1, neutral: 0 })),
  ...['NoseWidth', 'NoseSharp'].map((name) => ({ name, group: 'head', min: 0, max: 1, neutral: 0 })),
  ...['NoseLength', 'NosePosition', 'NoseTipUpDown', 'NoseTipLeftRight', 'NoseWingsUpDown', 'NoseWingsInOut'].map((name) => ({ name, group: 'head', min: -1, max: 1, neutral: 0 })),
  { name: 'LipsSize', group: 'head', min: -1, max: 1, neutral: 0 },
];

export const BLEND_BY_NAME = new Map(BLENDS.map((b) => [b.name, b]));

/** The head's five are sizes with 1 the person's own: the morph target at weight 1 is the creator's 0. */
const INVERTED = new Set(['HeadHeight', 'UpperHeadVolume', 'UpperHeadWidth', 'LowerHeadWidth', 'JawLine']);

/** Morph target weights, by target name, for creator values by blend name. */
export function morphWeights(values) {
  const weights = {};
  for (const b of BLENDS) {
    const v = values[b.name] ?? b.neutral;
    if (b.group === 'body') {
      weights[`${b.name}_increase`] = v > 0 ? v : 0;
      weights[`${b.name}_decrease`] = v < 0 ? -v : 0;
    } else {
      weights[b.name] = INVERTED.has(b.name) ? 1 - v : v;
    }
  }
  return weights;
}

/** `blendshapes.values` of an export that bakes these creator values; neutral blends are left out. */
export function exportValues(values) {
  const weights = morphWeights(values);
  const customisation = {};
  const bodyShape = {};
  for (const [name, w] of Object.entries(weights)) {
    if (w === 0) continue;
    if (name.endsWith('_increase') || name.endsWith('_decrease')) bodyShape[name] = w;
    else customisation[name] = w;
  }
  const out = {};
  if (Object.keys(customisation).length) out.customisation = customisation;
  if (Object.keys(bodyShape).length) out.body_shape = bodyShape;
  return Object.keys(out).length ? out : null;
}

/** A `blends` array of generate_avatar, checked against the table; throws a reason. */
export function readBlends(list) {
  if (!Array.isArray(list)) throw new Error('blends must be an array of {name, value}');
  const values = {};
  for (const item of list) {
    const b = item && typeof item === 'object' ? BLEND_BY_NAME.get(item.name) : undefined;
    if (!b) throw new Error(`unknown blend ${JSON.stringify(item?.name)}; blends are ${BLENDS.map((x) => x.name).join(', ')}`);
    const v = item.value;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < b.min || v > b.max) {
      throw new Error(`blend ${b.name} must be a number in [${b.min}, ${b.max}], got ${JSON.stringify(v)}`);
    }
    values[b.name] = v;
  }
  return values;
}
