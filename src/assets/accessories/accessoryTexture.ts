import type { Image } from '../../core/image.js';
import { valueNoise } from '../../core/valueNoise.js';
import type { Finish, Rgb } from '../../library/accessories/accessoryLibrary.js';
import type { UvRect } from './partBuilder.js';
import { normalFromHeight } from '../../texture/maps/normalFromHeight.js';

/** One rectangle of an accessory's texture and what it is made of. */
export interface TextureRegion {
  rect: UvRect;
  finish: Finish;
  /** The physical size the rectangle spans, metres along u and along v: sets the scale of weaves and grain. */
  size: readonly [number, number];
  /** Seams across u at these fractions of the rectangle (a cap's panels), stitched on both sides. */
  seams?: readonly number[];
  /** Rows of stitching along u at these fractions of v (a visor's, a brim's). */
  stitches?: readonly number[];
}

/** An accessory's maps, as persona textures are made from them (pipelines/exports/personaTextures.ts). */
export interface AccessoryMaps {
  color: Image;
  normal: Image;
  roughness: Image;
  metallic: Image;
}

interface Texel { color: [number, number, number]; height: number; roughness: number; metallic: number }

const shade = (c: Rgb, k: number): [number, number, number] => [Math.min(255, c[0] * k), Math.min(255, c[1] * k), Math.min(255, c[2] * k)];
const mix = (a: Rgb, b: Rgb, t: number): [number, number, number] => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const fbm = (x: number, y: number, cell: number, seed: number) => 0.55 * valueNoise(x, y, cell, seed) + 0.3 * valueNoise(x, y, cell / 2.3, seed + 1) + 0.15 * valueNoise(x, y, cell / 5.1, seed + 2);

/** What a finish looks like at (x, y) metres into its rectangle. */
function paint(region: TextureRegion, x: number, y: number, out: Texel): void {
  const f = region.finish;
  out.metallic = 0;
  out.height = 0;
  switch (f.kind) {
    case 'acetate': {
      if (f.pattern === 'tortoise') {
        // Tortoiseshell: dark blotches in amber, stretched along the part.
        const b = fbm(x * 0.4, y, 0.004, 7);
        const t = Math.min(1, Math.max(0, (b - 0.34) * 3));
        out.color = mix([150, 90, 38], shade(f.color, 0.3), t);
        out.color = mix(out.color, [28, 12, 6], Math.min(1, Math.max(0, (b - 0.62) * 3)));
      } else {
        out.color = shade(f.color, 0.96 + 0.08 * valueNoise(x, y, 0.01, 3));
      }
      out.roughness = 0.14;
      return;
    }
    case 'metal': {
      const streak = f.brushed ? valueNoise(x * 0.05, y * 40, 0.0008, 5) : 0;
      out.color = shade(f.color, 0.97 + 0.06 * streak);
      out.roughness = f.brushed ? 0.32 + 0.1 * streak : 0.16;
      out.metallic = 1;
      out.height = f.brushed ? 0.004 * streak : 0;
      return;
    }
    case 'pad':
      out.color = shade(f.color, 1);
      out.roughness = 0.35;
      return;
    case 'pearl': {
      const lustre = valueNoise(x, y, 0.002, 11);
      out.color = mix(f.color, [236, 214, 222], 0.35 * lustre);
      out.roughness = 0.2;
      return;
    }
    case 'gem':
      out.color = shade(f.color, 0.9 + 0.2 * valueNoise(x, y, 0.0008, 13));
      out.roughness = 0.04;
      return;
    case 'velvet':
      out.color = shade(f.color, 0.85 + 0.3 * fbm(x, y, 0.002, 17));
      out.roughness = 0.95;
      out.height = 0.02 * valueNoise(x, y, 0.0004, 19);
      return;
    case 'felt': {
      const n = fbm(x, y, 0.0025, 23);
      out.color = shade(f.color, 0.88 + 0.22 * n);
      out.roughness = 0.92;
      out.height = 0.05 * valueNoise(x, y, 0.0003, 29);
      return;
    }
    case 'grosgrain': {
      const rib = 0.5 + 0.5 * Math.cos((2 * Math.PI * y) / 0.0008);
      out.color = shade(f.color, 0.85 + 0.2 * rib);
      out.roughness = 0.55;
      out.height = 0.06 * rib;
      return;
    }
    case 'knit': {
      // Rib knit: columns of V stitches (knit) between sunken purl wales, 5 mm apart.
      const wale = 0.005, course = 0.0035;
      const u = ((x % wale) + wale) % wale / wale, v = ((y % course) + course) % course / course;
      const inRib = Math.abs(u - 0.35) < 0.3;
      const leg = inRib ? 1 - Math.abs(Math.abs(u - 0.35) / 0.3 - (0.55 - 0.45 * v)) * 2.2 : 0;
      const h = inRib ? 0.35 + 0.45 * Math.max(0, leg) : 0.02;
      const fuzz = valueNoise(x, y, 0.0004, 31);
      out.color = shade(f.color, 0.62 + 0.5 * h + 0.1 * fuzz);
      out.roughness = 0.95;
      out.height = 0.8 * h + 0.05 * fuzz;
      return;
    }
    case 'leather': {
      // Pebbled grain: a fine cellular relief, darker in its creases; a row of saddle stitches along each edge.
      const grain = fbm(x, y, 0.0007, 41), crease = Math.max(0, 0.45 - grain) * 2;
      out.color = shade(f.color, 0.86 + 0.22 * grain - 0.18 * crease);
      out.roughness = 0.58 + 0.15 * crease;
      out.height = 0.05 * grain;
      stitched(region, x, y, out, 0.0032, 0.0022);
      return;
    }
    case 'rubber':
      out.color = shade(f.color, 0.95 + 0.08 * valueNoise(x, y, 0.002, 43));
      out.roughness = 0.72;
      out.height = 0.01 * valueNoise(x, y, 0.0003, 47);
      return;
    case 'dial': {
      // A sunray dial: hour batons (doubled at twelve), a minute track and hands at ten past ten.
      // Twelve o'clock is the region's top (v0); the region is the dial's square.
      const R = region.size[0] / 2, dx = x - R, dy = y - R, r = Math.hypot(dx, dy);
      const a = Math.atan2(dx, -dy);
      const ray = valueNoise(a * 0.05, r * 0.2, 0.0006, 53);
      out.color = shade(f.color, 0.9 + 0.16 * ray + 0.06 * Math.cos(2 * a));
      out.roughness = 0.3;
      const across = (angle: number) => Math.abs(dx * Math.cos(angle) + dy * Math.sin(angle));
      const along = (angle: number) => dx * Math.sin(angle) - dy * Math.cos(angle);
      let mark = 0;
      for (let h = 0; h < 12 && !mark; h++) {
        const t = (h * Math.PI) / 6, l = along(t);
        const half = h === 0 ? 0.075 * R : 0.035 * R, off = h === 0 ? 0.06 * R : 0;
        if (l > 0.66 * R && l < 0.86 * R && (Math.abs(across(t) - off) < half * (h === 0 ? 0.5 : 1))) mark = 1;
      }
      if (!mark && r > 0.9 * R && r < 0.96 * R) {
        const minute = ((a / (2 * Math.PI)) * 60 + 60.5) % 1;
        if (Math.abs(minute - 0.5) < 0.09 * (R / r)) mark = 0.8;
      }
      // Hour hand at 10:10 (305°), minute hand at 60°, tapering, and the cap they turn on.
      for (const [t, len, w] of [[(305 * Math.PI) / 180, 0.5, 0.06], [(60 * Math.PI) / 180, 0.8, 0.045]] as const) {
        const l = along(t);
        if (l > -0.12 * R && l < len * R && across(t) < w * R * (1 - 0.6 * Math.max(0, l) / (len * R))) mark = 1;
      }
      if (r < 0.07 * R) mark = 1;
      if (mark) {
        out.color = mix(out.color, f.marks, mark);
        out.roughness = 0.2;
        out.height = 0.05 * mark;
      }
      return;
    }
    case 'twill': {
      // A 2/1 twill: diagonal wales 0.9 mm apart.
      const d = (x + y) / 0.0009;
      const wale = 0.5 + 0.5 * Math.sin(2 * Math.PI * d);
      out.color = shade(f.color, 0.88 + 0.14 * wale + 0.06 * valueNoise(x, y, 0.003, 37));
      out.roughness = 0.82;
      out.height = 0.04 * wale;
      const [w, h] = region.size;
      for (const s of region.seams ?? []) {
        const dist = Math.abs(x - s * w);
        if (dist < 0.0025) {
          // A sunken seam with a row of stitches either side.
          out.height -= 0.25 * Math.max(0, 1 - dist / 0.0012);
          const stitch = Math.abs(dist - 0.0018) < 0.00035 && (y % 0.003) < 0.002;
          if (stitch) { out.height += 0.12; out.color = shade(out.color, 1.12); }
          out.color = shade(out.color, 1 - 0.25 * Math.max(0, 1 - dist / 0.0012));
        }
      }
      stitched(region, x, y, out, 0.003, 0.002);
      return;
    }
  }
}

/** Rows of stitches along u at the region's `stitches` (fractions of v): dashes `dash` long every `pitch` metres, raised and lighter. */
function stitched(region: TextureRegion, x: number, y: number, out: Texel, pitch: number, dash: number): void {
  for (const s of region.stitches ?? []) {
    const dist = Math.abs(y - s * region.size[1]);
    if (dist < 0.00035 && (x % pitch) < dash) { out.height += 0.12; out.color = shade(out.color, 1.14); }
  }
}

/**
 * An accessory's Color, Normal (tangent space, glTF's +Y up), Roughness and metallic maps, `side`
 * texels square, each region painted with its finish at its physical scale (so a knit's stitches
 * and a twill's wales are the same size on every part). Texels outside every region are grey.
 *
 * ```ts
 * const maps = accessoryTexture([{ rect: [0, 0, 1, 1], finish: { kind: 'knit', color: [150, 38, 34] }, size: [0.58, 0.2] }], 1024);
 * ```
 */
export function accessoryTexture(regions: readonly TextureRegion[], side: number): AccessoryMaps {
  const n = side * side;
  const color = new Uint8Array(n * 3).fill(128), rough = new Uint8Array(n).fill(200), metal = new Uint8Array(n), height = new Float32Array(n);
  const texelMetres = new Float32Array(n).fill(1e-4);
  const out: Texel = { color: [0, 0, 0], height: 0, roughness: 0, metallic: 0 };
  // Each region is painted a few texels past its edges, so that filtering and mipmaps at a part's
  // UV border find its own finish and not the grey between regions.
  const margin = Math.max(2, Math.round(side / 128));
  for (const region of regions) {
    const [u0, v0, u1, v1] = region.rect;
    const x0 = Math.floor(u0 * side), x1 = Math.ceil(u1 * side), y0 = Math.floor(v0 * side), y1 = Math.ceil(v1 * side);
    const mx = region.size[0] / Math.max(1, x1 - x0), my = region.size[1] / Math.max(1, y1 - y0);
    for (let y = Math.max(0, y0 - margin); y < Math.min(side, y1 + margin); y++) {
      for (let x = Math.max(0, x0 - margin); x < Math.min(side, x1 + margin); x++) {
        const i = y * side + x;
        paint(region, (x - x0 + 0.5) * mx, (y - y0 + 0.5) * my, out);
        color[i * 3] = out.color[0]; color[i * 3 + 1] = out.color[1]; color[i * 3 + 2] = out.color[2];
        rough[i] = Math.round(out.roughness * 255); metal[i] = Math.round(out.metallic * 255);
        height[i] = out.height; texelMetres[i] = (mx + my) / 2;
      }
    }
  }
  // Heights are painted in millimetres.
  for (let i = 0; i < n; i++) height[i] /= 1000;
  const normal = normalFromHeight(height, side, texelMetres);
  return {
    color: { width: side, height: side, channels: 3, data: color },
    normal,
    roughness: { width: side, height: side, channels: 1, data: rough },
    metallic: { width: side, height: side, channels: 1, data: metal },
  };
}

/**
 * A lens' Color: its tint, with alpha running from `top` at the lens' top to `bottom` at its
 * bottom (the lens' UVs span the image), for glTF's alpha blending.
 */
export function lensTexture(tint: { color: Rgb; top: number; bottom: number }, side = 64): Image {
  const data = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y++) {
    const t = y / (side - 1);
    const a = tint.top + (tint.bottom - tint.top) * (t * t * (3 - 2 * t));
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 4;
      data[i] = tint.color[0]; data[i + 1] = tint.color[1]; data[i + 2] = tint.color[2]; data[i + 3] = Math.round(a * 255);
    }
  }
  return { width: side, height: side, channels: 4, data };
}
