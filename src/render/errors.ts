// Decoding is src/formats' job; its error is the renderer's too.
export { TextureDecodeError } from '../formats/imageErrors.js';
