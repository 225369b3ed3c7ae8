// The library's table is data: read from its own module, so that the service's catalogue loads no asset code.
import { accessorySet, ACCESSORY_SLOTS, type AccessorySlot } from '../../../library/accessories/accessoryLibrary.js';
import type { Field } from './schema.js';

/**
 * persona_2.0's accessory sections: `glasses` (the spec's persona glasses set), the creator's
 * other export template slots, `hats`, `earrings` and `necklaces`, and ours for its hand
 * accessories, `watches`, `bracelets` and `rings`. Each has the shape of
 * `haircuts` ({list, format, embed, lod, textures, color}); one item per section (rule 4).
 */
export const PERSONA_ACCESSORY_SECTIONS = ACCESSORY_SLOTS;

/** What one item of a section is called in messages ("only one hat can be exported at a time"). */
const NOUN: Record<AccessorySlot, string> = { glasses: 'pair of glasses', hats: 'hat', earrings: 'pair of earrings', necklaces: 'necklace', watches: 'watch', bracelets: 'bracelet', rings: 'ring' };

/** The identities a section lists. */
export function accessoryNames(slot: AccessorySlot): string[] {
  return accessorySet(slot).map((a) => a.identity);
}

/** A section's schema, given the fields every persona category shares. */
export function accessorySection(slot: AccessorySlot, shared: { format: Field; embed: Field; lod: Field; textures: Field; color: Field }, hints: Readonly<Record<string, string>>): Field {
  return {
    type: 'section',
    keys: {
      list: { type: 'names', noun: NOUN[slot], known: () => accessoryNames(slot), one: true, notNull: true },
      ...shared,
    },
    hints,
  };
}

export const ACCESSORY_DEFAULTS = { list: [], format: null, embed: null, lod: null, textures: null, color: null } as const;
