import type { ImageInfo } from './imageDecode.js';

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

/** JPEG's start-of-frame markers: every SOFn but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Uint8Array, view: DataView): Pick<ImageInfo, 'width' | 'height'> {
  // Segments after SOI: FF, the marker, a 2-byte length that counts itself; the frame's size is in SOFn.
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return {};
    const marker = bytes[at + 1]!;
    if (marker === 0xff) { at++; continue; }
    if (isStartOfFrame(marker)) return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    if (marker === 0xda || marker === 0xd9) return {};
    at += 2 + view.getUint16(at + 2);
  }
  return {};
}

function webpSize(bytes: Uint8Array, view: DataView): Pick<ImageInfo, 'width' | 'height'> {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: 1 + (view.getUint32(24, true) & 0xffffff), height: 1 + (view.getUint32(26, true) >>> 8) };
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ' && bytes.length >= 30) return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  return {};
}

function tiffSize(bytes: Uint8Array, view: DataView): Pick<ImageInfo, 'width' | 'height'> {
  const little = bytes[0] === 0x49;
  const directory = view.getUint32(4, little);
  // Writers may put the first directory after the pixels (libvips does): then it is not in the bytes seen.
  if (directory + 2 > bytes.length) return {};
  const entries = view.getUint16(directory, little);
  const size: Pick<ImageInfo, 'width' | 'height'> = {};
  for (let i = 0; i < entries; i++) {
    const at = directory + 2 + i * 12;
    if (at + 12 > bytes.length) return {};
    const tag = view.getUint16(at, little);
    if (tag !== 256 && tag !== 257) continue;
    const value = view.getUint16(at + 2, little) === 3 ? view.getUint16(at + 8, little) : view.getUint32(at + 8, little);
    if (tag === 256) size.width = value;
    else size.height = value;
  }
  return size.width && size.height ? size : {};
}

/**
 * The format (sharp's name for it) and, when its header is among them, the size of an image from its
 * first bytes only: what an upload is before the rest of it has arrived. sharp reads JPEG, PNG and
 * HEIF/AVIF headers from a file's beginning, but refuses a beginning of WebP (libwebp checks the RIFF
 * length against the buffer), of GIF (read whole by libnsgif) and of TIFF (whose directory libtiff
 * looks for at any offset): this reads them here. Null when the bytes start no image format we take.
 */
export function sniffImageHeader(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 12) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { format: 'jpeg', ...jpegSize(bytes, view) };
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') {
    return bytes.length >= 24 && ascii(bytes, 12, 4) === 'IHDR' ? { format: 'png', width: view.getUint32(16), height: view.getUint32(20) } : { format: 'png' };
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return { format: 'webp', ...webpSize(bytes, view) };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return { format: 'gif', width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*') return { format: 'tiff', ...tiffSize(bytes, view) };
  // ISO base media files: the brand after `ftyp` says HEIF or AVIF; the size is deep in `meta`, left to sharp.
  if (ascii(bytes, 4, 4) === 'ftyp' && ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis'].includes(ascii(bytes, 8, 4))) return { format: 'heif' };
  return null;
}
