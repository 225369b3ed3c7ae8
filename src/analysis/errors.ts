/** Thrown by `FaceAnalyzer.analyze` when the photo decodes but holds no usable face. */
export class NoFaceError extends Error {
  readonly code = 'NO_FACE';

  constructor() {
    super('No face found in the photo.');
    this.name = 'NoFaceError';
  }
}

// Decoding is src/formats' job; its error is the analysis's too.
export { PhotoDecodeError } from '../formats/imageErrors.js';
