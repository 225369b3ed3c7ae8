import { outfitByIdentity, outfitSet, type OutfitSetName } from '../library/outfits/outfitLibrary.js';
import { PERSONA_OUTFIT_SETS, personaOutfitByIdentity, personaOutfitSet, type PersonaOutfitSet, type PersonaSlot } from '../library/outfits/personaOutfits.js';
import { isRecord, readJson } from '../core/storedJson.js';
import { PIPELINE_NAMES, type PipelineName } from './catalogue/pipelines.js';
import { pipelineOf } from './registry.js';

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

/** Whether `identity` names an outfit of the library at all (for the job's own check). */
export function isOutfit(identity: string): boolean {
  return outfitByIdentity(identity) !== undefined || personaOutfitByIdentity(identity) !== undefined;
}

/**
 * What an `outfit` job stored for one avatar and outfit (avatarFiles.outfitIndex), written last: its
 * presence says the files are complete. Mesh, pointcloud and preview are the avatar's own; the
 * texture and the body visibility mask are the same for every avatar, stored once as static files.
 */
export interface StoredOutfitFiles {
  /** Static file identities. */
  texture: string;
  body_visibility_mask: string;
}

export function readStoredOutfitFiles(data: Uint8Array): StoredOutfitFiles {
  return readJson(data, 'outfits/…/files.json', (v): v is StoredOutfitFiles => isRecord(v) && typeof v.texture === 'string' && typeof v.body_visibility_mask === 'string');
}
