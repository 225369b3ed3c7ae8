// The library's table and the sets' names are data: read from their own modules, not the barrels,
// so that the service's catalogue loads no geometry or asset code.
import { PERSONA_GENERATED_HAIRCUT } from './persona.js';
import { haircutSet } from '../../../library/haircuts/haircutLibrary.js';
import { outfitSet, type OutfitSetName } from '../../../library/outfits/outfitLibrary.js';
import { PERSONA_OUTFIT_SETS, personaOutfitSet, type PersonaOutfitSet } from '../../../library/outfits/personaOutfits.js';
import { BLENDSHAPE_SET_NAMES, BODY_SHAPE_BLENDSHAPES, BODY_SHAPE_SET, blendshapeNames } from '../../../library/blendshapeNames.js';
import { appliesTo, type PipelineName } from '../pipelines.js';
import { GENERATED_HAIRCUT, HAIRCUT_SETS } from '../haircuts.js';
import { PARAMETERS } from '../parameters.js';
import { planAtLeast, type Plan } from '../plans.js';
import type { ExportContext } from './types.js';
import { pipelineOf } from '../../registry.js';

/** What is known of one avatar's own files; null before it is computed. */
export interface AvatarAssets {
  /** Haircut identities the avatar has (`generated` or none). */
  haircuts: readonly string[] | null;
  /** Texture identities the avatar has. */
  textures: readonly string[] | null;
}

/** Library sets from Plus: base is everyone's. */
const SET_PLAN: Record<'base' | 'facegen' | 'plus' | 'persona', Plan | null> = { base: null, facegen: 'plus', plus: 'plus', persona: null };

/**
 * What an export of an avatar of this pipeline may name: its generated haircut (when it has one, or
 * may still get one), the library haircut sets its pipeline offers and its plan allows, the
 * blendshape sets, its textures and its levels of detail.
 */
export function exportContext(pipeline: PipelineName, subtype: string, plan: Plan, avatar: AvatarAssets = { haircuts: null, textures: null }): ExportContext {
  const haircuts: string[] = [];
  // Before computation: whether its pipeline makes a separate generated haircut. After: whatever the avatar has.
  const mayHaveGenerated = pipelineOf(pipeline).mayHaveGeneratedHaircut(subtype);
  // persona_2.0 names it HaircutGenerated in its export parameters (spec).
  const generated = pipelineOf(pipeline).exportFamily === 'persona' ? PERSONA_GENERATED_HAIRCUT : GENERATED_HAIRCUT;
  if (avatar.haircuts === null ? mayHaveGenerated : avatar.haircuts.includes(GENERATED_HAIRCUT)) haircuts.push(generated);
  for (const set of ['base', 'facegen', 'plus', 'persona'] as const) {
    const need = SET_PLAN[set];
    if (!appliesTo(HAIRCUT_SETS[set].appliesTo, pipeline, subtype) || (need && !planAtLeast(plan, need))) continue;
    for (const h of haircutSet(set)) haircuts.push(h.identity);
  }
  // The sets the computation catalogue offers this pipeline, as creation would accept them.
  const offered = PARAMETERS.filter((p) => p.category === 'blendshapes' && (BLENDSHAPE_SET_NAMES.includes(p.name) || p.name === BODY_SHAPE_SET) && appliesTo(p.appliesTo, pipeline, subtype));
  const blendshapeSets = Object.fromEntries(offered.map((p) => [p.name, p.name === BODY_SHAPE_SET ? BODY_SHAPE_BLENDSHAPES : blendshapeNames(p.name)]));
  const textures = avatar.textures ?? ['model', ...PARAMETERS.filter((p) => p.category === 'additional_textures').map((p) => p.name)];
  const sets = pipelineOf(pipeline).outfits.sets;
  const isPersona = (set: string): set is PersonaOutfitSet => (PERSONA_OUTFIT_SETS as readonly string[]).includes(set);
  const ofSet = (set: OutfitSetName | PersonaOutfitSet) => (isPersona(set) ? personaOutfitSet(set) : outfitSet(set)).map((o) => o.identity);
  const outfits = sets.length ? sets.flatMap(ofSet) : undefined;
  // persona_2.0: each outfit section chooses from its own set (the section and the set share a name; `outfits` is `persona`).
  const outfitSections = sets.some(isPersona)
    ? Object.fromEntries(sets.filter(isPersona).map((set) => [set === 'persona' ? 'outfits' : set, ofSet(set)]))
    : undefined;
  return { pipeline, subtype, plan, haircuts, blendshapeSets, textures, lods: pipelineOf(pipeline).lodCount, outfits, ...(outfitSections && { outfitSections }) };
}
