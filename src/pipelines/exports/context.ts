import { haircutSet } from '../../assets/haircuts/index.js';
import { BLENDSHAPE_SET_NAMES, blendshapeNames } from '../../geometry/index.js';
import { appliesTo, GENERATED_HAIRCUT, HAIRCUT_SETS, PARAMETERS, planAtLeast, type ExportContext, type PipelineName, type Plan } from '../catalogue/index.js';
import { lodCount } from '../files.js';

/** What is known of one avatar's own files; null before it is computed. */
export interface AvatarAssets {
  /** Haircut identities the avatar has (`generated` or none). */
  haircuts: readonly string[] | null;
  /** Texture identities the avatar has. */
  textures: readonly string[] | null;
}

/** Library sets from Plus: base is everyone's. */
const SET_PLAN: Record<'base' | 'facegen' | 'plus', Plan | null> = { base: null, facegen: 'plus', plus: 'plus' };

/**
 * What an export of an avatar of this pipeline may name: its generated haircut (when it has one, or
 * may still get one), the library haircut sets its pipeline offers and its plan allows, the
 * blendshape sets, its textures and its levels of detail.
 */
export function exportContext(pipeline: PipelineName, subtype: string, plan: Plan, avatar: AvatarAssets = { haircuts: null, textures: null }): ExportContext {
  const haircuts: string[] = [];
  // Before computation: head_2.0 makes a separate generated haircut except in bust/static, where
  // (as in head_1.2) the hair is part of the head mesh. After: whatever the avatar has.
  const mayHaveGenerated = pipeline === 'head_2.0' && subtype !== 'bust/static';
  if (avatar.haircuts === null ? mayHaveGenerated : avatar.haircuts.includes(GENERATED_HAIRCUT)) haircuts.push(GENERATED_HAIRCUT);
  for (const set of ['base', 'facegen', 'plus'] as const) {
    const need = SET_PLAN[set];
    if (!appliesTo(HAIRCUT_SETS[set].appliesTo, pipeline, subtype) || (need && !planAtLeast(plan, need))) continue;
    for (const h of haircutSet(set)) haircuts.push(h.identity);
  }
  // The sets the computation catalogue offers this pipeline, as creation would accept them.
  const offered = PARAMETERS.filter((p) => p.category === 'blendshapes' && BLENDSHAPE_SET_NAMES.includes(p.name) && appliesTo(p.appliesTo, pipeline, subtype));
  const blendshapeSets = Object.fromEntries(offered.map((p) => [p.name, blendshapeNames(p.name)]));
  const textures = avatar.textures ?? ['model', ...PARAMETERS.filter((p) => p.category === 'additional_textures').map((p) => p.name)];
  return { pipeline, subtype, plan, haircuts, blendshapeSets, textures, lods: lodCount(pipeline) };
}
