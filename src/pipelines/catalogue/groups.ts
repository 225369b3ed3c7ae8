import type { Plan } from './plans.js';

/**
 * Availability groups, the middle level of `parameters`. The spec: `base` and `public` are
 * assigned to everyone; `plus` and `pro` follow the plan, each including the previous ones;
 * `facegen` is available from Plus; custom groups exist (`indie` in shape_modifications).
 * `persona` is the haircut set of persona_2.0.
 */
export type Group = 'base' | 'public' | 'plus' | 'pro' | 'facegen' | 'indie' | 'persona';

export interface GroupSpec {
  /** Lowest plan holding the group. Plus is the lowest plan, so "everyone" is Plus here. */
  readonly plan: Plan;
  /** Assigned to every account whatever its plan (`base`, `public`). */
  readonly everyone: boolean;
  /** Not one of the plan ladder's groups: a set or a custom group of some categories. */
  readonly custom: boolean;
  /** What we put in this group, so the placement of a new parameter follows one rule. */
  readonly holds: string;
}

export const GROUPS: { readonly [G in Group]: GroupSpec } = {
  base: {
    plan: 'plus',
    everyone: true,
    custom: false,
    holds: "a pipeline's own assets: the base haircut set with the generated haircut, native blendshape sets, basic extra textures",
  },
  public: {
    plan: 'plus',
    everyone: true,
    custom: false,
    holds: 'blendshape sets that follow public standards (face-tracking AR, lip-sync)',
  },
  plus: {
    plan: 'plus',
    everyone: false,
    custom: false,
    holds: 'model information, texture and mesh modifications, body measurements, the plus haircut set',
  },
  pro: {
    plan: 'pro',
    everyone: false,
    custom: false,
    holds: 'modifications that rewrite the source photo before computation (smile, stubble, glasses removal)',
  },
  facegen: {
    plan: 'plus',
    everyone: false,
    custom: true,
    holds: 'the facegen haircut set',
  },
  indie: {
    plan: 'plus',
    everyone: false,
    custom: true,
    holds: 'the first cartoonish shape modification (cartoonish_v0.3)',
  },
  persona: {
    plan: 'enterprise',
    everyone: false,
    custom: true,
    holds: 'the persona_2.0 haircut set',
  },
};

export const GROUP_NAMES = Object.keys(GROUPS) as readonly Group[];

export function isGroup(value: unknown): value is Group {
  return typeof value === 'string' && Object.hasOwn(GROUPS, value);
}

/** Enumerable categories are arrays of names; key-value ones are objects of name → value. */
export type CategoryKind = 'enumerable' | 'key-value';

export type Category =
  | 'haircuts'
  | 'blendshapes'
  | 'model_info'
  | 'avatar_modifications'
  | 'shape_modifications'
  | 'body_shape'
  | 'additional_textures';

export interface CategorySpec {
  readonly kind: CategoryKind;
  /** What one name of the category is called in messages: `unknown flag "agee"`. */
  readonly noun: string;
  readonly description: string;
}

/** The categories, in the spec's order. */
export const CATEGORIES: { readonly [C in Category]: CategorySpec } = {
  haircuts: {
    kind: 'enumerable',
    noun: 'haircut',
    description:
      'Haircuts to compute, grouped by set. Only for pipelines without export parameters (animated_face), which must name each one.',
  },
  blendshapes: { kind: 'enumerable', noun: 'blendshape set', description: 'Blendshape sets to compute.' },
  model_info: {
    kind: 'enumerable',
    noun: 'flag',
    description: 'Facts about the photo to report in the model_info endpoint.',
  },
  avatar_modifications: {
    kind: 'key-value',
    noun: 'parameter',
    description: 'Changes to the photo, texture and mesh of the avatar.',
  },
  shape_modifications: { kind: 'key-value', noun: 'parameter', description: 'Changes to the shape of the mesh.' },
  body_shape: {
    kind: 'key-value',
    noun: 'parameter',
    description: 'Known body measurements (body_0.3); unspecified ones are predicted from the photo.',
  },
  additional_textures: {
    kind: 'enumerable',
    noun: 'texture',
    description: 'Textures to compute besides the default `model` texture, served by the textures endpoints.',
  },
};

export const CATEGORY_NAMES = Object.keys(CATEGORIES) as readonly Category[];

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && Object.hasOwn(CATEGORIES, value);
}
