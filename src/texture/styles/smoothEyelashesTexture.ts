import { boxBlur } from '../filters/boxBlur.js';
import { checkLayout, type FaceLayout } from '../layout/faceLayout.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';
import { boxSize, maskAt } from '../layout/polygonMask.js';

/** Options of {@link smoothEyelashesTexture}. */
export interface SmoothEyelashesTextureOptions {
  /** Blur radius (≈ σ of the Gaussian), as a fraction of the eye's width: a lash is a few per cent of it. */
  radius?: number;
}

export const SMOOTH_EYELASHES_TEXTURE_DEFAULTS: Required<SmoothEyelashesTextureOptions> = {
  radius: 0.04,
};

/**
 * The `smooth_eyelashes_texture`: the texture with the eyelash band around both eye openings (see
 * {@link FaceLayout.eyelashes}) blurred, so single lashes become a soft lash line, for heads that get
 * eyelashes of their own. The blur is normalised over the skin only: the eye openings are left out
 * of it, so the white of the eye does not bleed into the lids. Outside the band nothing changes.
 *
 * ```ts
 * const smoothLashes = smoothEyelashesTexture(texture, layout);
 * ```
 */
export function smoothEyelashesTexture(texture: RgbImage, layout: FaceLayout, options: SmoothEyelashesTextureOptions = {}): RgbImage {
  const o = { ...SMOOTH_EYELASHES_TEXTURE_DEFAULTS, ...options };
  checkRgbImage(texture);
  checkLayout(texture, layout);
  const { width, height, data } = texture;
  const out = data.slice();
  const band = layout.eyelashes;
  const eyeWidth = Math.max(...layout.eyes.map(({ opening }) => Math.hypot(opening[0] - opening[opening.length / 2], opening[1] - opening[opening.length / 2 + 1])));
  const radius = Math.max(1, Math.round(o.radius * eyeWidth));
  // The blur reads 3 radii around the band (three box passes).
  const grow = 3 * radius;
  const box = { x0: Math.max(0, band.box.x0 - grow), y0: Math.max(0, band.box.y0 - grow), x1: Math.min(width - 1, band.box.x1 + grow), y1: Math.min(height - 1, band.box.y1 + grow) };
  const { width: bw, height: bh } = boxSize(box);
  const sums = new Float32Array(bw * bh * 4);
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const skin = 1 - Math.max(maskAt(layout.eyes[0].mask, x, y), maskAt(layout.eyes[1].mask, x, y)) / 255;
      const k = ((y - box.y0) * bw + (x - box.x0)) * 4, t = (y * width + x) * 3;
      sums[k] = data[t] * skin; sums[k + 1] = data[t + 1] * skin; sums[k + 2] = data[t + 2] * skin; sums[k + 3] = skin;
    }
  }
  boxBlur(sums, bw, bh, 4, radius);
  const bandWidth = boxSize(band.box).width;
  for (let y = band.box.y0; y <= band.box.y1; y++) {
    for (let x = band.box.x0; x <= band.box.x1; x++) {
      const a = band.data[(y - band.box.y0) * bandWidth + (x - band.box.x0)] / 255;
      const k = ((y - box.y0) * bw + (x - box.x0)) * 4;
      if (a === 0 || sums[k + 3] < 1e-3) continue;
      const t = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) out[t + c] = Math.round(data[t + c] + (sums[k + c] / sums[k + 3] - data[t + c]) * a);
    }
  }
  return { width, height, channels: 3, data: out };
}
