import type { Image, Mask, RgbImage } from '../../../core/image.js';
import type { Haircut } from '../../../library/haircuts/haircut.js';
import { HAIR_BASE_COLOR } from '../library/hairColor.js';
import { paintHaircutAtlas, straightRgba } from './artificialHaircutTexture.js';
import { CAP_DISC, CARD_TILES, cardTile } from './hairAtlas.js';

/**
 * Every map of an artificial haircut, in its atlas's layout (hairAtlas.ts), as engines' hair
 * shaders take them. Grey maps are one channel.
 */
export interface HaircutMaps {
  /** Straight RGBA: the strands in the base colour, alpha their coverage (artificialHaircutTexture). */
  color: Image;
  alpha: Mask;
  /** Ambient occlusion: dark at the roots and on the scalp cap, under the hair's own layers. */
  ao: Mask;
  /** Each strand's depth among its card's strands: 0 in front, 255 at the back (and on the cap). */
  depth: Mask;
  /** Along each strand, 255 at the root down to 0 at the tip; the cap, all roots, is 255. */
  root: Mask;
  /** Tangent-space normals (glTF's convention, +Y up): strands round across, tapering along. */
  normal: RgbImage;
  /** Roughness: glossy strands, rougher where they are darker and on the cap. */
  roughness: Mask;
  /** Each strand's brightness against the base colour (128 = the base), for shaders that vary it. */
  shade: Mask;
  /** A number per strand (1..255, 0 where there is none), neighbours different: for per-strand variation. */
  uniqueId: Mask;
  /** The cap disc alone: the shade the hair casts on the scalp, RGB (black off the disc). */
  scalpShade: RgbImage;
  /** Its coverage. */
  scalpShadeAlpha: Mask;
  /** The scalp's occlusion in RGB and the coverage in A. */
  scalpShadeAoAlpha: Image;
}

/** Roughness of the strands at their brightest and darkest, and of the cap. */
const GLOSSY = 0.32, DULL = 0.55, CAP_ROUGHNESS = 0.62;
/** Occlusion at the root of a card and at its tip, and on the cap. */
const ROOT_AO = 0.55, TIP_AO = 1, CAP_AO = 0.5;

/**
 * The haircut's maps at `size` texels square. Painted once with the texture itself, so that each
 * map lines up with the strands of `color`: which strand covers a texel, how far down its tile it is,
 * and the coverage's own relief.
 *
 * ```ts
 * const { color, normal, roughness } = haircutMaps(haircutByIdentity('bob_chin_sleek')!, 1024);
 * ```
 */
export function haircutMaps(haircut: Haircut, size = 2048): HaircutMaps {
  const n = size * size;
  const layer = { cover: new Float32Array(n), id: new Uint8Array(n), depth: new Uint8Array(n) };
  const rgba = paintHaircutAtlas(haircut, size, layer);
  const color = straightRgba(rgba, size);
  const grey = (): Mask => ({ width: size, height: size, channels: 1, data: new Uint8Array(n) });
  const alpha = grey(), ao = grey(), depth = grey(), root = grey(), roughness = grey(), shade = grey(), uniqueId = grey(), scalpShadeAlpha = grey();
  const scalpShade: RgbImage = { width: size, height: size, channels: 3, data: new Uint8Array(n * 3) };
  const scalpShadeAoAlpha = { width: size, height: size, channels: 4, data: new Uint8Array(n * 4) };
  const baseLuma = luma(HAIR_BASE_COLOR.red, HAIR_BASE_COLOR.green, HAIR_BASE_COLOR.blue);
  // How far down its card tile each row is (0 root, 1 tip), per tile column; NaN outside the tiles.
  const along = alongTiles(size);
  const cx = CAP_DISC.u * size, cy = CAP_DISC.v * size, radius = CAP_DISC.radius * size;
  for (let i = 0; i < n; i++) {
    const x = i % size, y = (i / size) | 0;
    const a = color.data[i * 4 + 3];
    alpha.data[i] = a;
    const bright = luma(color.data[i * 4], color.data[i * 4 + 1], color.data[i * 4 + 2]) / baseLuma;
    shade.data[i] = clamp255(128 * bright);
    const onCap = (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= radius * radius;
    if (onCap) {
      root.data[i] = 255;
      depth.data[i] = 255;
      ao.data[i] = clamp255(255 * CAP_AO);
      roughness.data[i] = clamp255(255 * CAP_ROUGHNESS);
      for (let c = 0; c < 3; c++) scalpShade.data[i * 3 + c] = color.data[i * 4 + c];
      scalpShadeAlpha.data[i] = a;
      for (let c = 0; c < 3; c++) scalpShadeAoAlpha.data[i * 4 + c] = clamp255(255 * CAP_AO);
      scalpShadeAoAlpha.data[i * 4 + 3] = a;
      continue;
    }
    const v = along(x, y);
    if (Number.isNaN(v)) continue;
    root.data[i] = clamp255(255 * (1 - v));
    ao.data[i] = clamp255(255 * (ROOT_AO + (TIP_AO - ROOT_AO) * Math.sqrt(v)));
    depth.data[i] = layer.id[i] ? layer.depth[i] : 255;
    uniqueId.data[i] = layer.cover[i] > 0.2 ? layer.id[i] : 0;
    const t = Math.min(1, Math.max(0, (bright - 0.7) / 0.6));
    roughness.data[i] = clamp255(255 * (DULL + (GLOSSY - DULL) * t));
  }
  return { color, alpha, ao, depth, root, normal: coverageNormals(alpha), roughness, shade, uniqueId, scalpShade, scalpShadeAlpha, scalpShadeAoAlpha };
}

function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

function clamp255(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
}

/** (x, y) → how far down its card tile the texel is, 0..1, or NaN off every tile. */
function alongTiles(size: number): (x: number, y: number) => number {
  const tiles = Array.from({ length: CARD_TILES }, (_, k) => {
    const t = cardTile(k);
    return { x0: t.u0 * size, x1: t.u1 * size, y0: t.v0 * size, y1: t.v1 * size };
  });
  return (x, y) => {
    for (const t of tiles) if (x >= t.x0 && x < t.x1 && y >= t.y0 && y < t.y1) return (y - t.y0) / (t.y1 - t.y0);
    return NaN;
  };
}

/**
 * Tangent-space normals from the strands' coverage taken as height: a strand is round, so its
 * normal leans outwards at its sides; flat (0.5, 0.5, 1) where there is no hair. Central
 * differences of the coverage, blurred once so that a 2-texel strand has a slope.
 */
function coverageNormals(alpha: Mask): RgbImage {
  const { width: w, height: h } = alpha;
  const height = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0, count = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          sum += alpha.data[yy * w + xx];
          count++;
        }
      }
      height[y * w + x] = sum / count / 255;
    }
  }
  // Texels per strand width at 2048 are 2–3: the slope is steep at any size, so the strength is fixed.
  const strength = 2.5;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const at = (xx: number, yy: number) => height[Math.min(h - 1, Math.max(0, yy)) * w + Math.min(w - 1, Math.max(0, xx))];
      const dx = (at(x + 1, y) - at(x - 1, y)) * strength;
      // Image rows run down, glTF's tangent-space +Y up (the texture's v up).
      const dy = (at(x, y - 1) - at(x, y + 1)) * strength;
      const len = Math.hypot(dx, dy, 1);
      const i = (y * w + x) * 3;
      out[i] = clamp255((-dx / len * 0.5 + 0.5) * 255);
      out[i + 1] = clamp255((-dy / len * 0.5 + 0.5) * 255);
      out[i + 2] = clamp255((1 / len * 0.5 + 0.5) * 255);
    }
  }
  return { width: w, height: h, channels: 3, data: out };
}
