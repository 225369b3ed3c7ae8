import type { Mask } from '../../analysis/types.js';
import type { FaceLayout } from '../layout/faceLayout.js';
import { boxSize, type AreaMask } from '../layout/polygonMask.js';

/** Options of {@link roughnessMap}: glTF roughness (0 mirror-like, 1 fully matte) of each part. */
export interface RoughnessMapOptions {
  /** Skin: a thin oily film over a rough surface, a broad soft sheen. */
  skin?: number;
  /** Lips: smoother and moister than skin. */
  lips?: number;
  /** Mouth opening (teeth, tongue, the inside): wet. */
  mouth?: number;
  /** Eye openings: the cornea and the tear film are a near mirror. */
  eyes?: number;
  /** Hair (where `hair` is given): many fine fibres scatter light, so it is the most matte. */
  hairRoughness?: number;
  /** Where the texture shows hair (head_1.2's hair volume; hairTexture's mask), same size. */
  hair?: Mask | null;
}

export const ROUGHNESS_MAP_DEFAULTS: Required<RoughnessMapOptions> = {
  skin: 0.6,
  lips: 0.42,
  mouth: 0.3,
  eyes: 0.08,
  hairRoughness: 0.8,
  hair: null,
};

/**
 * The `roughness_map` additional texture, one channel (roughness × 255) at the layout's texture
 * size: skin everywhere, lips, the mouth opening and the eye openings set apart with the layout's
 * soft edges, so an engine's physically based material gives wet eyes and moist lips a sharper
 * highlight than skin.
 *
 * ```ts
 * const jpeg = await encodeJpeg({ ...roughnessMap(layout), channels: 1 });
 * ```
 */
export function roughnessMap(layout: FaceLayout, options: RoughnessMapOptions = {}): Mask {
  const o = { ...ROUGHNESS_MAP_DEFAULTS, ...options };
  for (const [name, value] of Object.entries(o)) {
    if (name !== 'hair' && !(typeof value === 'number' && value >= 0 && value <= 1)) throw new RangeError(`roughness of ${name} must be in [0, 1], got ${value}`);
  }
  const { width, height } = layout;
  const data = new Uint8Array(width * height).fill(Math.round(o.skin * 255));
  if (o.hair) {
    if (o.hair.width !== width || o.hair.height !== height) throw new RangeError(`the hair mask is ${o.hair.width}×${o.hair.height}, the layout ${width}×${height}`);
    const skin = o.skin * 255, hair = o.hairRoughness * 255, m = o.hair.data;
    for (let i = 0; i < data.length; i++) if (m[i] > 0) data[i] = Math.round(skin + ((hair - skin) * m[i]) / 255);
  }
  const paint = (area: AreaMask, value: number): void => {
    const { box, data: alpha } = area;
    const w = boxSize(box).width, target = value * 255;
    for (let y = box.y0; y <= box.y1; y++) {
      for (let x = box.x0; x <= box.x1; x++) {
        const a = alpha[(y - box.y0) * w + (x - box.x0)] / 255;
        if (a > 0) data[y * width + x] = Math.round(data[y * width + x] + (target - data[y * width + x]) * a);
      }
    }
  };
  paint(layout.lips, o.lips);
  paint(layout.mouth, o.mouth);
  for (const eye of layout.eyes) paint(eye.mask, o.eyes);
  return { width, height, channels: 1, data };
}
