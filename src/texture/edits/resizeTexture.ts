import { resizeImage, type ResizeKernel } from '../../formats/image.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';

/** Options of {@link resizeTexture}. */
export interface ResizeTextureOptions {
  /** sharp's resampling kernel; lanczos3 keeps detail when shrinking, as the texture LODs do. */
  kernel?: ResizeKernel;
}

export const RESIZE_TEXTURE_DEFAULTS: Required<ResizeTextureOptions> = {
  kernel: 'lanczos3',
};

/**
 * Resamples a texture to `width` × `height` with sharp (e.g. 4096×2048 to a 1024×512 LOD), stretching
 * if the aspect ratio changes: UVs are relative, so the texture stays aligned with the mesh.
 *
 * ```ts
 * const small = await resizeTexture(texture, 1024, 512);
 * ```
 */
export async function resizeTexture(texture: RgbImage, width: number, height: number, options: ResizeTextureOptions = {}): Promise<RgbImage> {
  const o = { ...RESIZE_TEXTURE_DEFAULTS, ...options };
  checkRgbImage(texture);
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    throw new RangeError(`texture size must be positive integers, got ${width}×${height}`);
  }
  const { data } = await resizeImage(texture, width, height, o.kernel);
  return { width, height, channels: 3, data };
}
