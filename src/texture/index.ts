/**
 * The avatar's `model` texture: baked from the photo through the fitted mesh, unseen skin filled with
 * the person's own tone, and the edits avatar modifications make to it later.
 */
export { bakeTexture, BAKE_DEFAULTS, type BakeInput, type BakeOptions, type BakedTexture } from './bakeTexture.js';
export { projectOrthographic, type OrthographicCamera, type Projection } from './projection.js';
export { faceOutline } from './faceOutline.js';
export type { RawImage, Texture } from './image.js';
export { decodeRgb, encodeJpeg, encodePng } from './codec.js';
export { regionMask, regionTriangles, REGION_MASK_DEFAULTS, type FaceRegion, type RegionMaskOptions } from './regionMask.js';
export { evenLighting, EVEN_LIGHTING_DEFAULTS, type EvenLightingOptions } from './evenLighting.js';
export { recolorRegion, RECOLOR_REGION_DEFAULTS, type RecolorRegionOptions } from './recolorRegion.js';
export { resizeTexture, RESIZE_TEXTURE_DEFAULTS, type ResizeTextureOptions } from './resizeTexture.js';
export { warmUpTexture } from './warmUpTexture.js';
