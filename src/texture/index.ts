/**
 * The avatar's `model` texture: baked from the photo through the fitted mesh, unseen skin filled with
 * the person's own tone, and the edits avatar modifications make to it later.
 */
export { bakeTexture, BAKE_DEFAULTS, type BakeInput, type BakeOptions, type BakedTexture } from './bake/bakeTexture.js';
export { projectOrthographic, type OrthographicCamera, type Projection } from '../core/projection.js';
export { faceOutline } from './bake/faceOutline.js';
// Image is the core image; RawImage and Texture are the names the pipelines knew it by.
export type { Image, Image as RawImage, RgbImage, RgbImage as Texture } from '../core/image.js';
export { decodeRgb, encodeJpeg, encodePng } from '../formats/image.js';
export { regionMask, regionTriangles, REGION_MASK_DEFAULTS, type FaceRegion, type RegionMaskOptions } from './layout/regionMask.js';
export { evenLighting, EVEN_LIGHTING_DEFAULTS, type EvenLightingOptions } from './bake/evenLighting.js';
export { recolorRegion, RECOLOR_REGION_DEFAULTS, type RecolorRegionOptions } from './edits/recolorRegion.js';
export { resizeTexture, RESIZE_TEXTURE_DEFAULTS, type ResizeTextureOptions } from './edits/resizeTexture.js';
export { warmUpTexture } from './bake/warmUpTexture.js';
export type { RemovalResult, RemovalStatus } from './removals/removalStatus.js';
export { removeSmile, REMOVE_SMILE_DEFAULTS, type RemoveSmileOptions } from './removals/removeSmile.js';
export { removeStubble, REMOVE_STUBBLE_DEFAULTS, type RemoveStubbleOptions } from './removals/removeStubble.js';
export { removeGlasses, REMOVE_GLASSES_DEFAULTS, type RemoveGlassesOptions } from './removals/removeGlasses.js';
export { faceLayout, FACE_LAYOUT_DEFAULTS, type FaceLayout, type FaceLayoutOptions } from './layout/faceLayout.js';
export { parametricEyes, PARAMETRIC_EYES_DEFAULTS, type ParametricEyesOptions } from './eyes/parametricEyes.js';
export { parametricEyesV2, PARAMETRIC_EYES_V2_DEFAULTS, type ParametricEyesV2Options } from './eyes/parametricEyesV2.js';
export { recolorLips } from './edits/recolorLips.js';
export { recolorTeeth, teethMask, RECOLOR_TEETH_DEFAULTS, type RecolorTeethOptions } from './edits/recolorTeeth.js';
export { slightlyCartoonishTexture, SLIGHTLY_CARTOONISH_TEXTURE_DEFAULTS } from './styles/slightlyCartoonishTexture.js';
export { cartoonishTexture, CARTOONISH_TEXTURE_DEFAULTS } from './styles/cartoonishTexture.js';
export { smoothEyelashesTexture, SMOOTH_EYELASHES_TEXTURE_DEFAULTS } from './styles/smoothEyelashesTexture.js';
export { lipsMask } from './maps/lipsMask.js';
export { roughnessMap, ROUGHNESS_MAP_DEFAULTS } from './maps/roughnessMap.js';
export { metallicMap } from './maps/metallicMap.js';
export { uniformTexture } from './maps/uniformTexture.js';
export { eyeColours, EYE_COLOURS_DEFAULTS, type EyeColoursOptions } from './eyes/eyeColours.js';
export { paintMouthBag, PAINT_MOUTH_BAG_DEFAULTS, type PaintMouthBagOptions } from './edits/mouthBag.js';
