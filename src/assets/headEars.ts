/**
 * The ears, as a relief raised out of the side of the head: a flap that leans out and back from
 * its root in front (by the tragus) to the helix rim behind, with a concha bowl and a tragus bump,
 * thinning to a softer lobe. Heights are outward along the horizontal radial direction; a height
 * field cannot fold over, so the ear is solid behind its rim, which reads as an ear from every side
 * at the distances avatars are seen from.
 *
 * Dimensions of an average adult ear: 6.3 cm long, 3.3 cm wide, top at brow height, lobe at the
 * height of the bottom of the nose, standing out about 1.9 cm at the rim.
 */

/** Azimuth of the ear's root (front edge), radians from straight ahead. */
const ROOT_ANGLE = (84 * Math.PI) / 180;
/** Distance from the vertical axis at which arc lengths behind the root are measured, m. */
const SIDE_RADIUS = 0.074;
/** Height of the ear's centre, m (eye level is 0). */
const CENTRE_Y = -0.012;
const HALF_HEIGHT = 0.032;
const HALF_WIDTH = 0.0165;
/** The ear's long axis leans back: horizontal shift per unit height. */
const LEAN = 0.12;

const smoothstep = (e0: number, e1: number, x: number): number => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

/** Whether (θ, y) can be on an ear at all (cheap bounds test). */
export function nearEar(theta: number, y: number): boolean {
  const a = Math.abs(theta);
  return a > ROOT_ANGLE - 0.12 && a < ROOT_ANGLE + 0.75 && Math.abs(y - CENTRE_Y) < HALF_HEIGHT * 1.1;
}

/**
 * Outward height of the ear surface at azimuth θ and height y, metres (0 off the ears).
 * `weight` receives the ear's coverage in [0, 1] (for the ear region).
 */
export function earHeight(theta: number, y: number): { height: number; weight: number } {
  if (!nearEar(theta, y)) return { height: 0, weight: 0 };
  const b = y - CENTRE_Y;
  const a = (Math.abs(theta) - ROOT_ANGLE) * SIDE_RADIUS - LEAN * b;
  // Across the ear: 0 at the root, 1 at the back edge of the rim.
  const width = 2 * HALF_WIDTH * (0.75 + 0.25 * smoothstep(-HALF_HEIGHT, 0.3 * HALF_HEIGHT, b));
  const alpha = a / width;
  const e = ((alpha - 0.5) / 0.5) ** 2 + (b / HALF_HEIGHT) ** 2;
  const inside = 1 - smoothstep(0.72, 1.0, e);
  if (inside <= 0) return { height: 0, weight: 0 };
  // Stands out most at the top of the helix, least at the lobe.
  const top = 0.0195 * smoothstep(-0.3, 0.8, b / HALF_HEIGHT) + 0.011 * (1 - smoothstep(-0.3, 0.8, b / HALF_HEIGHT));
  const rise = smoothstep(-0.05, 0.82, alpha);
  let h = top * rise * inside;
  // Concha: a bowl in front of the middle, down to a few millimetres from the head.
  const bowl = Math.exp(-(((alpha - 0.36) / 0.2) ** 2 + ((b + 0.004) / 0.011) ** 2));
  h -= 0.6 * h * bowl;
  // Helix rim: a rolled edge just inside the outline.
  h += 0.0025 * Math.exp(-(((Math.sqrt(e) - 0.82) / 0.07) ** 2)) * smoothstep(-0.6, 0.2, b / HALF_HEIGHT);
  // Tragus: a small bump at the front, over the ear canal.
  h += 0.004 * Math.exp(-(((alpha - 0.07) / 0.09) ** 2 + ((b + 0.006) / 0.005) ** 2));
  return { height: Math.max(0, h), weight: inside };
}

/** Ear window in |θ| and y: outside it the ear is flat (height 0). */
const THETA_LO = ROOT_ANGLE - 0.12, THETA_HI = ROOT_ANGLE + 0.75;
const Y_LO = CENTRE_Y - HALF_HEIGHT * 1.1, Y_HI = CENTRE_Y + HALF_HEIGHT * 1.1;
/** How far vertices move towards equal spacing along the ear's surface (1: all the way). */
const REMAP_STRENGTH = 0.85;
const TABLES = 96, SAMPLES = 64;

interface RemapTables {
  /** Per column (|θ| on TABLES steps): normalised arc length along y at SAMPLES steps. */
  vertical: Float64Array[];
  /** Per height (y on TABLES steps): normalised arc length along |θ| at SAMPLES steps. */
  horizontal: Float64Array[];
}

let tables: RemapTables | null = null;

function arcTable(height: (t: number) => number, lo: number, hi: number, scale: number): Float64Array {
  const out = new Float64Array(SAMPLES + 1);
  let prev = height(lo);
  for (let i = 1; i <= SAMPLES; i++) {
    const h = height(lo + ((hi - lo) * i) / SAMPLES);
    out[i] = out[i - 1] + Math.hypot(((hi - lo) / SAMPLES) * scale, h - prev);
    prev = h;
  }
  for (let i = 1; i <= SAMPLES; i++) out[i] /= out[SAMPLES];
  return out;
}

function remapTables(): RemapTables {
  if (tables) return tables;
  const vertical: Float64Array[] = [], horizontal: Float64Array[] = [];
  for (let k = 0; k <= TABLES; k++) {
    const theta = THETA_LO + ((THETA_HI - THETA_LO) * k) / TABLES;
    vertical.push(arcTable((y) => earHeight(theta, y).height, Y_LO, Y_HI, 1));
    const y = Y_LO + ((Y_HI - Y_LO) * k) / TABLES;
    horizontal.push(arcTable((t) => earHeight(t, y).height, THETA_LO, THETA_HI, SIDE_RADIUS));
  }
  return (tables = { vertical, horizontal });
}

/** Position in [0, 1] whose normalised arc length (interpolated between two tables) is `f`. */
function invert(a: Float64Array, b: Float64Array, w: number, f: number): number {
  let lo = 0, hi = SAMPLES;
  const at = (i: number): number => a[i] * (1 - w) + b[i] * w;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (at(mid) <= f) lo = mid;
    else hi = mid;
  }
  const f0 = at(lo), f1 = at(hi);
  return (lo + (f1 > f0 ? (f - f0) / (f1 - f0) : 0)) / SAMPLES;
}

function pick(list: Float64Array[], t: number): [Float64Array, Float64Array, number] {
  const x = Math.min(TABLES, Math.max(0, t * TABLES));
  const i = Math.min(TABLES - 1, Math.floor(x));
  return [list[i], list[i + 1], x - i];
}

/**
 * Where a grid vertex at (θ, y) should sample the surface so that the ear gets its share of the
 * vertices: the steep back of the flap and the rims would otherwise fall between rows and columns
 * laid out for the flat side of the head. Moves vertices towards equal spacing along the ear's
 * surface, first down each column, then along each row; identity outside the ear window.
 */
export function earRemap(theta: number, y: number): [number, number] {
  const a = Math.abs(theta);
  if (a <= THETA_LO || a >= THETA_HI || y <= Y_LO || y >= Y_HI) return [theta, y];
  const t = remapTables();
  const fa = (a - THETA_LO) / (THETA_HI - THETA_LO);
  const [v0, v1, wv] = pick(t.vertical, fa);
  const fy = (y - Y_LO) / (Y_HI - Y_LO);
  const fy2 = fy + REMAP_STRENGTH * (invert(v0, v1, wv, fy) - fy);
  const [h0, h1, wh] = pick(t.horizontal, fy2);
  const fa2 = fa + REMAP_STRENGTH * (invert(h0, h1, wh, fa) - fa);
  return [Math.sign(theta) * (THETA_LO + fa2 * (THETA_HI - THETA_LO)), Y_LO + fy2 * (Y_HI - Y_LO)];
}
