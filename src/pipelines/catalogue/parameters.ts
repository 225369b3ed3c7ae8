import { CATEGORIES, type Category, type CategoryKind, type Group } from './groups.js';
import { GENERATED_HAIRCUT } from './haircuts.js';
// The library's table only (data), not the haircut code behind the barrel.
import { haircutSet } from '../../library/haircuts/haircutLibrary.js';
import type { HaircutSetName } from '../../library/haircuts/haircut.js';
import type { Applicability } from './pipelines.js';
import type { ParameterValue, ValueType } from './values.js';

/** One computation parameter as the catalogue writes it; its name, category and group are its keys. */
export interface ParameterEntry {
  readonly description: string;
  /** Pipelines and subtypes that accept it. */
  readonly appliesTo: Applicability;
  /** Key-value categories only: the type of the value. */
  readonly value?: ValueType;
  /**
   * Key-value: the value the service assumes when the request omits it (only where the spec
   * gives one). Enumerable: `true` puts the name in the default request.
   */
  readonly default?: ParameterValue;
  /** Flags the service turns on for these pipelines/subtypes whatever the request says. */
  readonly alwaysOn?: Applicability;
  readonly deprecated?: boolean;
}

type CategoryData = { readonly [G in Group]?: { readonly [name: string]: ParameterEntry } };

const ALL: Applicability = { animated_face: 'all', 'head_1.2': 'all', 'head_2.0': 'all', 'body_0.3': 'all', 'persona_2.0': 'all' };
const HEADS: Applicability = { animated_face: 'all', 'head_1.2': 'all', 'head_2.0': 'all' };
const NOT_PERSONA: Applicability = { animated_face: 'all', 'head_1.2': 'all', 'head_2.0': 'all', 'body_0.3': 'all' };
const BODIES: Applicability = { 'body_0.3': 'all', 'persona_2.0': 'all' };
const MODERN_HEADS: Applicability = { 'head_1.2': 'all', 'head_2.0': 'all' };
/** persona_2.0 has PBR textures of its own, chosen at export. */
const PBR_MAPS: Applicability = { 'head_1.2': 'all', 'head_2.0': 'all', 'body_0.3': 'all' };
const STANDARD_BLENDSHAPES: Applicability = { 'head_1.2': 'all', 'head_2.0': 'all', 'body_0.3': 'all', 'persona_2.0': 'all' };
/** parametric_eyes_texture (v1) and what works only with it. */
const PARAMETRIC_EYES: Applicability = { animated_face: 'all', 'head_1.2': 'all' };
/** Either parametric eye texture; the eye recolouring works with both. */
const ANY_PARAMETRIC_EYES: Applicability = NOT_PERSONA;
/** Pipelines whose generated haircut is a mesh of its own (head_2.0 bust/static merges it). */
const SEPARATE_HAIRCUT: Applicability = {
  animated_face: 'all',
  'head_2.0': ['bust/mobile', 'head/mobile'],
  'body_0.3': 'all',
  'persona_2.0': 'all',
};
/** The spec's list for cartoonish_v0.3 and cartoonish_v1.0. */
const CARTOONISH: Applicability = {
  animated_face: ['indie/legacy_styled'],
  'head_1.2': ['base/mobile'],
  'head_2.0': ['head/mobile'],
  'body_0.3': 'all',
};

const FLAG: ValueType = { type: 'flag' };
const COLOR: ValueType = { type: 'color' };
const SIZE: ValueType = { type: 'size' };
const NON_NEGATIVE: ValueType = { type: 'number', min: 0 };
const CENTIMETRES: ValueType = { type: 'number', min: 0, exclusiveMin: true, unit: 'cm' };
const KILOGRAMS: ValueType = { type: 'number', min: 0, exclusiveMin: true, unit: 'kg' };

/**
 * The artificial haircuts of a library set as catalogue entries. Only animated_face names haircuts
 * at creation; the other pipelines choose them in export parameters.
 */
function libraryHaircuts(set: HaircutSetName): Record<string, ParameterEntry> {
  return Object.fromEntries(haircutSet(set).map((h) => [h.identity, {
    description: `Artificial haircut (${h.gender}, ${h.length}), fitted to the head.`,
    appliesTo: { animated_face: 'all' } as Applicability,
  }]));
}

/**
 * Every computation parameter: category → availability group → name. The spec does not say
 * which group holds what; the rule we follow is in GROUPS[...].holds. Where public SDK code of
 * the original service shows a placement (model_info and avatar_modifications in `plus`,
 * cartoonish_v0.3 in `indie`, body_shape in `plus`, slightly_cartoonish_texture in `base`) we
 * keep it, so hand-written requests made for it still pass.
 */
export const PARAMETER_CATALOGUE = {
  haircuts: {
    base: {
      [GENERATED_HAIRCUT]: {
        description: 'The haircut predicted from the photo, unique per avatar; absent when the photo shows no hair.',
        appliesTo: { animated_face: 'all' },
        default: true,
      },
      ...libraryHaircuts('base'),
    },
    facegen: libraryHaircuts('facegen'),
    plus: libraryHaircuts('plus'),
    persona: {},
  },
  blendshapes: {
    base: {
      legacy_45: { description: '45 facial blendshapes.', appliesTo: { animated_face: 'all' }, deprecated: true },
      visemes_17: {
        description: '17 visemes of animated_face (spec gives the name only).',
        appliesTo: { animated_face: 'all' },
      },
      visemes_14: { description: '14 visemes (spec gives the set name only).', appliesTo: MODERN_HEADS },
    },
    public: {
      mobile_51: {
        description: '51 facial blendshapes, compatible with a common face-tracking AR standard.',
        appliesTo: STANDARD_BLENDSHAPES,
      },
      visemes_15: {
        description: 'Visemes AA, CH, EE, IH, OH, OU, TH, dd, ff, kk, nn, pp, rr, sil plus frown and smile; lip-sync compatible.',
        appliesTo: STANDARD_BLENDSHAPES,
      },
    },
    plus: {
      face_modifications: {
        description: 'Blendshapes modifying the facial shape.',
        appliesTo: { 'persona_2.0': 'all' },
      },
      face_modifications_2: {
        description: '2 blendshapes: face_shape, jaw_shape.',
        appliesTo: { 'persona_2.0': 'all' },
      },
      body_shape: { description: '8 pairs of blendshapes modifying the body shape (bodies only).', appliesTo: BODIES },
      // Not in the spec's list of sets: the creator's face blends (creator.md), named as it names them.
      customisation: {
        description: 'The creator\'s 17 face blends (HeadHeight, UpperHeadVolume, UpperHeadWidth, LowerHeadWidth, JawLine, EyesSize, Monolid, Squint, NoseWidth, NoseSharp, NoseLength, NosePosition, NoseTipUpDown, NoseTipLeftRight, NoseWingsUpDown, NoseWingsInOut, LipsSize).',
        appliesTo: { 'persona_2.0': 'all' },
      },
      emotions: { description: 'Emotion blendshapes (spec gives the set name only).', appliesTo: MODERN_HEADS },
    },
  },
  model_info: {
    plus: {
      age: { description: 'Detected age.', appliesTo: ALL },
      body_shape_coeffs_10: {
        description: 'Ten coefficients of a parametric body model (bodies only); using them may need a third-party license.',
        appliesTo: BODIES,
      },
      eye_iris_color: { description: 'Iris color, a Color.', appliesTo: ALL },
      eye_sclera_color: { description: 'Sclera color, a Color.', appliesTo: ALL },
      facial_landmarks_68: {
        description: '68 facial landmarks as a flat array of X, Y, Z; NaN when undetected.',
        appliesTo: ALL,
      },
      gender: { description: 'Detected gender.', appliesTo: ALL },
      hair_color: { description: 'Hair color, a Color.', appliesTo: ALL },
      lips_color: { description: 'Lips color, a Color.', appliesTo: ALL },
      predict_haircut: {
        description: 'Best matching haircut among the base and facegen sets (base and plus for head_2.0, which also reports haircut_full_info).',
        appliesTo: HEADS,
      },
      race: { description: 'Most probable race (asian, black, white) with confidences.', appliesTo: ALL },
      skin_color: { description: 'Skin color, a Color.', appliesTo: ALL },
    },
  },
  avatar_modifications: {
    plus: {
      // The creator's `age` (creator.md, generate_avatar); the spec's REST interface names no place for it.
      age: {
        value: { type: 'enum', values: ['adult', 'teen15', 'teen12'] },
        default: 'adult',
        description: 'The body\'s age: adult, or a 15- or 12-year-old\'s proportions (shorter, narrower shoulders, chest and hips, the head larger beside the body).',
        appliesTo: { 'persona_2.0': 'all' },
      },
      add_eyelid_shadow: {
        value: FLAG,
        description: 'Eyelid shadow on the eye texture; works only with parametric_eyes_texture.',
        appliesTo: PARAMETRIC_EYES,
      },
      add_glare: {
        value: FLAG,
        default: true,
        description: 'Glare in the parametric eye texture; works only with parametric_eyes_texture.',
        appliesTo: PARAMETRIC_EYES,
      },
      allow_modify_neck: {
        value: FLAG,
        description: 'Adapt the neck mesh to the photo (and its x-axis rotation to the head pose) instead of one shared neck.',
        appliesTo: HEADS,
      },
      caricature_amount: {
        value: NON_NEGATIVE,
        description: 'Strengthens differences from the average model; usable range is model-dependent, usually below 5.',
        appliesTo: HEADS,
      },
      curved_bottom: {
        value: FLAG,
        description: 'Slightly curved bottom of the bust.',
        appliesTo: { 'head_1.2': 'all', 'head_2.0': ['bust/mobile', 'bust/static'] },
      },
      // Persona's PBR albedo must carry no baked light, so persona_2.0 always evens the lighting.
      enhance_lighting: {
        value: FLAG,
        description: 'More uniform lighting of the texture.',
        appliesTo: ALL,
        alwaysOn: { 'persona_2.0': 'all' },
      },
      eye_iris_color: {
        value: COLOR,
        description: 'Recolors the iris in the texture; works only with a parametric eyes texture.',
        appliesTo: ANY_PARAMETRIC_EYES,
      },
      eye_sclera_color: {
        value: COLOR,
        description: 'Recolors the sclera; works only with a parametric eyes texture.',
        appliesTo: ANY_PARAMETRIC_EYES,
      },
      generated_haircut_faces_count: {
        value: { type: 'integer', min: 1 },
        description: 'Resamples the generated haircut mesh to this number of faces.',
        appliesTo: SEPARATE_HAIRCUT,
      },
      generated_haircut_texture_size: {
        value: SIZE,
        description: 'Texture size of the generated haircut, in pixels.',
        appliesTo: SEPARATE_HAIRCUT,
      },
      hair_color: { value: COLOR, description: 'Recolors the generated haircut in its texture.', appliesTo: ALL },
      lips_color: { value: COLOR, description: 'Recolors the lips in the texture.', appliesTo: ALL },
      parametric_eyes_texture: {
        value: FLAG,
        description: 'Replaces the photo eye texture with a generated one matching sclera and iris colors.',
        appliesTo: PARAMETRIC_EYES,
        alwaysOn: { animated_face: ['indie/legacy_styled'] },
      },
      parametric_eyes_texture_v2: {
        value: FLAG,
        description: 'Newer parametric eye texture; add_glare and add_eyelid_shadow are then ignored; ignored itself when parametric_eyes_texture is true.',
        appliesTo: { 'head_1.2': 'all', 'head_2.0': 'all', 'body_0.3': 'all' },
      },
      // head/mobile has no bust, so repacking reclaims the texture area the bust would use.
      repack_texture: {
        value: FLAG,
        description: 'Texture layout that occupies less space.',
        appliesTo: MODERN_HEADS,
        alwaysOn: { 'head_2.0': ['head/mobile'] },
      },
      slightly_cartoonish_texture: {
        value: FLAG,
        description: 'Slightly cartoonish model texture, replacing the original one.',
        appliesTo: { 'head_1.2': 'all', 'head_2.0': 'all', 'body_0.3': 'all' },
      },
      teeth_color: { value: COLOR, description: 'Recolors the teeth in the texture.', appliesTo: ALL },
      // Persona textures come in fixed profiles chosen at export (textures.profile).
      texture_size: {
        value: SIZE,
        description: 'Resizes the texture, in pixels; applied before any export texture_size.',
        appliesTo: NOT_PERSONA,
      },
    },
    pro: {
      remove_glasses: {
        value: FLAG,
        description: 'Removes glasses from the photo before computation (modifies the source photo).',
        appliesTo: ALL,
      },
      // A persona's face moves (expressions, speech, the face demos) and shows its own teeth when
      // the mouth opens: a smile's teeth left in the photo would be painted on its lips.
      remove_smile: {
        value: FLAG,
        description: 'Removes mostly open smiles from the photo before computation (modifies the source photo).',
        appliesTo: ALL,
        alwaysOn: { 'persona_2.0': 'all' },
      },
      remove_stubble: {
        value: FLAG,
        description: 'Removes stubble from the photo before computation (modifies the source photo).',
        appliesTo: ALL,
      },
    },
  },
  shape_modifications: {
    indie: {
      'cartoonish_v0.3': {
        value: NON_NEGATIVE,
        description: 'Makes the mesh look more cartoon-like; usable values are model-dependent, usually below 1.',
        appliesTo: CARTOONISH,
      },
    },
    plus: {
      'cartoonish_v1.0': {
        value: NON_NEGATIVE,
        description: 'Newer cartoon-like mesh; usable values are model-dependent, usually below 1.',
        appliesTo: CARTOONISH,
      },
    },
  },
  body_shape: {
    plus: {
      gender: {
        value: { type: 'enum', values: ['female', 'male', 'non_binary'] },
        description: 'Gender of the body model.',
        appliesTo: { 'body_0.3': 'all' },
      },
      height: { value: CENTIMETRES, description: 'Body height in centimetres (cm).', appliesTo: { 'body_0.3': 'all' } },
      weight: { value: KILOGRAMS, description: 'Body weight in kilograms (kg).', appliesTo: { 'body_0.3': 'all' } },
      chest: {
        value: CENTIMETRES,
        description: 'Chest circumference in centimetres (cm).',
        appliesTo: { 'body_0.3': 'all' },
      },
      waist: {
        value: CENTIMETRES,
        description: 'Waist circumference in centimetres (cm).',
        appliesTo: { 'body_0.3': 'all' },
      },
      hips: {
        value: CENTIMETRES,
        description: 'Hips circumference in centimetres (cm).',
        appliesTo: { 'body_0.3': 'all' },
      },
    },
  },
  additional_textures: {
    base: {
      slightly_cartoonish_texture: { description: 'Slightly smoother than the original texture.', appliesTo: HEADS },
      lips_mask: { description: 'PNG mask of the lips.', appliesTo: MODERN_HEADS },
      smooth_eyelashes_texture: {
        description: 'Original texture with a smoothed eyelash area.',
        appliesTo: MODERN_HEADS,
      },
      // The spec offers "a uniformly colored texture" without naming it; the name is its own words.
      uniformly_colored_texture: {
        description: 'The model texture in one colour: the skin tone of the face, everywhere (JPG).',
        appliesTo: MODERN_HEADS,
      },
    },
    plus: {
      cartoonish_texture: { description: 'Cartoonish texture.', appliesTo: HEADS },
      metallic_map: { description: 'Metallic map (JPG).', appliesTo: PBR_MAPS },
      roughness_map: { description: 'Roughness map (JPG).', appliesTo: PBR_MAPS },
      // Not in the spec's list of identities: a body's relief (knuckles, nails, seams) has no other way to an engine.
      normal_map: { description: 'Tangent-space normal map of the body (PNG, glTF convention: +Y up), in the atlas layout (bodies only).', appliesTo: { 'body_0.3': 'all' } },
    },
  },
} as const satisfies { readonly [C in Category]: CategoryData };

type Catalogue = typeof PARAMETER_CATALOGUE;

/** The names of one category, e.g. `ParameterName<'model_info'>` is the model_info flags. */
export type ParameterName<C extends Category> = { [G in keyof Catalogue[C]]: keyof Catalogue[C][G] & string }[keyof Catalogue[C]];

/** An entry with its place in the catalogue spelled out. */
export interface ParameterSpec extends ParameterEntry {
  readonly category: Category;
  readonly group: Group;
  readonly name: string;
  readonly kind: CategoryKind;
}

/** The catalogue as one flat list, in catalogue order. */
export const PARAMETERS: readonly ParameterSpec[] = Object.entries(PARAMETER_CATALOGUE as { [C in Category]: CategoryData }).flatMap(
  ([category, groups]) =>
    Object.entries(groups).flatMap(([group, names]) =>
      Object.entries(names as Record<string, ParameterEntry>).map(([name, entry]) => ({
        ...entry,
        category: category as Category,
        group: group as Group,
        name,
        kind: CATEGORIES[category as Category].kind,
      })),
    ),
);

/** The groups a category accepts, including sets that hold no known names yet. */
export function groupsOf(category: Category): readonly Group[] {
  return Object.keys(PARAMETER_CATALOGUE[category]) as Group[];
}

/** A name is unique within its category (a test holds the catalogue to it). */
export function findParameter(category: Category, name: string): ParameterSpec | undefined {
  return PARAMETERS.find((p) => p.category === category && p.name === name);
}

export function parametersOf(category: Category, group?: Group): readonly ParameterSpec[] {
  return PARAMETERS.filter((p) => p.category === category && (group === undefined || p.group === group));
}

/**
 * The spec's intervals inside which body_0.3 output measurements approximate the input.
 * Guidance only: values outside are accepted, results may differ significantly.
 */
export const BODY_SHAPE_INTERVALS = {
  height: { female: [150, 174], male: [160, 187], non_binary: [150, 187] },
  weight: { female: [54, 86], male: [70, 112], non_binary: [54, 112] },
  chest: { female: [90, 115], male: [96, 125], non_binary: [90, 125] },
  waist: { female: [73, 98], male: [81, 118], non_binary: [73, 118] },
  hips: { female: [90, 116], male: [93, 119], non_binary: [90, 119] },
} as const;
