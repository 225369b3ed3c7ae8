import type { HaircutRow } from './haircut.js';
import { STYLES as S } from './styles.js';

/** The `plus` set: 50 haircuts (some unisex), for head_2.0 and body avatars. */
export const PLUS_HAIRCUTS: readonly HaircutRow[] = [
  // Clipped and cropped
  ['buzz_fade', 'male', { ...S.buzz, top: 0.007, sides: 0.002, back: 0.002 }],
  ['buzz_even', 'unisex', { ...S.buzz, top: 0.006, sides: 0.006, back: 0.006 }],
  ['high_and_tight', 'male', { ...S.crew, top: 0.025, undercut: 0.08, undercutLength: 0.003 }],
  ['crew_long', 'male', { ...S.crew, top: 0.055, volume: 0.011 }],
  ['textured_crop', 'male', { ...S.caesar, top: 0.045, fringe: 0.025, strands: 'coarse', volume: 0.012, lift: 0.3 }],
  ['messy_crop', 'unisex', { ...S.crew, top: 0.06, flow: 'crown', fringe: 0.025, lift: 0.35, strands: 'coarse', volume: 0.014 }],
  ['receding_slick', 'male', { ...S.slickBack, recession: 0.03, top: 0.08 }],
  ['receding_short', 'male', { ...S.crew, recession: 0.035, top: 0.02, sides: 0.01, back: 0.01 }],
  // Parted and combed
  ['side_sweep', 'male', { ...S.sidePart, top: 0.09, sides: 0.035, back: 0.035, fringe: 0.02, volume: 0.016 }],
  ['slick_part', 'male', { ...S.sidePart, volume: 0.008, sideVolume: 0.004, strands: 'fine' }],
  ['centre_part_short', 'male', { ...S.sidePart, parting: 0, top: 0.08, volume: 0.014 }],
  ['undercut_long', 'male', { ...S.slickBack, top: 0.15, flow: 'part', parting: -0.03, undercut: 0.06, undercutLength: 0.004, volume: 0.018 }],
  ['disconnected_undercut', 'male', { ...S.quiff, quiff: 0.012, undercut: 0.075, undercutLength: 0.002 }],
  ['fringe_up', 'male', { ...S.quiff, quiff: 0.01, top: 0.06 }],
  ['pompadour_tall', 'male', { ...S.quiff, top: 0.11, quiff: 0.026, volume: 0.02 }],
  ['quiff_short', 'male', { ...S.quiff, top: 0.06, quiff: 0.012 }],
  // Standing and curly
  ['spiked_undercut', 'male', { ...S.spiky, top: 0.055, sides: 0.002, back: 0.05, undercut: 0.095, undercutLength: 0.002, lift: 1.0 }],
  ['faux_hawk_short', 'male', { ...S.spiky, top: 0.04, undercut: 0.08, undercutLength: 0.004 }],
  ['spikes_short', 'unisex', { ...S.spiky, top: 0.03, sides: 0.012, back: 0.012, volume: 0.012 }],
  ['curly_crop', 'unisex', { ...S.afro, volume: 0.022, sideVolume: 0.012, layers: 3 }],
  ['curly_fringe', 'male', { ...S.crew, ...S.curls, top: 0.07, flow: 'forward', fringe: 0.03, volume: 0.022, sideVolume: 0.01 }],
  ['afro_fade', 'unisex', { ...S.afro, volume: 0.04, sideVolume: 0.012, undercut: 0.06, undercutLength: 0.003 }],
  ['afro_big', 'unisex', { ...S.afro, volume: 0.075, sideVolume: 0.07, top: 0.08, sides: 0.08, back: 0.08 }],
  ['curly_shag', 'unisex', { ...S.lob, ...S.curls, flow: 'crown', fringe: 0.035, hemFront: -0.12, hemBack: -0.14 }],
  // Medium
  ['shag_medium', 'unisex', { ...S.lob, flow: 'crown', fringe: 0.035, hemFront: -0.12, hemBack: -0.15, volume: 0.02, sideVolume: 0.018, strands: 'coarse' }],
  ['mullet', 'male', { ...S.crew, top: 0.06, sides: 0.02, back: 0.22, hemBack: -0.16, volume: 0.012 }],
  ['shoulder_waves', 'male', { ...S.lob, ...S.waves, parting: -0.02, hemFront: -0.14, hemBack: -0.16 }],
  ['chin_centre_part', 'unisex', { ...S.bob, parting: 0, hemFront: -0.1, hemBack: -0.1, volume: 0.012 }],
  ['messy_medium', 'unisex', { ...S.bob, flow: 'crown', fringe: 0.03, hemFront: -0.07, hemBack: -0.08, strands: 'coarse', wave: 0.004 }],
  ['man_bun', 'male', { ...S.gathered, gather: 'bun', gatherHeight: 0.09, tailRadius: 0.028 }],
  // Short and bobbed
  ['pixie_long', 'female', { ...S.pixie, top: 0.1, sides: 0.05, back: 0.05, volume: 0.016 }],
  ['pixie_fringe', 'female', { ...S.pixie, fringe: 0.04, fringeWidth: 0.06 }],
  ['bixie', 'female', { ...S.bob, hemFront: -0.03, hemBack: -0.02, flow: 'crown', fringe: 0.03, volume: 0.018, sideVolume: 0.014 }],
  ['bob_short', 'female', { ...S.bob, hemFront: -0.06, hemBack: -0.055 }],
  ['bob_centre', 'female', { ...S.bob, parting: 0 }],
  ['bob_blunt_bangs', 'female', { ...S.bob, flow: 'crown', fringe: 0.035, fringeWidth: 0.065, hemFront: -0.09, hemBack: -0.09 }],
  ['bob_curly', 'female', { ...S.bob, ...S.curls, hemFront: -0.07, hemBack: -0.065 }],
  ['bob_wavy', 'female', { ...S.bob, ...S.waves, parting: -0.03 }],
  ['lob_straight', 'female', { ...S.lob, parting: 0, strands: 'fine' }],
  ['lob_side', 'female', { ...S.lob, parting: -0.04, volume: 0.018 }],
  // Long
  ['long_layers', 'female', { ...S.long, hemFront: -0.22, hemBack: -0.3, volume: 0.02, sideVolume: 0.018 }],
  ['long_straight_bangs', 'female', { ...S.long, flow: 'crown', fringe: 0.035, fringeWidth: 0.06, strands: 'fine' }],
  ['long_waves_side', 'female', { ...S.long, ...S.waves, parting: -0.04, hemFront: -0.26, hemBack: -0.3 }],
  ['long_curls', 'female', { ...S.long, ...S.curls, hemFront: -0.2, hemBack: -0.22, volume: 0.035, sideVolume: 0.03 }],
  ['very_long', 'female', { ...S.long, top: 0.6, sides: 0.6, back: 0.6, hemFront: -0.36, hemBack: -0.36 }],
  // Gathered
  ['ponytail_low', 'female', { ...S.gathered, gather: 'ponytail', gatherHeight: 0.0, tailLength: 0.28, tailRadius: 0.022 }],
  ['ponytail_curly', 'female', { ...S.gathered, ...S.curls, volume: 0.008, sideVolume: 0.006, gather: 'ponytail', gatherHeight: 0.06, tailLength: 0.22 }],
  ['bun_high', 'female', { ...S.gathered, gather: 'bun', gatherHeight: 0.12, tailRadius: 0.038 }],
  ['braid_single', 'female', { ...S.gathered, gather: 'braid', gatherHeight: 0.02, tailLength: 0.3, tailRadius: 0.02 }],
  ['braids_long', 'female', { ...S.gathered, gather: 'pigtails', gatherHeight: 0.01, tailLength: 0.32, tailRadius: 0.017 }],
];
