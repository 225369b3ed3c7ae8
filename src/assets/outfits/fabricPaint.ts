import type { GarmentRecipe, GarmentZone } from './garmentRecipe.js';

/** One texel of a garment: where it is on the cloth (metres across, x round the body, y along it), how far from a hem, and its zone. */
export interface FabricTexel {
  x: number;
  y: number;
  hem: number;
  zone: GarmentZone;
}

export interface FabricOut {
  color: [number, number, number];
  /** Relief in millimetres (the normal map is its slope). */
  height: number;
  roughness: number;
  metallic: number;
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
  }
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
    const rubber: [number, number, number] = recipe.fabric === 'leather' ? [44, 36, 32] : [238, 236, 228];
    color = scale(rubber, 0.97 + 0.03 * ridge + 0.02 * slub);
    height = 0.2 * ridge;
    roughness = 0.9;
  }
  if (t.zone === 'trim' && recipe.slot === 'shoes') color = mix(color, recipe.accent, 0.85);
  if (t.zone !== 'sole') {
    // The turned hem: a fold line at its edge and two rows of topstitching.
    const thread: [number, number, number] = recipe.fabric === 'denim' ? [200, 150, 70] : scale(recipe.color, 0.85);
    const s = Math.max(stitches(t, 0.006), recipe.zone === undefined ? 0 : stitches(t, 0.0095) * (recipe.slot === 'shoes' ? 1 : 0.8));
    if (s > 0) { color = mix(color, thread, 0.85 * s); height -= 0.1 * s; }
    if (t.hem < 0.012) height += 0.15 * Math.exp(-(((t.hem - 0.003) / 0.003) ** 2));
  }
  return { color, height, roughness, metallic: 0 };
}
