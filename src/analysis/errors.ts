/** Thrown by `FaceAnalyzer.analyze` when the photo decodes but holds no usable face. */
export class NoFaceError extends Error {
  readonly code = 'NO_FACE';

  constructor() {
    super('No face found in the photo.');
    this.name = 'NoFaceError';
  }
}

/** Thrown by `FaceAnalyzer.analyze` when the bytes are not an image sharp can decode. */
export class PhotoDecodeError extends Error {
  readonly code = 'PHOTO_DECODE';

  constructor(detail: string, options?: { cause?: unknown }) {
    super(`The photo could not be read as an image: ${detail}`, options);
    this.name = 'PhotoDecodeError';
  }
}
