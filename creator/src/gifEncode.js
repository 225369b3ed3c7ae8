/**
 * The GIF button's frames and file: how many frames, how far each one turns or plays, and the GIF
 * they make (gifenc). Pure: no DOM, so the unit tests run it as it is.
 */
import * as gifenc from 'gifenc';

// The browser build takes gifenc's ES module; Node (the unit tests) its CommonJS one, whose exports come as the default.
const { applyPalette, GIFEncoder, quantize } = gifenc.GIFEncoder ? gifenc : gifenc.default;

/** 2.4 s at 12.5 frames a second: a GIF counts its delays in hundredths, so 8 of them a frame. */
export const GIF_SECONDS = 2.4;
export const GIF_FPS = 12.5;
/** The GIF's width in pixels; its height keeps the viewer's shape, at most {@link GIF_MAX_HEIGHT}. */
export const GIF_WIDTH = 320;
export const GIF_MAX_HEIGHT = 480;

/**
 * The frames of a recording: `count` frames `delay` ms apart; frame i turns the camera `turn(i)`
 * radians about the avatar (one whole turn, so the GIF loops without a jump), or advances the clip
 * playing by `step` seconds.
 */
export function gifPlan(seconds = GIF_SECONDS, fps = GIF_FPS) {
  if (!(seconds > 0 && fps > 0)) throw new Error(`a GIF needs a positive length and rate, got ${seconds} s at ${fps} fps`);
  const count = Math.max(2, Math.round(seconds * fps));
  return { count, delay: Math.round(100 / fps) * 10, step: 1 / fps, turn: (i) => (2 * Math.PI * i) / count };
}

/** The GIF's size for a viewer of `width` × `height`: {@link GIF_WIDTH} wide unless that is too tall. */
export function gifSize(width, height) {
  const scale = Math.min(GIF_WIDTH / width, GIF_MAX_HEIGHT / height);
  return { width: Math.max(2, Math.round(width * scale)), height: Math.max(2, Math.round(height * scale)) };
}

/** RGBA frames (opaque) → the bytes of a GIF89a that loops for ever, each frame with its own 256 colours. */
export function encodeGif(frames, width, height, delay) {
  if (frames.length === 0) throw new Error('a GIF needs at least one frame');
  const gif = GIFEncoder();
  for (const rgba of frames) {
    if (rgba.length !== width * height * 4) throw new Error(`a frame of ${width}×${height} has ${width * height * 4} bytes, got ${rgba.length}`);
    const palette = quantize(rgba, 256);
    gif.writeFrame(applyPalette(rgba, palette), width, height, { palette, delay, repeat: 0 });
  }
  gif.finish();
  return gif.bytes();
}
