import { srgbToLinear, type Rgb } from './color.js';
import type { Light } from './light.js';
import { normalize, transformDirection, type Mat4 } from './matrix.js';

/** Lights and material response prepared for one mesh, everything in camera space and linear light. */
export interface Lighting {
  ambient: Float64Array;
  /** Per light: unit direction to it (3), linear colour × intensity (3), unit half vector (3). */
  lights: Float64Array;
  count: number;
  /** `specular · x^shininess` for x = i / HIGHLIGHT_STEPS; empty without a highlight. */
  highlight: Float64Array;
}

const STRIDE = 9;
/**
 * Math.pow costs about 100 ns here, more than the rest of a fragment: the highlight curve is tabulated
 * instead, finely enough that the steps (under 1% of a highlight that is itself faint) do not show.
 */
const HIGHLIGHT_STEPS = 1024;
const highlights = new Map<number, Float64Array>();

function highlightTable(shininess: number): Float64Array {
  let table = highlights.get(shininess);
  if (!table) {
    table = new Float64Array(HIGHLIGHT_STEPS + 2);
    for (let i = 0; i <= HIGHLIGHT_STEPS; i++) table[i] = (i / HIGHLIGHT_STEPS) ** shininess;
    // An extra copy of the last entry, for rounding up from just below 1.
    table[HIGHLIGHT_STEPS + 1] = 1;
    if (highlights.size < 64) highlights.set(shininess, table);
  }
  return table;
}

/**
 * Prepares `lights` for shading in camera space. Directions given in world space are turned by the view
 * matrix. The viewer is taken to be infinitely far along +Z (OpenGL's non-local viewer), so that each
 * light's half vector is one constant per render rather than a normalisation per pixel; at a portrait
 * lens's field of view that moves highlights by a few degrees at most.
 */
export function prepareLighting(
  lights: readonly Light[], ambient: number | Rgb, space: 'camera' | 'world', view: Mat4,
  specular: number, shininess: number,
): Lighting {
  const out = new Float64Array(lights.length * STRIDE);
  lights.forEach((light, i) => {
    const d = normalize(space === 'world' ? transformDirection(view, light.direction) : light.direction);
    const h = normalize([d[0], d[1], d[2] + 1]);
    const o = i * STRIDE;
    out.set(Number.isFinite(d[0]) ? d : [0, 0, 1], o);
    for (let k = 0; k < 3; k++) out[o + 3 + k] = srgbToLinear(light.color[k]) * light.intensity;
    out.set(Number.isFinite(h[0]) ? h : [0, 0, 1], o + 6);
  });
  const a = typeof ambient === 'number' ? [ambient, ambient, ambient] : ambient.map(srgbToLinear);
  const highlight = specular > 0 ? highlightTable(shininess).map((x) => x * specular) : new Float64Array(0);
  return { ambient: Float64Array.from(a), lights: out, count: lights.length, highlight };
}

/**
 * Lambert diffuse plus ambient, times the albedo, plus a Blinn–Phong highlight, for a unit normal in
 * camera space. Writes linear RGB to `out`.
 */
export function shade(lighting: Lighting, nx: number, ny: number, nz: number, r: number, g: number, b: number, out: Float64Array): void {
  const { lights, count, highlight, ambient } = lighting;
  const specular = highlight.length > 0;
  let dr = ambient[0], dg = ambient[1], db = ambient[2];
  let sr = 0, sg = 0, sb = 0;
  for (let i = 0, o = 0; i < count; i++, o += STRIDE) {
    const ndl = nx * lights[o] + ny * lights[o + 1] + nz * lights[o + 2];
    if (ndl <= 0) continue;
    const lr = lights[o + 3], lg = lights[o + 4], lb = lights[o + 5];
    dr += ndl * lr; dg += ndl * lg; db += ndl * lb;
    if (specular) {
      const ndh = nx * lights[o + 6] + ny * lights[o + 7] + nz * lights[o + 8];
      if (ndh > 0) {
        const s = highlight[(ndh * HIGHLIGHT_STEPS + 0.5) | 0];
        sr += s * lr; sg += s * lg; sb += s * lb;
      }
    }
  }
  out[0] = r * dr + sr;
  out[1] = g * dg + sg;
  out[2] = b * db + sb;
}
