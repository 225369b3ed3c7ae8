import type { Rgba } from './color.js';

/**
 * The buffers of one render, at the supersampled size: per sample a colour, a depth and the number of
 * the triangle seen there. Colours are packed RGBA8 (sRGB, straight alpha) with red in the low byte, as a
 * little-endian Uint8Array view of the same memory reads them.
 */
export interface Target {
  /** Size in samples: the frame's size times `factor`. */
  width: number;
  height: number;
  /** Samples per pixel along each axis. */
  factor: number;
  color: Uint32Array;
  /** NDC depth of the nearest opaque sample so far: −1 at the near plane, 1 (the clear value) at the far plane. */
  depth: Float32Array;
  /** Triangle number (see `TriangleTable`) of the nearest opaque sample, −1 where there is none. */
  triangle: Int32Array;
  /** The packed background colour the samples are cleared to. */
  background: number;
}

if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) {
  throw new Error('The renderer packs pixels for little-endian machines only.');
}

/**
 * Depth and triangle buffers are kept from one render to the next: a 512 × 512 frame at 2× needs 8 MB of
 * them (32 MB at most are kept), and zeroed allocations of that size cost as much as clearing them, plus collection. `render` is
 * synchronous, so one set is never used by two renders at once.
 */
let spare: { depth: Float32Array; triangle: Int32Array } | null = null;
const KEEP = 2048 * 2048;

/**
 * A target for a frame of width × height pixels, cleared to `background` (sRGB, straight alpha in
 * [0, 1]). Without `withColor` the colour buffer is left empty: the shading pass can write the frame
 * directly when nothing is blended after it.
 */
export function createTarget(width: number, height: number, factor: number, background: Rgba, withColor: boolean): Target {
  const byte = (c: number): number => Math.round(Math.min(1, Math.max(0, c)) * 255);
  const w = width * factor, h = height * factor, n = w * h;
  const packed = (byte(background[0]) | (byte(background[1]) << 8) | (byte(background[2]) << 16) | (byte(background[3]) << 24)) >>> 0;
  const color = withColor ? new Uint32Array(n).fill(packed) : new Uint32Array(0);
  let buffers = spare;
  if (!buffers || buffers.depth.length < n) {
    buffers = { depth: new Float32Array(n), triangle: new Int32Array(n) };
    // Past 1024 × 1024 at 2× they are not worth holding on to.
    if (n <= KEEP) spare = buffers;
  }
  const depth = buffers.depth.subarray(0, n).fill(1);
  const triangle = buffers.triangle.subarray(0, n).fill(-1);
  return { width: w, height: h, factor, color, depth, triangle, background: packed };
}
