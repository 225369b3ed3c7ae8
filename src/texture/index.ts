/**
 * The avatar's `model` texture: baked from the photo through the fitted mesh, unseen skin filled with
 * the person's own tone, and the edits avatar modifications make to it later.
 */
export { bakeTexture, BAKE_DEFAULTS, type BakeInput, type BakeOptions, type BakedTexture } from './bakeTexture.js';
export { projectOrthographic, type OrthographicCamera, type Projection } from '../core/projection.js';
export { faceOutline } from './faceOutline.js';
// Image is the core image; RawImage and Texture are the names the pipelines knew it by.
export type { Image, Image as RawImage, RgbImage, RgbImage as Texture } from '../core/image.js';
export { decodeRgb, encodeJpeg, encodePng } from '../formats/image.js';
export { regionMask, regionTriangles, REGION_MASK_DEFAULTS, type FaceRegion, type RegionMaskOptions } from './regionMask.js';
export { evenLighting, EVEN_LIGHTING_DEFAULTS, type EvenLightingOptions } from './evenLighting.js';
export { recolorRegion, RECOLOR_REGION_DEFAULTS, type RecolorRegionOptions } from './recolorRegion.js';
export { resizeTexture, RESIZE_TEXTURE_DEFAULTS, type ResizeTextureOptions } from './resizeTexture.js';
export { warmUpTexture } from './warmUpTexture.js';
export type { RemovalResult, RemovalStatus } from './removalStatus.js';
export { removeSmile, REMOVE_SMILE_DEFAULTS, type RemoveSmileOptions } from './removeSmile.js';
export { removeStubble, REMOVE_STUBBLE_DEFAULTS, type RemoveStubbleOptions } from './removeStubble.js';
export { removeGlasses, REMOVE_GLASSES_DEFAULTS, type RemoveGlassesOptions } from './removeGlasses.js';
export { faceLayout, FACE_LAYOUT_DEFAULTS, type FaceLayout, type FaceLayoutOptions } from './faceLayout.js';
export { parametricEyes, PARAMETRIC_EYES_DEFAULTS, type ParametricEyesOptions } from './parametricEyes.js';
export { parametricEyesV2, PARAMETRIC_EYES_V2_DEFAULTS, type ParametricEyesV2Options } from './parametricEyesV2.js';
export { recolorLips } from './recolorLips.js';
export { recolorTeeth, teethMask, RECOLOR_TEETH_DEFAULTS, type RecolorTeethOptions } from './recolorTeeth.js';
export { hairTexture, HAIR_TEXTURE_DEFAULTS, type HairTextureInput, type HairTextureOptions } from './hairTexture.js';
export { slightlyCartoonishTexture, SLIGHTLY_CARTOONISH_TEXTURE_DEFAULTS } from './slightlyCartoonishTexture.js';
export { cartoonishTexture, CARTOONISH_TEXTURE_DEFAULTS } from './cartoonishTexture.js';
export { smoothEyelashesTexture, SMOOTH_EYELASHES_TEXTURE_DEFAULTS } from './smoothEyelashesTexture.js';
export { lipsMask } from './lipsMask.js';
export { roughnessMap, ROUGHNESS_MAP_DEFAULTS } from './roughnessMap.js';
export { metallicMap } from './metallicMap.js';
export { uniformTexture } from './uniformTexture.js';
export { eyeColours, EYE_COLOURS_DEFAULTS, type EyeColoursOptions } from './eyeColours.js';
export { haircutTexture } from './haircutTexture.js';
export { paintMouthBag, PAINT_MOUTH_BAG_DEFAULTS, type PaintMouthBagOptions } from './mouthBag.js';
