import { decodeChannel, decodeRgba, encodeJpeg, encodePng, readImageInfo, resizeEncoded } from '../../formats/image.js';
import type { SceneImage } from '../../formats/scene.js';
import type { TextureSize } from './types.js';
import { recolorRegion } from '../../texture/index.js';

/**
 * An encoded texture at the requested size. Never upscales: "a larger value gives no quality gain",
 * so each side is at most the source's. Returns the source bytes untouched when no resize is needed.
 */
export async function sizedImage(image: SceneImage, size: TextureSize): Promise<SceneImage> {
  if (size === null || size === undefined) return image;
  const meta = await readImageInfo(image.data);
  const want = typeof size === 'number' ? { width: size, height: size } : size;
  // One number scales the longer side and keeps the aspect (the head texture is 2:1).
  const scale = typeof size === 'number' ? Math.min(1, size / Math.max(meta.width!, meta.height!)) : 1;
  const width = typeof size === 'number' ? Math.round(meta.width! * scale) : Math.min(want.width, meta.width!);
  const height = typeof size === 'number' ? Math.round(meta.height! * scale) : Math.min(want.height, meta.height!);
  if (width === meta.width && height === meta.height) return image;
  const data = await resizeEncoded(image.data, width, height, image.mimeType === 'image/png' ? 'png' : 'jpeg');
  return { ...image, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/**
 * glTF's metallic-roughness texture (roughness in G, metallic in B) from our one-channel maps;
 * a missing map gives the material's constant instead.
 */
export async function metallicRoughnessImage(roughness: Uint8Array | undefined, metallic: Uint8Array | undefined, name: string): Promise<SceneImage | undefined> {
  if (!roughness && !metallic) return undefined;
  const source = (roughness ?? metallic)!;
  const { width, height } = await readImageInfo(source);
  const channel = async (data: Uint8Array | undefined, fill: number): Promise<Buffer> =>
    data ? Buffer.from((await decodeChannel(data, width!, height!)).data) : Buffer.alloc(width! * height!, fill);
  const [g, b] = await Promise.all([channel(roughness, 128), channel(metallic, 0)]);
  const rgb = Buffer.alloc(width! * height! * 3);
  for (let i = 0; i < width! * height!; i++) {
    rgb[i * 3] = 255; // occlusion, unused
    rgb[i * 3 + 1] = g[i];
    rgb[i * 3 + 2] = b[i];
  }
  const data = await encodeJpeg({ width: width!, height: height!, channels: 3, data: rgb }, 90);
  return { name, mimeType: 'image/jpeg', data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/**
 * Recolours a haircut texture (RGBA PNG) as `hair_color` recolours the generated haircut
 * (recolorRegion): the hair, weighted by its alpha, shifts its mean colour to `target`, keeping the
 * strands' light and dark. Alpha is kept.
 */
export async function recolouredHaircut(image: SceneImage, target: [number, number, number]): Promise<SceneImage> {
  const { data, ...info } = await decodeRgba(image.data);
  const n = info.width * info.height;
  const rgb = new Uint8Array(n * 3);
  const alpha = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = data[i * 4 + c];
    alpha[i] = data[i * 4 + 3];
  }
  const recoloured = recolorRegion(
    { width: info.width, height: info.height, channels: 3, data: rgb },
    { width: info.width, height: info.height, channels: 1, data: alpha },
    { red: target[0], green: target[1], blue: target[2] },
  );
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) data[i * 4 + c] = recoloured.data[i * 3 + c];
  const png = await encodePng({ ...info, data });
  return { ...image, data: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) };
}
