import type { HaircutStyle } from './haircutStyle.js';

/**
 * Starting points the sets' tables vary: each a whole look (a parting, a length, a way of being
 * combed) that a row adjusts, so that a table reads as what makes each haircut different.
 */
export const STYLES = {
  /** Clipped to a few millimetres all over: the cap's stubble alone. */
  buzz: { top: 0.005, sides: 0.004, back: 0.004 },
  /** Short on top, shorter at the sides, from the crown. */
  crew: { top: 0.04, sides: 0.014, back: 0.018, volume: 0.008, sideVolume: 0.004 },
  /** Short back and sides, the top combed away from a side parting. */
  sidePart: { top: 0.07, sides: 0.03, back: 0.03, flow: 'part', parting: -0.03, volume: 0.012, sideVolume: 0.006 },
  /** Top combed straight back. */
  slickBack: { top: 0.12, sides: 0.05, back: 0.06, flow: 'back', volume: 0.01, sideVolume: 0.007 },
  /** Short top brushed forward to a short fringe. */
  caesar: { top: 0.035, sides: 0.015, back: 0.015, flow: 'forward', fringe: 0.02, volume: 0.006, sideVolume: 0.004 },
  /** Top brushed up and back off the forehead. */
  quiff: { top: 0.08, sides: 0.02, back: 0.025, flow: 'back', quiff: 0.018, volume: 0.014, sideVolume: 0.005 },
  /** Short strands standing out. */
  spiky: { top: 0.045, sides: 0.015, back: 0.02, flow: 'up', lift: 0.8, stiffness: 0.4, volume: 0.02, cardWidth: 0.026 },
  /** Short with a fringe, from the crown. */
  pixie: { top: 0.08, sides: 0.035, back: 0.035, fringe: 0.035, flow: 'crown', volume: 0.014 },
  /** Cut level between the chin and the ears, parted. */
  bob: { top: 0.22, sides: 0.22, back: 0.22, hemFront: -0.085, hemBack: -0.075, flow: 'part', parting: -0.02, volume: 0.014, sideVolume: 0.012 },
  /** A long bob: to the shoulders. */
  lob: { top: 0.3, sides: 0.3, back: 0.3, hemFront: -0.15, hemBack: -0.16, flow: 'part', parting: 0.025, volume: 0.014, sideVolume: 0.012 },
  /** Past the shoulders. */
  long: { top: 0.45, sides: 0.45, back: 0.45, hemFront: -0.3, hemBack: -0.33, flow: 'part', parting: 0, volume: 0.012, sideVolume: 0.01 },
  /** Pulled back to a tie (with a `gather`). */
  gathered: { top: 0.2, sides: 0.2, back: 0.2, flow: 'gathered', volume: 0.006, sideVolume: 0.005 },
  /** Tight curls in a rounded mass. */
  afro: { top: 0.05, sides: 0.05, back: 0.05, flow: 'puff', stiffness: 2, curl: 0.006, strands: 'curly', volume: 0.05, sideVolume: 0.045, cardWidth: 0.035, layers: 6 },
  /** Loose curls. */
  curls: { curl: 0.008, strands: 'curly', volume: 0.03, sideVolume: 0.025 },
  /** Waves. */
  waves: { wave: 0.007, waveLength: 0.06, strands: 'wavy', volume: 0.018, sideVolume: 0.016 },
} satisfies Record<string, Partial<HaircutStyle>>;
