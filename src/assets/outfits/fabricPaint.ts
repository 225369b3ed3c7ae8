import { FOOT_TOP_S, type GarmentRecipe, type GarmentZone } from './garmentRecipe.js';

/** One texel of a garment: where it is on the cloth (metres across, x round the body, y along it), how far from a hem, and its zone. */
export interface FabricTexel {
  x: number;
  y: number;
  hem: number;
  zone: GarmentZone;
  /** The body place under the texel (SurfacePlace s and t), for details placed on the body: buttons, pockets, laces. */
  s: number;
  t: number;
  /** On the outline of a detail (a lapel's edge, a collar's fall, a pocket's mouth): a line of shadow and stitching. */
  edge: boolean;
  /** On the torso's front island. */
  front: boolean;
}

export interface FabricOut {
  color: [number, number, number];
  /** Relief in millimetres (the normal map is its slope). */
  height: number;
  roughness: number;
  metallic: number;
  /** Whether `color` recolours this texel: the cloth itself, not its trims, thread, buttons or soles. */
  recolor: boolean;
}

/** Integer hash to [0, 1): the lattice of the value noise below. */
function hash(x: number, y: number): number {
  let h = (Math.imul(x | 0, 374761393) + Math.imul(y | 0, 668265263)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise of cell size `cell` metres, in [0, 1). Written here: a handful of lines, no library's noise is on this layer. */
function noise(x: number, y: number, cell: number): number {
  const u = x / cell, v = y / cell;
  const i = Math.floor(u), j = Math.floor(v);
  const fu = u - i, fv = v - j;
  const su = fu * fu * (3 - 2 * fu), sv = fv * fv * (3 - 2 * fv);
  const a = hash(i, j), b = hash(i + 1, j), c = hash(i, j + 1), d = hash(i + 1, j + 1);
  return a + (b - a) * su + (c - a) * sv + (a - b - c + d) * su * sv;
}

const TAU = 2 * Math.PI;
const mix = (a: [number, number, number], b: [number, number, number], t: number): [number, number, number] =>
  [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const scale = (c: [number, number, number], k: number): [number, number, number] =>
  [Math.min(255, c[0] * k), Math.min(255, c[1] * k), Math.min(255, c[2] * k)];

/** A line of stitches `at` metres from the hem: 3 mm stitches with gaps, sunk into the cloth. */
function stitches(t: FabricTexel, at: number): number {
  const across = Math.abs(t.hem - at);
  if (across > 0.0009) return 0;
  const along = (t.x + t.y) / 0.004;
  return along - Math.floor(along) < 0.7 ? 1 - across / 0.0009 : 0;
}

/**
 * The cloth at one texel, by the garment's fabric: cotton jersey (slubs), knit (wales, ribbed
 * bands), denim (indigo twill with white weft, golden topstitching), canvas (a plain weave),
 * leather (a pebbled grain); shoes' soles in rubber with a ridged sidewall. Hems are turned and
 * topstitched; ribbed bands stand in deeper wales.
 */
export function paintFabric(recipe: GarmentRecipe, t: FabricTexel): FabricOut {
  const base = recipe.color;
  let color: [number, number, number] = base;
  let height = 0, roughness = 0.8;
  const slub = noise(t.x, t.y, 0.004) - 0.5;
  const blotch = noise(t.x + 7, t.y + 3, 0.06) - 0.5;
  switch (recipe.fabric) {
    case 'cotton': {
      color = scale(base, 1 + 0.05 * slub + 0.04 * blotch);
      height = 0.04 * Math.sin((t.x / 0.0012) * TAU) + 0.05 * slub;
      roughness = 0.86;
      break;
    }
    case 'knit': {
      const wale = Math.sin((t.x / 0.0035) * TAU);
      color = scale(base, 1 + 0.06 * wale + 0.04 * slub + 0.03 * blotch);
      height = 0.12 * wale + 0.05 * Math.sin((t.y / 0.0018) * TAU);
      roughness = 0.9;
      break;
    }
    case 'denim': {
      const twill = Math.sin(((t.x + t.y) / 0.0022) * TAU);
      const weft = 0.5 + 0.5 * twill;
      // Fading runs along the legs, in streaks, as worn denim fades.
      const fade = noise(t.x, t.y * 0.15, 0.012);
      color = mix(scale(base, 0.9 + 0.25 * fade + 0.08 * slub), [200, 205, 215], 0.18 * weft * weft);
      height = 0.08 * twill + 0.04 * slub;
      roughness = 0.82;
      break;
    }
    case 'canvas': {
      const weave = Math.sin((t.x / 0.0016) * TAU) * Math.sin((t.y / 0.0016) * TAU);
      color = scale(base, 1 + 0.04 * weave + 0.03 * slub);
      height = 0.06 * weave;
      roughness = 0.84;
      break;
    }
    case 'leather': {
      const grain = noise(t.x, t.y, 0.0012) + 0.5 * noise(t.x, t.y, 0.0005);
      color = scale(base, 0.92 + 0.12 * grain + 0.08 * blotch);
      height = -0.1 * grain;
      roughness = 0.5 + 0.12 * grain;
      break;
    }
    case 'wool': {
      // Suiting: a fine herringbone twill, its rows turning every 6 mm.
      const turn = Math.floor(t.y / 0.006) % 2 === 0 ? 1 : -1;
      const twill = Math.sin(((t.x * turn + t.y) / 0.0016) * TAU);
      const fleck = noise(t.x, t.y, 0.0009) - 0.5;
      color = scale(base, 1 + 0.05 * twill + 0.06 * fleck + 0.03 * blotch);
      height = 0.05 * twill + 0.03 * fleck;
      roughness = 0.88;
      break;
    }
    case 'nylon': {
      // A smooth shell: a faint ripstop grid and a soft sheen.
      const grid = Math.max(Math.abs(Math.sin((t.x / 0.005) * Math.PI)), Math.abs(Math.sin((t.y / 0.005) * Math.PI))) > 0.985 ? 1 : 0;
      color = scale(base, 1 + 0.04 * blotch - 0.05 * grid);
      height = 0.03 * grid + 0.02 * slub;
      roughness = 0.55;
      break;
    }
  }
  let recolor = true;
  if (t.zone === 'rib') {
    const rib = Math.sin((t.x / 0.003) * TAU);
    color = scale(color, 0.94 + 0.06 * rib);
    height = 0.25 * rib;
  } else if (t.zone === 'band') {
    color = recipe.slot === 'shoes' ? mix(color, recipe.accent, 0.85) : scale(color, 0.96);
    height += 0.05;
  } else if (t.zone === 'sole') {
    const ridge = Math.sin((t.y / 0.004) * TAU);
    // Rubber: gum-dark under leather boots, off-white under canvas.
    const rubber: [number, number, number] = recipe.rubber ?? (recipe.fabric === 'leather' ? [44, 36, 32] : [238, 236, 228]);
    color = scale(rubber, 0.97 + 0.03 * ridge + 0.02 * slub);
    height = 0.2 * ridge;
    roughness = 0.9;
    recolor = false;
  } else if (t.zone === 'collar' || t.zone === 'lapel') {
    // A turned-down fold: a shade darker (it lies at another angle to the weave), its edge rolled;
    // a knit's collar in rib.
    color = scale(color, 0.93);
    height += 0.08;
    if (recipe.fabric === 'knit') { const rib = Math.sin((t.x / 0.0025) * TAU); color = scale(color, 0.95 + 0.05 * rib); height = 0.2 * rib; }
  } else if (t.zone === 'pocket') {
    color = scale(color, 0.97);
    height += 0.05;
  } else if (t.zone === 'inset') {
    // Inside a suit jacket's V: a white shirt and a tie.
    const tieHalf = 0.28 + 0.12 * smoothRows(t.t, 26, 36);
    const tie = Math.abs(t.s - 8) < tieHalf;
    if (tie) {
      const stripe = Math.sin(((t.x - t.y) / 0.006) * TAU) > 0.6;
      color = stripe ? mix(recipe.accent, [230, 220, 200], 0.4) : recipe.accent;
      height = 0.08 + 0.03 * Math.sin(((t.x - t.y) / 0.0015) * TAU);
      roughness = 0.45;
    } else {
      color = scale([236, 238, 240], 1 + 0.02 * slub);
      height = 0.03 * Math.sin((t.x / 0.0012) * TAU);
      roughness = 0.8;
    }
    recolor = false;
  } else if (t.zone === 'lace') {
    const lacing = laced(t.s, t.t);
    if (lacing.part === 'lace') {
      color = recipe.fabric === 'leather' ? scale(recipe.color, 0.5) : [240, 238, 232];
      height = 0.2 + 0.3 * lacing.rise;
      roughness = 0.75;
      recolor = false;
    } else if (lacing.part === 'eyelet') {
      // A metal ring round a dark hole: gunmetal on leather, nickel on canvas.
      color = lacing.rise < 0 ? [24, 22, 20] : recipe.fabric === 'leather' ? [78, 76, 74] : [150, 146, 138];
      height = lacing.rise < 0 ? -0.3 : 0.25;
      roughness = 0.35;
      recolor = false;
    } else if (lacing.part === 'tongue') {
      color = scale(color, 0.86);
      height = -0.1;
    }
  } else if (t.zone === 'strap') {
    height += 0.1 * Math.exp(-(((t.hem - 0.004) / 0.003) ** 2));
  }
  if (t.zone === 'trim' && recipe.slot === 'shoes') { color = mix(color, recipe.accent, 0.85); recolor = false; }
  if (t.edge) { color = scale(color, 0.72); height -= 0.15; }
  const details = recipe.details ?? {};
  if (t.zone === 'placket') {
    // The placket's two edges stitched; buttons down it, or a zip's teeth.
    const edge = Math.abs(Math.abs(t.s - 8) - 0.38) < 0.04;
    if (edge) { height -= 0.08; color = scale(color, 0.9); }
    if (details.zip && Math.abs(t.s - 8) < 0.09) {
      const tooth = (t.y / 0.0025) % 1 < 0.55;
      color = tooth ? [168, 170, 174] : [40, 40, 44];
      height = tooth ? 0.3 : 0;
      recolor = false;
      return { color, height, roughness: tooth ? 0.35 : 0.7, metallic: tooth ? 1 : 0, recolor };
    }
  }
  if (details.buttons && (t.zone === 'placket' || t.zone === 'lapel' || t.zone === 'inset')) {
    // Buttons: discs 5.5 mm across, evenly up the placket from its lowest row.
    for (let k = 0; k < details.buttons; k++) {
      const row = buttonRow(recipe, k, details.buttons);
      const d = Math.hypot((t.s - 8) * 3.1, (t.t - row) * 1.3);
      if (d < 0.6) {
        const holes = [[-0.12, -0.12], [0.12, -0.12], [-0.12, 0.12], [0.12, 0.12]].some(([a, b]) => Math.hypot((t.s - 8) * 3.1 - a, (t.t - row) * 1.3 - b) < 0.07);
        color = holes ? [30, 30, 30] : scale(recipe.buttonColor ?? recipe.accent, 0.9 + 0.2 * (1 - d / 0.6));
        height = holes ? 0 : 0.5 * Math.sqrt(Math.max(0, 1 - (d / 0.6) ** 2));
        return { color, height, roughness: 0.3, metallic: 0, recolor: false };
      }
    }
  }
  if (details.drawstrings && t.front) {
    // Two cords from the neckline, ending in metal tips.
    for (const x of [8 - 0.7, 8 + 0.7]) {
      const across = Math.abs(t.s - x) * 3.1;
      if (across < 0.22 && t.t > 30.5 && t.t < 38) {
        const tip = t.t < 31.6;
        color = tip ? [170, 170, 176] : [236, 234, 228];
        height = 0.4 * Math.sqrt(1 - (across / 0.22) ** 2);
        return { color, height, roughness: tip ? 0.3 : 0.8, metallic: tip ? 1 : 0, recolor: false };
      }
    }
  }
  if (t.zone !== 'sole') {
    // The turned hem: a fold line at its edge and two rows of topstitching.
    const thread: [number, number, number] = recipe.fabric === 'denim' ? [200, 150, 70] : scale(recipe.color, 0.85);
    const s = Math.max(stitches(t, 0.006), recipe.zone === undefined ? 0 : stitches(t, 0.0095) * (recipe.slot === 'shoes' ? 1 : 0.8));
    if (s > 0) { color = mix(color, thread, 0.85 * s); height -= 0.1 * s; if (s > 0.3) recolor = false; }
    if (t.hem < 0.012) height += 0.15 * Math.exp(-(((t.hem - 0.003) / 0.003) ** 2));
  }
  return { color, height, roughness, metallic: 0, recolor };
}

function smoothRows(x: number, a: number, b: number): number {
  const k = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return k * k * (3 - 2 * k);
}

/** The torso row of button `k` of `n`: a placket's buttons from just above its lowest row to under the collar. */
function buttonRow(recipe: GarmentRecipe, k: number, n: number): number {
  const [low, high] = recipe.buttonRows ?? [8, 38];
  return n === 1 ? low : low + ((high - low) * k) / (n - 1);
}

/** Eyelet pairs per row of the body's foot grid, and half the distance between the two eyelet rows (columns). */
const EYELETS_PER_ROW = 0.8, EYESTAY = 1.15;

/**
 * A shoe's throat over the instep (the `lace` zone, 1.6 columns either side of FOOT_TOP_S): the tongue between two
 * eyestays, each with a row of eyelets, and a lace straight across from each eyelet to its pair
 * (bar lacing: at a texture's few texels a lace, crossed ones read as a lattice). `rise`: across a
 * lace, 0 at its edges to 1 on its crown; on an eyelet, −1 in its hole.
 */
function laced(s: number, t: number): { part: 'lace' | 'eyelet' | 'tongue' | 'eyestay'; rise: number } {
  const u = (s - FOOT_TOP_S) / EYESTAY, v = t * EYELETS_PER_ROW;
  // Eyelets at u = ±1, v = k + ½: distance in columns (a row's and a column's cloth are about as long).
  const across = (v - Math.floor(v) - 0.5) / EYELETS_PER_ROW;
  const eyelet = Math.hypot((Math.abs(u) - 1) * EYESTAY, across);
  if (eyelet < 0.3) return { part: 'eyelet', rise: eyelet < 0.15 ? -1 : 1 };
  if (Math.abs(u) >= 1) return { part: 'eyestay', rise: 0 };
  const width = 0.17;
  if (Math.abs(across) < width) return { part: 'lace', rise: Math.cos((across / width) * Math.PI / 2) };
  return { part: 'tongue', rise: 0 };
}
