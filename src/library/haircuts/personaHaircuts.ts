import type { HaircutRow } from './haircut.js';
import { STYLES as S } from './styles.js';

/** Tight coils: a small corkscrew, short springy cards close to the scalp. */
const COILS = { curl: 0.0035, strands: 'curly', stiffness: 1.5, cardWidth: 0.022 } as const;

/**
 * The `persona` set: persona_2.0's haircuts (chosen through export parameters), male, female and
 * unisex, clipped to past the shoulders, straight, wavy, curly and coily, braided, bunned and tied.
 */
export const PERSONA_HAIRCUTS: readonly HaircutRow[] = [
  // Short
  ['clean_fade', 'male', { ...S.buzz, top: 0.012, sides: 0.002, back: 0.003, undercut: 0.07, undercutLength: 0.0015 }],
  ['buzz_lineup', 'unisex', { ...S.buzz, top: 0.004, sides: 0.0035, back: 0.0035 }],
  ['textured_top_fade', 'male', { ...S.caesar, top: 0.05, fringe: 0.02, strands: 'coarse', lift: 0.35, volume: 0.013, undercut: 0.075, undercutLength: 0.002 }],
  ['classic_side_part', 'male', { ...S.sidePart, top: 0.08, volume: 0.014, strands: 'fine' }],
  ['slick_back_medium', 'male', { ...S.slickBack, top: 0.13, volume: 0.012 }],
  ['undercut_pompadour', 'male', { ...S.quiff, top: 0.1, quiff: 0.024, volume: 0.018, undercut: 0.07, undercutLength: 0.003 }],
  ['curly_top_fade', 'male', { ...S.crew, ...S.curls, top: 0.06, volume: 0.026, sideVolume: 0.006, undercut: 0.065, undercutLength: 0.002 }],
  ['pixie_textured', 'female', { ...S.pixie, top: 0.09, fringe: 0.04, strands: 'coarse', volume: 0.016 }],
  // Coily and curly
  ['coily_short', 'unisex', { ...S.afro, ...COILS, volume: 0.018, sideVolume: 0.012, top: 0.02, sides: 0.015, back: 0.015, layers: 3 }],
  ['coily_afro', 'unisex', { ...S.afro, ...COILS, volume: 0.055, sideVolume: 0.05, layers: 6 }],
  ['coily_high_puff', 'female', { ...S.gathered, ...COILS, gather: 'bun', gatherHeight: 0.12, tailRadius: 0.05, volume: 0.008 }],
  ['curly_shoulder', 'female', { ...S.lob, ...S.curls, hemFront: -0.14, hemBack: -0.15, volume: 0.03, sideVolume: 0.03 }],
  ['long_curly_volume', 'female', { ...S.long, ...S.curls, hemFront: -0.22, hemBack: -0.25, volume: 0.04, sideVolume: 0.036 }],
  // Bobs and medium
  ['bob_chin_sleek', 'female', { ...S.bob, parting: 0, strands: 'fine', volume: 0.011, sideVolume: 0.01 }],
  ['bob_wavy_side', 'female', { ...S.bob, ...S.waves, parting: -0.035, hemFront: -0.095, hemBack: -0.08 }],
  ['lob_beach_waves', 'female', { ...S.lob, ...S.waves, parting: 0.03, hemFront: -0.16, hemBack: -0.17 }],
  ['shag_layered', 'unisex', { ...S.lob, flow: 'crown', fringe: 0.04, fringeWidth: 0.06, hemFront: -0.1, hemBack: -0.14, strands: 'coarse', volume: 0.02, sideVolume: 0.02 }],
  ['shoulder_length_swept', 'male', { ...S.lob, parting: -0.03, hemFront: -0.12, hemBack: -0.14, volume: 0.016 }],
  // Long
  ['long_straight_middle', 'female', { ...S.long, parting: 0, strands: 'fine' }],
  ['long_layered_waves', 'female', { ...S.long, ...S.waves, parting: -0.03, hemFront: -0.24, hemBack: -0.3 }],
  ['curtain_bangs_long', 'female', { ...S.long, flow: 'crown', fringe: 0.05, fringeWidth: 0.07, hemFront: -0.26, hemBack: -0.3 }],
  // Tied, bunned and braided
  ['high_ponytail_sleek', 'female', { ...S.gathered, gather: 'ponytail', gatherHeight: 0.09, tailLength: 0.3, tailRadius: 0.022, strands: 'fine' }],
  ['low_ponytail_wavy', 'female', { ...S.gathered, ...S.waves, volume: 0.008, sideVolume: 0.006, gather: 'ponytail', gatherHeight: -0.01, tailLength: 0.26, tailRadius: 0.024 }],
  ['messy_bun', 'female', { ...S.gathered, gather: 'bun', gatherHeight: 0.1, tailRadius: 0.042, strands: 'coarse', volume: 0.01 }],
  ['top_knot', 'male', { ...S.gathered, gather: 'bun', gatherHeight: 0.125, tailRadius: 0.032, undercut: 0.06, undercutLength: 0.003 }],
  ['braid_back_long', 'female', { ...S.gathered, gather: 'braid', gatherHeight: 0.03, tailLength: 0.34, tailRadius: 0.021 }],
  ['twin_braids', 'female', { ...S.gathered, gather: 'pigtails', gatherHeight: 0.0, tailLength: 0.3, tailRadius: 0.017 }],
  ['box_braids_long', 'unisex', { ...S.gathered, strands: 'coarse', volume: 0.01, sideVolume: 0.008, gather: 'pigtails', gatherHeight: 0.02, tailLength: 0.36, tailRadius: 0.022 }],
];
