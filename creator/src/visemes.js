/**
 * Lip sync's ear: one frame of a microphone's spectrum (an AnalyserNode's byte frequency data) to
 * weights of the visemes_15 blendshapes the service exports (src/library/blendshapeNames.ts). Pure.
 *
 * Not speech recognition: it hears how loud the voice is and where its energy sits. Loudness opens
 * the mouth; energy low in the spectrum (a first formant alone) rounds it (OH, OU), low and middle
 * together open it wide (AA), high without low spreads it (EE, IH), and hiss above 4 kHz with little
 * voice below is a fricative (ff, CH, TH). That is enough for a mouth that moves with the voice, the
 * usual bar for a preview; a game drives these same blendshapes from its own lip-sync engine.
 */
export const VISEMES_15 = ['AA', 'CH', 'EE', 'IH', 'OH', 'OU', 'TH', 'dd', 'ff', 'kk', 'nn', 'pp', 'rr', 'sil', 'frown', 'smile'];

/** Options of visemeWeights. */
export const VISEME_DEFAULTS = {
  /** The AudioContext's sample rate, in Hz. */
  sampleRate: 48000,
  /** Mean level (0–255) of the voice band below which the frame is silence. */
  silence: 12,
  /** Mean level at which the mouth is fully open. */
  loud: 90,
};

/** Mean of the bins between `lo` and `hi` Hz. */
function band(spectrum, binHz, lo, hi) {
  const a = Math.max(0, Math.floor(lo / binHz));
  const b = Math.min(spectrum.length, Math.ceil(hi / binHz));
  let sum = 0;
  for (let i = a; i < b; i++) sum += spectrum[i];
  return b > a ? sum / (b - a) : 0;
}

/**
 * Weights in [0, 1] by viseme name for one frame; silence is `sil` 1 and every other 0.
 *
 * ```js
 * analyser.getByteFrequencyData(bins);
 * viewer.setVisemes(visemeWeights(bins, { sampleRate: context.sampleRate }));
 * ```
 */
export function visemeWeights(spectrum, options = {}) {
  const { sampleRate, silence, loud } = { ...VISEME_DEFAULTS, ...options };
  const out = Object.fromEntries(VISEMES_15.map((n) => [n, 0]));
  // The analyser's bins span 0 to half the sample rate.
  const binHz = sampleRate / 2 / spectrum.length;
  const low = band(spectrum, binHz, 150, 800);
  const mid = band(spectrum, binHz, 800, 2000);
  const high = band(spectrum, binHz, 2000, 4000);
  const hiss = band(spectrum, binHz, 4000, 8000);
  // The loudest band, not the mean: a voice's energy sits in a few formants, not across the spectrum.
  const voice = Math.max(low, mid, high);
  if (Math.max(voice, hiss) < silence) {
    out.sil = 1;
    return out;
  }
  const open = Math.min(1, Math.max(0, (Math.max(voice, hiss * 0.7) - silence) / (loud - silence)));
  const total = low + mid + high + hiss || 1;
  const share = { low: low / total, mid: mid / total, high: high / total, hiss: hiss / total };
  if (share.hiss > 0.4) {
    // Hiss over little voice: the fricatives, the lips near closed.
    out.ff = open * share.hiss;
    out.CH = open * share.hiss * 0.6;
    out.TH = open * 0.3;
    return out;
  }
  out.AA = open * Math.min(share.low, share.mid) * 2;
  out.OH = open * Math.max(0, share.low - share.mid);
  out.OU = open * Math.max(0, share.low - share.mid - share.high) * 0.8;
  out.EE = open * Math.max(0, share.high - share.low);
  out.IH = open * share.mid * 0.6;
  for (const n of VISEMES_15) out[n] = Math.min(1, out[n]);
  out.sil = 1 - open;
  return out;
}
