/** Thrown by `FaceAnalyzer.analyze` when the photo decodes but holds no usable face. */
export class NoFaceError extends Error {
  readonly code = 'NO_FACE';

  constructor() {
    super('No face found in the photo.');
    this.name = 'NoFaceError';
  }
}
