import type { Image, Mask, RgbImage } from '../core/image.js';
import { smoothstep } from '../core/smoothstep.js';
import { toothBoundaries } from './teethArch.js';

/** Options of {@link teethTexture}. */
export interface TeethTextureOptions {
  /** Texels along the arch (u); the height is a quarter of it. */
  width?: number;
  /** The enamel's colour in the middle of a crown, sRGB 0–255. */
  enamel?: [number, number, number];
  /** The gums' colour, sRGB 0–255. */
  gum?: [number, number, number];
  /** glTF roughness of wet enamel and of the gums. */
  roughness?: { enamel: number; gum: number };
}

export const TEETH_TEXTURE_DEFAULTS: Required<TeethTextureOptions> = {
  width: 1024,
  enamel: [234, 228, 212],
  gum: [190, 98, 100],
  roughness: { enamel: 0.22, gum: 0.38 },
};

/** The teeth's textures in the arches' UVs (teethArch.ts): u along the arch, v from the biting edge (0) to the gum (1). */
export interface TeethTextures {
  color: RgbImage;
  /** Tangent space, glTF's convention (+X right, +Y up the image). */
  normal: RgbImage;
  /** Roughness × 255. */
  roughness: Mask;
}

/**
 * The `Color`, `Normal` and `Roughness` of persona_2.0's teeth, painted in the arches' UVs, the
 * same for the upper and the lower arch: enamel warmer towards the gum and greyer, a little
 * translucent, at the biting edge; the gums over the crowns' roots with their scalloped line, the
 * papillae reaching down between the teeth; a dark gap where two teeth meet, deepest at the gum and
 * at the edge (the embrasures). The normal map rounds each crown across its width and sinks the
 * gaps, so the teeth read as teeth even where the mesh is too coarse to notch them (LOD2). The
 * canines are a shade yellower and the molars duller, as in a mouth. Deterministic.
 *
 * ```ts
 * const { color, normal, roughness } = teethTexture({ width: 512 });
 * ```
 */
export function teethTexture(options: TeethTextureOptions = {}): TeethTextures {
  const o = { ...TEETH_TEXTURE_DEFAULTS, ...options };
  const width = o.width, height = Math.max(4, Math.round(width / 4));
  const bounds = [0, ...toothBoundaries(), 1];
  const color = new Uint8Array(width * height * 3), rough = new Uint8Array(width * height), relief = new Float32Array(width * height);
  for (let x = 0; x < width; x++) {
    const u = (x + 0.5) / width;
    let tooth = 0;
    while (tooth + 2 < bounds.length && bounds[tooth + 1] <= u) tooth++;
    const [a, b] = [bounds[tooth], bounds[tooth + 1]];
    // Across the crown: −1 at one neighbour, 0 in the middle, 1 at the other.
    const across = (2 * (u - a)) / (b - a) - 1;
    const gapTexels = Math.min(u - a, b - u) * width;
    // Seven teeth a side from the middle (u = 0.5): 0, 1 incisors, 2 the canine, 3, 4 premolars, 5, 6 molars.
    const rank = Math.abs(tooth - 6.5) - 0.5;
    const tint = rank === 2 ? [4, 2, -8] : rank >= 5 ? [-10, -12, -14] : [0, 0, 0];
    // The gum line: high over a crown's middle, down between teeth (the papillae).
    const papilla = Math.exp(-(((1 - Math.abs(across)) / 0.35) ** 2));
    const gumLine = 0.84 - 0.14 * papilla;
    for (let y = 0; y < height; y++) {
      const v = (y + 0.5) / height;
      const i = y * width + x;
      const gum = smoothstep(gumLine - 0.02, gumLine + 0.02, v);
      // Enamel: greyer and a little blue at the edge (EDGE), ivory towards the gum (NECK).
      const edge = 1 - smoothstep(0, 0.18, v), neck = smoothstep(0.45, gumLine, v);
      const gapDepth = Math.exp(-((gapTexels / Math.max(1.5, width / 330)) ** 2)) * (0.25 + 0.35 * Math.max(edge, smoothstep(0.5, gumLine, v)));
      const gumShade = 1 - 0.25 * (1 - smoothstep(gumLine, gumLine + 0.06, v));
      for (let k = 0; k < 3; k++) {
        const enamel = o.enamel[k] + tint[k] - edge * EDGE[k] - neck * NECK[k] + mottle(x, y, k);
        const teeth = enamel * (1 - gapDepth) + GAP[k] * gapDepth;
        const gums = (o.gum[k] + mottle(x, y, k + 3)) * gumShade;
        color[i * 3 + k] = clamp(teeth * (1 - gum) + gums * gum);
      }
      rough[i] = clamp(255 * ((o.roughness.enamel + 0.12 * gapDepth) * (1 - gum) + o.roughness.gum * gum));
      // Height: each crown rounded across, the gaps sunk, the gums standing a little proud.
      relief[i] = (1 - gum) * (Math.sqrt(Math.max(0, 1 - across * across)) * 0.6 - gapDepth) + gum * 0.7;
    }
  }
  return { color: image(width, height, 3, color) as RgbImage, normal: normalMap(relief, width, height, 2.5) as RgbImage, roughness: image(width, height, 1, rough) as Mask };
}

/** How much greyer the enamel is at the biting edge, and how much warmer at the neck, per channel. */
const EDGE = [26, 22, 14];
const NECK = [6, 12, 26];
/** The shade between two teeth: a warm dark, the mouth behind them. */
const GAP = [96, 72, 66];

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
const image = (width: number, height: number, channels: number, data: Uint8Array): Image => ({ width, height, channels, data });

/** A faint, fixed speckle (±3 levels) so the enamel and gums are not flat colour. */
function mottle(x: number, y: number, k: number): number {
  let h = (x * 374761393 + y * 668265263 + k * 2147483647) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return (((h ^ (h >>> 16)) & 0xff) / 255 - 0.5) * 6;
}

/** A height field as a tangent-space normal map (glTF: +X right, +Y up the image, +Z out), `strength` texels of height per unit. */
function normalMap(height: Float32Array, width: number, rows: number, strength: number): Image {
  const out = new Uint8Array(width * rows * 3);
  const h = (x: number, y: number) => height[Math.min(rows - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < width; x++) {
      const dx = ((h(x + 1, y) - h(x - 1, y)) / 2) * strength;
      // Up the image is towards row 0.
      const dUp = ((h(x, y - 1) - h(x, y + 1)) / 2) * strength;
      const n = Math.hypot(dx, dUp, 1);
      const i = (y * width + x) * 3;
      out[i] = clamp(((-dx / n) * 0.5 + 0.5) * 255);
      out[i + 1] = clamp(((-dUp / n) * 0.5 + 0.5) * 255);
      out[i + 2] = clamp(((1 / n) * 0.5 + 0.5) * 255);
    }
  }
  return image(width, rows, 3, out);
}
