/** Thrown by `decodePhoto` (and so by `FaceAnalyzer.analyze`) when the bytes are not an image sharp can decode. */
export class PhotoDecodeError extends Error {
  readonly code = 'PHOTO_DECODE';

  constructor(detail: string, options?: { cause?: unknown }) {
    super(`The photo could not be read as an image: ${detail}`, options);
    this.name = 'PhotoDecodeError';
  }
}

/** Thrown by `decodeTexture` when the bytes are not an image sharp can decode. */
export class TextureDecodeError extends Error {
  readonly code = 'TEXTURE_DECODE';

  constructor(detail: string, options?: { cause?: unknown }) {
    super(`The texture could not be read as an image: ${detail}`, options);
    this.name = 'TextureDecodeError';
  }
}
