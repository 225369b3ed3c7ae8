/**
 * The parameters an artificial haircut is generated from. Lengths are metres and heights are y in
 * the head template's frame (+Y up, the face towards +Z, +X the person's left, origin between the
 * ears at the height of the irises): the brows are at y ≈ 0.02, the front hairline at ≈ 0.055, the
 * top of the head at ≈ 0.123, the chin at ≈ −0.10, the shoulders at ≈ −0.20 (see headTemplate.ts).
 */
export interface HaircutStyle {
  /** Strand length on top of the head, from the hairline to the crown. */
  top: number;
  /** Strand length at the sides, above and behind the ears. */
  sides: number;
  /** Strand length at the back of the head and the nape. */
  back: number;
  /** Length of the fringe: strands of the front hairline combed forward over the forehead; 0 for none. */
  fringe: number;
  /** Half the width of the fringe at the hairline, metres; how much of the front falls forward. */
  fringeWidth: number;
  /** Height of the hem at the front (beside the face): strands end where they fall below it. */
  hemFront: number;
  /** Height of the hem at the back; between front and back the hem follows the azimuth. */
  hemBack: number;
  /** Thickness of the hair over the scalp on top of the head (the outer layer's height). */
  volume: number;
  /** Thickness of the hair over the sides and back, where hair hangs rather than lies. */
  sideVolume: number;
  /** x of the parting (negative: the person's right side); used when `flow` is 'part'. */
  parting: number;
  /**
   * How the top is combed: 'crown' from the whorl at the back of the crown, 'part' away from the
   * parting, 'back' slicked back, 'forward' to the front (a Caesar cut), 'up' standing out (spikes,
   * 'puff' curled into a rounded mass (an afro: short curly cards every which way on layers up
   * to `volume` off the scalp), 'gathered' pulled to the tie of a ponytail, bun or braid.
   */
  flow: 'crown' | 'part' | 'back' | 'forward' | 'up' | 'puff' | 'gathered';
  /** Angle the strands leave the scalp at, radians: 0 lies flat, π/2 stands straight out ('up' flow). */
  lift: number;
  /** Extra height at the front hairline (a quiff or pompadour), metres. */
  quiff: number;
  /** How far a strand runs before gravity has bent it down by a radian, metres: short hair is stiff. */
  stiffness: number;
  /** Amplitude of waves along the strands, metres; 0 for straight hair. */
  wave: number;
  /** Wavelength of those waves, metres. */
  waveLength: number;
  /** Radius of the corkscrew of curly strands, metres; 0 for none. */
  curl: number;
  /** Sides and back below this height are clipped to `undercutLength`; −1 for no undercut. */
  undercut: number;
  /** Strand length below the undercut line. */
  undercutLength: number;
  /** Hair pulled together: a ponytail, a bun, one braid, two braids (pigtails) or nothing. */
  gather: 'none' | 'ponytail' | 'bun' | 'braid' | 'pigtails';
  /** Height of the tie on the back of the head. */
  gatherHeight: number;
  /** Length of the ponytail or braids below the tie, metres. */
  tailLength: number;
  /** Radius of the ponytail or braid at the tie, or of the bun. */
  tailRadius: number;
  /** Character of the strands in the card texture. */
  strands: 'fine' | 'straight' | 'wavy' | 'curly' | 'coarse';
  /** Width of the hair cards at the root, metres. */
  cardWidth: number;
  /** Layers of cards from the scalp to the outer surface of the hair. */
  layers: number;
  /** How far the front hairline has receded from the template's, metres. */
  recession: number;
}

export const HAIRCUT_STYLE_DEFAULTS: Required<HaircutStyle> = {
  top: 0.06,
  sides: 0.04,
  back: 0.05,
  fringe: 0,
  fringeWidth: 0.045,
  hemFront: -1,
  hemBack: -1,
  volume: 0.012,
  sideVolume: 0.008,
  parting: 0,
  flow: 'crown',
  lift: 0.12,
  quiff: 0,
  stiffness: 0.05,
  wave: 0,
  waveLength: 0.05,
  curl: 0,
  undercut: -1,
  undercutLength: 0.004,
  gather: 'none',
  gatherHeight: 0.06,
  tailLength: 0.2,
  tailRadius: 0.02,
  strands: 'straight',
  cardWidth: 0.022,
  layers: 3,
  recession: 0,
};

/** Strands shorter than this are drawn by the scalp cap alone, with no cards. */
export const CAP_ONLY_LENGTH = 0.012;

/** How long a haircut reads at a glance: what prediction tests and galleries group by. */
export type HaircutLength = 'shaved' | 'short' | 'medium' | 'long';

/**
 * The length class of a style, from the lowest its hair reaches: the sides hang from above the
 * ears (y ≈ 0.02) and the back from the occiput (y ≈ −0.03) down to their hems; gathered hair
 * ends at its tail. Short hair ends above the jaw at the sides (y ≈ −0.05) and at the nape
 * behind (≈ −0.1), medium above the shoulders (≈ −0.17).
 */
export function haircutLength(style: HaircutStyle): HaircutLength {
  if (Math.max(style.top, style.sides, style.back) < CAP_ONLY_LENGTH) return 'shaved';
  if (style.gather !== 'none') return style.gather === 'bun' || style.gatherHeight - style.tailLength >= -0.17 ? 'medium' : 'long';
  const sides = Math.max(style.hemFront, 0.02 - 0.9 * style.sides);
  const back = Math.max(style.hemBack, -0.03 - 0.9 * style.back);
  if (sides >= -0.05 && back >= -0.1) return 'short';
  return Math.min(sides, back) >= -0.17 ? 'medium' : 'long';
}
