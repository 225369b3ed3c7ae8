import type { Rgb } from '../../analysis/types.js';
import type { Mask, RgbImage } from '../../core/image.js';
import { smoothstep } from '../../core/smoothstep.js';
import { circularNoise, polarNoise } from '../../texture/eyes/eyeCanvas.js';
import { EYE_IRIS_ANGLE } from './eyeLayout.js';
import { eyeVeins } from './eyeVeins.js';

/** Options of {@link eyeTexture}. */
export interface EyeTextureOptions {
  /** Mean colour of the iris between pupil and limbus, sRGB 0–255. */
  irisColor?: Rgb;
  /** Colour of the white of the eye where it faces the viewer, sRGB 0–255: a warm off-white. */
  scleraColor?: Rgb;
  /** Pupil radius over iris radius (0.35–0.4 in ordinary light). */
  pupil?: number;
  /** Texture width and height in texels. */
  size?: number;
  /** Seed of the iris's fibres and the sclera's vessels: the same seed, the same texture. */
  seed?: number;
  /** How visible the vessels are: 0 none, 1 faint (a healthy eye), 2 tired. */
  veins?: number;
  /** glTF roughness of the sclera and of the iris (under the cornea, which is the glossy one). */
  roughness?: { sclera: number; iris: number };
}

export const EYE_TEXTURE_DEFAULTS: Required<EyeTextureOptions> = {
  irisColor: { red: 96, green: 70, blue: 45 },
  scleraColor: { red: 236, green: 229, blue: 220 },
  pupil: 0.37,
  size: 1024,
  seed: 1,
  veins: 1,
  roughness: { sclera: 0.35, iris: 0.4 },
};

/** The eyeball's textures in the eye layout, `size`² texels each. */
export interface EyeTextures {
  /** The `Color` texture. */
  color: RgbImage;
  /** Roughness × 255 (glTF's G channel of metallic-roughness; metallic is 0). */
  roughness: Mask;
}

const PUPIL: [number, number, number] = [7, 6, 6];
/** The vessels' colour, sRGB. */
const VESSEL: [number, number, number] = [178, 68, 62];
/** The back of the eyeball, never seen but for a sliver in the corners: the sclera in shade. */
const BACK_SHADE = 0.55;

/**
 * The eyeball's `Color` texture in the eye layout (eyeLayout.ts: the front pole at the centre, angle
 * from the gaze growing outward), with a roughness mask. The sclera is a warm off-white with faint
 * mottling, a few thin red vessels coming in from behind the lids and fading before the limbus,
 * pinker and darker towards the back. The iris, out to {@link EYE_IRIS_ANGLE}, has radial fibres
 * (value noise along the circle, stretched along the radius), crypts in its outer zone, a lighter
 * wavy collarette with a slightly warmer pupillary zone inside it, a dark limbal ring that blurs
 * into the sclera, and a dark ruff around a black pupil. Its texels between pupil and limbus are
 * scaled so that they average `irisColor`. Deterministic for a seed; the corners outside the layout's
 * disc repeat the back's colour, so mipmaps never bleed anything else in.
 *
 * ```ts
 * const { color, roughness } = eyeTexture({ irisColor: analysis.colors.iris, size: 1024, seed: 3 });
 * ```
 */
export function eyeTexture(options: EyeTextureOptions = {}): EyeTextures {
  const o = { ...EYE_TEXTURE_DEFAULTS, ...options, roughness: { ...EYE_TEXTURE_DEFAULTS.roughness, ...options.roughness } };
  const size = o.size;
  if (!(Number.isInteger(size) && size >= 32 && size <= 8192)) throw new RangeError(`eye texture size must be an integer in 32…8192, got ${size}`);
  for (const c of [o.irisColor, o.scleraColor]) {
    for (const v of [c.red, c.green, c.blue]) if (!(v >= 0 && v <= 255)) throw new RangeError(`colour channels must be in 0…255, got ${v}`);
  }
  if (!(o.pupil > 0 && o.pupil < 0.9)) throw new RangeError(`pupil must be in (0, 0.9) of the iris radius, got ${o.pupil}`);
  const veins = o.veins > 0 ? eyeVeins(size, { seed: o.seed }) : null;
  const sclera = [o.scleraColor.red, o.scleraColor.green, o.scleraColor.blue];
  const colour = new Float32Array(size * size * 3);
  // Per texel: how much iris covers it (the limbus is soft), how much pupil, and the iris's own colour.
  const irisCover = new Float32Array(size * size), pupilCover = new Float32Array(size * size);
  const iris = new Float32Array(size * size * 3);
  // What a measurement of the iris would take: everything from the pupil's edge to the limbus, ring and all.
  const inAnnulus = new Uint8Array(size * size);
  const aa = (1.5 * 2 * Math.PI) / size / EYE_IRIS_ANGLE; // a texel and a half, in iris radii
  const degrees = Math.PI / 180;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const k = y * size + x;
      const dx = (x + 0.5) / size - 0.5, dy = 0.5 - (y + 0.5) / size;
      const theta = Math.min(Math.PI, 2 * Math.PI * Math.hypot(dx, dy));
      const a = Math.atan2(dy, dx) / (2 * Math.PI) + 0.5;
      // Sclera: shaded and pinker where it turns away towards the back, mottled, with vessels.
      const back = smoothstep(60 * degrees, 170 * degrees, theta);
      const shade = (1 - (1 - BACK_SHADE) * back) * (0.97 + 0.06 * polarNoise(a * 24, theta * 6, 24, o.seed + 11));
      const pink = 0.22 * smoothstep(40 * degrees, 100 * degrees, theta);
      const vessel = veins ? Math.min(1, 0.38 * o.veins * veins[k]) : 0;
      for (let c = 0; c < 3; c++) {
        const warm = sclera[c] * (1 - pink) + [222, 184, 176][c] * pink;
        colour[k * 3 + c] = (warm * (1 - vessel) + VESSEL[c] * vessel) * shade;
      }
      const r = theta / EYE_IRIS_ANGLE;
      // A thin greyish halo just outside the limbus, where the sclera thins over the ciliary body.
      const halo = 1 - 0.07 * Math.exp(-(((r - 1.08) / 0.07) ** 2));
      for (let c = 0; c < 3; c++) colour[k * 3 + c] *= halo;
      if (r > 1.1) continue;
      irisCover[k] = 1 - smoothstep(0.97, 1.05 + aa, r);
      pupilCover[k] = 1 - smoothstep(o.pupil - aa, o.pupil + aa, r);
      inAnnulus[k] = r >= o.pupil && r < 1 ? 1 : 0;
      irisTexel(iris, k, r, a, o);
    }
  }
  normaliseIris(iris, inAnnulus, o.irisColor);
  const data = new Uint8Array(size * size * 3);
  const rough = new Uint8Array(size * size);
  for (let k = 0; k < size * size; k++) {
    const ai = irisCover[k], ap = pupilCover[k];
    for (let c = 0; c < 3; c++) {
      const inner = iris[k * 3 + c] * (1 - ap) + PUPIL[c] * ap;
      data[k * 3 + c] = Math.max(0, Math.min(255, Math.round(colour[k * 3 + c] * (1 - ai) + inner * ai)));
    }
    rough[k] = Math.round(255 * (o.roughness.sclera * (1 - ai) + o.roughness.iris * ai));
  }
  return { color: { width: size, height: size, channels: 3, data }, roughness: { width: size, height: size, channels: 1, data: rough } };
}

/** The iris at radius r (iris radii) and turn a (0–1 around), before its mean is set: colour × relief. */
function irisTexel(out: Float32Array, k: number, r: number, a: number, o: Required<EyeTextureOptions>): void {
  const seed = o.seed * 101;
  // Fibres: noise around the circle, barely changing along the radius, with a slight twist.
  const fibres = 0.5 * polarNoise(a * 96 + 0.6 * r, r * 5, 96, seed) + 0.3 * polarNoise(a * 220 - 0.9 * r, r * 9, 220, seed + 1)
    + 0.2 * circularNoise(a * 480, 480, seed + 2);
  let relief = 0.62 + 0.76 * fibres;
  // The collarette: a wavy, lighter ring a little past half way; the pupillary zone inside it is warmer.
  const wave = 0.56 + 0.05 * (circularNoise(a * 13, 13, seed + 3) - 0.5) * 2 + 0.015 * (circularNoise(a * 41, 41, seed + 4) - 0.5);
  relief += 0.28 * Math.exp(-(((r - wave) / 0.03) ** 2));
  const inner = 1 - smoothstep(wave - 0.03, wave + 0.03, r);
  // Crypts: dark lacunae in the ciliary zone, between the collarette and the limbus.
  // Two scales of noise, so that they are irregular lacunae rather than the lattice's rounded boxes.
  const lacunae = 0.6 * polarNoise(a * 48, r * 7, 48, seed + 5) + 0.4 * polarNoise(a * 110, r * 13, 110, seed + 6);
  const crypt = smoothstep(0.6, 0.75, lacunae) * smoothstep(wave, wave + 0.06, r) * (1 - smoothstep(0.8, 0.9, r));
  relief *= 1 - 0.35 * crypt;
  // Contraction furrows: faint rings in the outer ciliary zone.
  relief *= 1 - 0.06 * (0.5 + 0.5 * Math.cos(r * Math.PI * 2 * 7)) * smoothstep(0.68, 0.75, r) * (1 - smoothstep(0.9, 0.95, r));
  // The limbal ring darkens the rim and a little beyond; the ruff darkens the pupil's edge.
  relief *= 1 - 0.65 * smoothstep(0.84, 1.0, r);
  relief *= 1 - 0.45 * Math.exp(-(((r - o.pupil - 0.02) / 0.03) ** 2));
  const tint = [1 + 0.18 * inner, 1 + 0.04 * inner, 1 - 0.2 * inner];
  const base = [o.irisColor.red, o.irisColor.green, o.irisColor.blue];
  for (let c = 0; c < 3; c++) out[k * 3 + c] = base[c] * tint[c] * Math.max(0, relief);
}

/** Scales the iris per channel so that its texels in the annulus average `target`. */
function normaliseIris(iris: Float32Array, annulus: Uint8Array, target: Rgb): void {
  const sum = [0, 0, 0];
  let total = 0;
  for (let k = 0; k < annulus.length; k++) {
    if (annulus[k] === 0) continue;
    for (let c = 0; c < 3; c++) sum[c] += iris[k * 3 + c];
    total++;
  }
  if (total === 0) return;
  const goal = [target.red, target.green, target.blue];
  const scale = sum.map((s, c) => (s > 1e-6 ? (goal[c] * total) / s : 1));
  for (let k = 0; k < annulus.length; k++) for (let c = 0; c < 3; c++) iris[k * 3 + c] *= scale[c];
}
