/** Thrown by `decodeTexture` when the bytes are not an image sharp can decode. */
export class TextureDecodeError extends Error {
  readonly code = 'TEXTURE_DECODE';

  constructor(detail: string, options?: { cause?: unknown }) {
    super(`The texture could not be read as an image: ${detail}`, options);
    this.name = 'TextureDecodeError';
  }
}
