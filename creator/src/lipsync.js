/**
 * Desktop's lip sync (enableLipsync): the microphone through a WebAudio AnalyserNode, each frame's
 * spectrum turned into visemes_15 weights (visemes.js) on the viewer's head, teeth and lashes.
 * Loaded with import() when the microphone button is first pressed. The host's iframe must allow
 * the microphone (`allow="camera; microphone"`).
 */
import { VISEMES_15, visemeWeights } from './visemes.js';

/** Weight kept from the frame before: a mouth that follows the voice without flickering. */
const SMOOTHING = 0.5;

/** Starts listening; the returned function stops it and lets the microphone go. */
export async function startLipsync(viewer) {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  analyser.smoothingTimeConstant = 0.3;
  context.createMediaStreamSource(stream).connect(analyser);
  const bins = new Uint8Array(analyser.frequencyBinCount);
  let weights = Object.fromEntries(VISEMES_15.map((n) => [n, 0]));
  let frame = 0;
  const tick = () => {
    analyser.getByteFrequencyData(bins);
    const now = visemeWeights(bins, { sampleRate: context.sampleRate });
    weights = Object.fromEntries(VISEMES_15.map((n) => [n, weights[n] * SMOOTHING + now[n] * (1 - SMOOTHING)]));
    viewer.setVisemes(weights);
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => {
    cancelAnimationFrame(frame);
    for (const track of stream.getTracks()) track.stop();
    void context.close();
    viewer.setVisemes(Object.fromEntries(VISEMES_15.map((n) => [n, 0])));
  };
}
