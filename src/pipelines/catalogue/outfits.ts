import { outfitSet, type OutfitSetName } from '../../library/outfits/outfitLibrary.js';
import { PERSONA_OUTFIT_SETS, personaOutfitSet, type PersonaOutfitSet, type PersonaSlot } from '../../library/outfits/personaOutfits.js';
import { PIPELINE_NAMES, type PipelineName } from './pipelines.js';
import { pipelineOf } from '../registry.js';

/**
 * The outfits an avatar may wear, as GET /avatars/{code}/outfits/ lists them: every item of its
 * pipeline's outfit sets (body_0.3: `base` and its twins; persona_2.0: `persona` and the top, bottom
 * and shoes sets), none for the head pipelines. Data only: the files are made by an `outfit` job.
 */
export interface AvatarOutfit {
  identity: string;
  /** What it is, in words (the library's). */
  name: string;
  /** The library set it belongs to. */
  set: OutfitSetName | PersonaOutfitSet;
  /** The export parameters' section that chooses it: `outfits` for full outfits, else its set's name. */
  category: string;
  /** What it takes the place of on the body: `full`, `top`, `bottom` or `shoes`. */
  slot: PersonaSlot;
}

const isPersona = (set: string): set is PersonaOutfitSet => (PERSONA_OUTFIT_SETS as readonly string[]).includes(set);

/** The sets' items in the sets' order, then the library's. */
export function avatarOutfits(pipeline: PipelineName): AvatarOutfit[] {
  return pipelineOf(pipeline).outfits.sets.flatMap((set): AvatarOutfit[] => {
    if (isPersona(set)) {
      return personaOutfitSet(set).map((o) => ({ identity: o.identity, name: o.description, set, category: set === 'persona' ? 'outfits' : set, slot: o.slot }));
    }
    return outfitSet(set).map((o) => ({ identity: o.identity, name: o.description, set, category: 'outfits', slot: 'full' }));
  });
}

/** Every value the list's filters may take, whatever the pipeline: a value outside these is a 400. */
export const OUTFIT_FILTER_CHOICES = {
  set: [...new Set(PIPELINE_NAMES.flatMap((p) => pipelineOf(p).outfits.sets))],
  category: ['outfits', 'outfits_top', 'outfits_bottom', 'outfits_shoes'],
  slot: ['full', 'top', 'bottom', 'shoes'],
} as const satisfies Record<string, readonly string[]>;
