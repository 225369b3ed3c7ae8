import type { Rgb } from '../../analysis/types.js';
import type { Mask, RgbImage } from '../../core/image.js';
import { spanEnd, spanStart, texelTriangle } from '../../texture/bake/texelTriangle.js';
import { pushPull } from '../../texture/filters/pushPull.js';
import { normalFromHeight } from '../../texture/maps/normalFromHeight.js';
import type { BodyMesh } from './bodyMesh.js';
import { bodyTextureFeatures, FEATURES } from './bodyTextureFeatures.js';
import { texelGrain } from './bodyTextureNoise.js';
import { bodyPainter, toLinear, toSrgb, type TexelPaint } from './bodyTexturePaint.js';

/** Options of {@link bodyTexture}. */
export interface BodyTextureOptions {
  /** The skin's tone, sRGB: the face's measured tone, so the body matches the head. */
  skinTone?: Rgb;
  /** Which underwear: briefs and a bra (female), briefs (male). By default the body's nearer gender. */
  gender?: 'female' | 'male';
  /** Paint the underwear at all (false: bare skin, e.g. under an outfit that covers everything). */
  underwear?: boolean;
  /** Colour of the underwear, sRGB: a neutral light grey until outfits come. */
  underwearColor?: Rgb;
  /** Texture width and height in texels (the atlas is square). */
  size?: number;
  /** Seed of the skin's noise: the same seed, the same texture. */
  seed?: number;
  /** Strength of the normal map's relief (1 = the painted heights as they are). */
  normalStrength?: number;
  /** glTF roughness of skin, palms and soles, nails and fabric. */
  roughness?: { skin: number; palm: number; nail: number; fabric: number };
}

export const BODY_TEXTURE_DEFAULTS: Required<Omit<BodyTextureOptions, 'gender'>> = {
  skinTone: { red: 198, green: 150, blue: 124 },
  underwear: true,
  underwearColor: { red: 178, green: 178, blue: 182 },
  size: 2048,
  seed: 1,
  normalStrength: 1,
  roughness: { skin: 0.55, palm: 0.62, nail: 0.25, fabric: 0.88 },
};

/** A body's textures in its UV atlas, all `size`² texels. */
export interface BodyTextures {
  /** The `model` texture: skin, nails, underwear. */
  model: RgbImage;
  /** Tangent-space normal map (OpenGL / glTF: +y is up the image), from the painted relief. */
  normal: RgbImage;
  /** Roughness × 255. */
  roughness: Mask;
  /** Metallic × 255: 0 everywhere (skin, nails and fabric are dielectrics). */
  metallic: Mask;
  /** Per texel: 0 skin (or gutter), 1 palm or sole, 2 nail, 3 underwear; 255 outside every island. */
  kinds: Mask;
}

/**
 * The body's textures, painted procedurally in its UV atlas: every triangle is rasterised in
 * texture space with its corners' points, normals and part coordinates, and each texel is painted
 * from the point it shows (bodyTexturePaint.ts): skin in the given tone with mottling and grain,
 * lighter palms and soles, darker knuckles, elbows and knees, finger- and toenails, separate toes,
 * navel and areolae, and plain underwear (briefs, and a bra for a female body) with elastic bands
 * and stitches. Relief goes to the normal map, shine to the roughness map. Space between islands is
 * filled by pull-push so mipmaps do not bleed the background in. Deterministic for a seed; no
 * downloaded assets.
 *
 * ```ts
 * const { model, normal, roughness } = bodyTexture(body, { skinTone: analysis.skinColor, size: 2048 });
 * ```
 */
export function bodyTexture(body: BodyMesh, options: BodyTextureOptions = {}): BodyTextures {
  const o = checkedOptions(options);
  const painted = paintLinear(body, o, lin(o.skinTone));
  const n = o.size * o.size;
  const model = new Uint8Array(n * 3);
  for (let p = 0; p < n; p++) for (let k = 0; k < 3; k++) model[p * 3 + k] = toSrgb(painted.filled[p * 5 + k]);
  return { model: { width: o.size, height: o.size, channels: 3, data: model }, ...painted.maps };
}

/**
 * A body's textures with the skin tone left open: everything but the `model` texture, and per texel
 * and channel the linear colour as offset + slope × tone. The paint is affine in the tone (every
 * shade of skin, palm and nail is the tone scaled or mixed with a fixed colour, and pull-push is
 * linear), so painting with a black and a white tone gives both, and {@link bodyTextureToned} then
 * makes any tone's texture in a pass over the texels instead of a paint of every triangle. For a body
 * that many avatars share (persona_2.0's, one per gender and age).
 */
export interface BodyTextureBasis {
  size: number;
  offset: Float32Array;
  slope: Float32Array;
  maps: Omit<BodyTextures, 'model'>;
}

export function bodyTextureBasis(body: BodyMesh, options: Omit<BodyTextureOptions, 'skinTone'> = {}): BodyTextureBasis {
  const o = checkedOptions(options);
  const black = paintLinear(body, o, [0, 0, 0]), white = paintLinear(body, o, [1, 1, 1]);
  const n = o.size * o.size;
  const offset = new Float32Array(n * 3), slope = new Float32Array(n * 3);
  for (let p = 0; p < n; p++) {
    for (let k = 0; k < 3; k++) {
      offset[p * 3 + k] = black.filled[p * 5 + k];
      slope[p * 3 + k] = white.filled[p * 5 + k] - black.filled[p * 5 + k];
    }
  }
  return { size: o.size, offset, slope, maps: black.maps };
}

/** The body's textures in `skinTone` (sRGB), from its {@link bodyTextureBasis}: as {@link bodyTexture} would paint them. */
export function bodyTextureToned(basis: BodyTextureBasis, skinTone: Rgb): BodyTextures {
  checkColor(skinTone);
  const [tr, tg, tb] = lin(skinTone);
  const { size, offset, slope } = basis;
  const n = size * size;
  const model = new Uint8Array(n * 3);
  for (let p = 0, q = 0; p < n; p++, q += 3) {
    model[q] = toSrgb(offset[q] + slope[q] * tr);
    model[q + 1] = toSrgb(offset[q + 1] + slope[q + 1] * tg);
    model[q + 2] = toSrgb(offset[q + 2] + slope[q + 2] * tb);
  }
  return { model: { width: size, height: size, channels: 3, data: model }, ...basis.maps };
}

const lin = (c: Rgb): [number, number, number] => [toLinear(c.red), toLinear(c.green), toLinear(c.blue)];

function checkColor(c: Rgb): void {
  for (const v of [c.red, c.green, c.blue]) if (!(v >= 0 && v <= 255)) throw new RangeError(`colour channels must be in 0…255, got ${v}`);
}

function checkedOptions(options: BodyTextureOptions): Required<Omit<BodyTextureOptions, 'gender'>> & Pick<BodyTextureOptions, 'gender'> {
  const o = { ...BODY_TEXTURE_DEFAULTS, ...options };
  const size = o.size;
  if (!(Number.isInteger(size) && size >= 64 && size <= 8192)) throw new RangeError(`texture size must be an integer in 64…8192, got ${size}`);
  checkColor(o.skinTone);
  checkColor(o.underwearColor);
  return o;
}

/** Every triangle painted in linear colour (`tone` linear), islands filled by pull-push: colour (3), height, roughness per texel; and the maps that do not depend on the tone. */
function paintLinear(
  body: BodyMesh, o: Required<Omit<BodyTextureOptions, 'gender'>> & Pick<BodyTextureOptions, 'gender'>, tone: [number, number, number],
): { filled: Float32Array; maps: Omit<BodyTextures, 'model'> } {
  const size = o.size;
  const gender = o.gender ?? (body.proportions.maleness >= 0.5 ? 'male' : 'female');
  const { features, landmarks } = bodyTextureFeatures(body, o.seed);
  const paint = bodyPainter(landmarks, {
    tone, underwear: lin(o.underwearColor), gender, clothed: o.underwear, seed: o.seed, roughness: o.roughness,
  });

  const n = size * size;
  const grain = texelGrain(size, o.seed);
  // Premultiplied by coverage, for pull-push: colour (3), height, roughness.
  const values = new Float32Array(n * 5);
  const weight = new Float32Array(n);
  const kinds = new Uint8Array(n).fill(255);
  const sample = new Float32Array(FEATURES);
  const out: TexelPaint = { r: 0, g: 0, b: 0, height: 0, roughness: 0, kind: 0 };
  const { uvs, indices } = body.mesh;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    const tri = texelTriangle(uvs!, a, b, c, size, size, 0, 0);
    if (!tri) continue;
    const fa = a * FEATURES, fb = b * FEATURES, fc = c * FEATURES;
    for (let j = tri.j0; j <= tri.j1; j++) {
      const wb0 = tri.b0 + tri.dbj * j, wc0 = tri.c0 + tri.dcj * j, wa0 = 1 - wb0 - wc0;
      const i0 = Math.max(tri.iMin, spanStart(wa0, tri.dai, 0), spanStart(wb0, tri.dbi, 0), spanStart(wc0, tri.dci, 0));
      const i1 = Math.min(tri.iMax, spanEnd(wa0, tri.dai, 0), spanEnd(wb0, tri.dbi, 0), spanEnd(wc0, tri.dci, 0));
      for (let i = i0; i <= i1; i++) {
        const texel = j * size + i;
        if (weight[texel] > 0) continue;
        const wb = wb0 + tri.dbi * i, wc = wc0 + tri.dci * i, wa = 1 - wb - wc;
        for (let k = 0; k < FEATURES; k++) sample[k] = wa * features[fa + k] + wb * features[fb + k] + wc * features[fc + k];
        paint(sample, grain[texel], out);
        const v = texel * 5;
        values[v] = out.r; values[v + 1] = out.g; values[v + 2] = out.b; values[v + 3] = out.height; values[v + 4] = out.roughness;
        weight[texel] = 1;
        kinds[texel] = out.kind;
      }
    }
  }
  const filled = pushPull(values, weight, size, size, 5, [tone[0], tone[1], tone[2], 0, o.roughness.skin]);

  const rough = new Uint8Array(n);
  const height = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    height[p] = filled[p * 5 + 3];
    rough[p] = Math.round(Math.min(1, Math.max(0, filled[p * 5 + 4])) * 255);
  }
  const metresPerTexel = landmarks.metresPerUv / size;
  return {
    filled,
    maps: {
      normal: normalFromHeight(height, size, metresPerTexel, o.normalStrength),
      roughness: { width: size, height: size, channels: 1, data: rough },
      metallic: { width: size, height: size, channels: 1, data: new Uint8Array(n) },
      kinds: { width: size, height: size, channels: 1, data: kinds },
    },
  };
}

