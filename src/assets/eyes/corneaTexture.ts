import type { Image, Mask } from '../../core/image.js';
import { smoothstep } from '../../core/smoothstep.js';
import { eyeDirection, EYE_IRIS_ANGLE } from './eyeLayout.js';

/** Options of {@link corneaTexture}. */
export interface CorneaTextureOptions {
  /** Width and height in texels. */
  size?: number;
  /** Opacity over the iris (the clear cornea), over the limbus and over the white of the eye, 0–1. */
  alpha?: { cornea: number; limbus: number; sclera: number };
  /** glTF roughness of the tear film over the cornea and over the white. */
  roughness?: { cornea: number; sclera: number };
}

export const CORNEA_TEXTURE_DEFAULTS: Required<CorneaTextureOptions> = {
  size: 256,
  alpha: { cornea: 0.05, limbus: 0.2, sclera: 0.12 },
  roughness: { cornea: 0.03, sclera: 0.12 },
};

/** The cornea's maps in the eye layout: `Color` with alpha (RGBA), and roughness × 255. */
export interface CorneaTextures {
  color: Image & { channels: 4 };
  roughness: Mask;
}

/**
 * The `Color` (RGBA) and roughness of `AvatarLeftCornea` / `AvatarRightCornea`, in the eye layout
 * the shell shares with the eyeball (eyeLayout.ts): nearly white and nearly clear over the iris, so
 * the eye shows through and the shell gives only its highlight; a faint grey-blue haze at the limbus,
 * where the clear cornea meets the white and a real eye's edge softens; a little more body over the
 * white (the wet conjunctiva). The tear film is glossiest over the cornea. Deterministic.
 *
 * ```ts
 * const { color, roughness } = corneaTexture({ size: 128 });
 * ```
 */
export function corneaTexture(options: CorneaTextureOptions = {}): CorneaTextures {
  const o = { ...CORNEA_TEXTURE_DEFAULTS, ...options };
  const n = o.size;
  const color = new Uint8Array(n * n * 4), roughness = new Uint8Array(n * n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const { theta } = eyeDirection((x + 0.5) / n, (y + 0.5) / n);
      const white = smoothstep(EYE_IRIS_ANGLE - 0.02, EYE_IRIS_ANGLE + 0.06, theta);
      const ring = Math.exp(-(((theta - EYE_IRIS_ANGLE) / 0.04) ** 2));
      const alpha = o.alpha.cornea * (1 - white) + o.alpha.sclera * white + (o.alpha.limbus - o.alpha.cornea) * ring;
      const i = y * n + x;
      color[i * 4] = Math.round(250 - 22 * ring - 4 * white);
      color[i * 4 + 1] = Math.round(251 - 16 * ring - 8 * white);
      color[i * 4 + 2] = Math.round(253 - 8 * ring - 12 * white);
      color[i * 4 + 3] = Math.round(255 * Math.min(1, alpha));
      roughness[i] = Math.round(255 * (o.roughness.cornea * (1 - white) + o.roughness.sclera * white));
    }
  }
  return { color: { width: n, height: n, channels: 4, data: color }, roughness: { width: n, height: n, channels: 1, data: roughness } };
}
