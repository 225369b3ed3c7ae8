/**
 * The avatar's `model` texture and everything painted on it, one folder per concept (see
 * docs/texture.md for the steps in the order the head pipeline runs them):
 * - removals/: photo edits before anything is fitted (glasses, stubble, smile);
 * - bake/: the bake from the photo through the fitted mesh, unseen skin filled with the person's tone;
 * - layout/: where the face's features are in texels, and masks of mesh regions;
 * - eyes/, edits/, styles/: the texture's avatar modifications;
 * - maps/, styles/: the additional textures;
 * - filters/: image operations over typed arrays the others share.
 * Hair painted into textures is haircut code: see src/assets/haircuts/texture.
 */
export { removeGlasses, REMOVE_GLASSES_DEFAULTS, type RemoveGlassesOptions } from './removals/removeGlasses.js';
export { removeSmile, REMOVE_SMILE_DEFAULTS, type RemoveSmileOptions } from './removals/removeSmile.js';
export { removeStubble, REMOVE_STUBBLE_DEFAULTS, type RemoveStubbleOptions } from './removals/removeStubble.js';
export type { RemovalResult, RemovalStatus } from './removals/removalStatus.js';

export { bakeTexture, BAKE_DEFAULTS, type BakeInput, type BakeOptions, type BakedTexture } from './bake/bakeTexture.js';
export { HAIR_MARGIN } from './bake/photoGrid.js';
export type { FacialHair } from './bake/symmetricCompletion.js';
export { evenLighting, EVEN_LIGHTING_DEFAULTS, type EvenLightingOptions } from './bake/evenLighting.js';
export { faceOutline } from './bake/faceOutline.js';
export { warmUpTexture } from './bake/warmUpTexture.js';
export { texelDensity } from './bake/texelDensity.js';
export { doubleResolution } from './filters/doubleResolution.js';

export { faceLayout, FACE_LAYOUT_DEFAULTS, type FaceLayout, type FaceLayoutOptions } from './layout/faceLayout.js';
export { regionMask, regionTriangles, REGION_MASK_DEFAULTS, type FaceRegion, type RegionMaskOptions } from './layout/regionMask.js';

export { eyeColours, EYE_COLOURS_DEFAULTS, type EyeColoursOptions } from './eyes/eyeColours.js';
export { parametricEyes, PARAMETRIC_EYES_DEFAULTS, type ParametricEyesOptions } from './eyes/parametricEyes.js';
export { parametricEyesV2, PARAMETRIC_EYES_V2_DEFAULTS, type ParametricEyesV2Options } from './eyes/parametricEyesV2.js';

export { paintMouthBag, PAINT_MOUTH_BAG_DEFAULTS, type PaintMouthBagOptions } from './edits/mouthBag.js';
export { recolorLips } from './edits/recolorLips.js';
export { paintMakeup, type MakeupLayer } from './edits/paintMakeup.js';
export { makeupArea, type MakeupLayerName } from './edits/makeupAreas.js';
export { paintTattoos, type TattooInk } from './edits/paintTattoos.js';
export { tattooSvg, type TattooDesignName } from './edits/tattooDesigns.js';
export { recolorBrows, RECOLOR_BROWS_DEFAULTS, type RecolorBrowsOptions } from './edits/recolorBrows.js';
export { recolorSkin, skinColorOf, RECOLOR_SKIN_DEFAULTS, type RecolorSkinOptions } from './edits/recolorSkin.js';
export { recolorRegion, RECOLOR_REGION_DEFAULTS, type RecolorRegionOptions } from './edits/recolorRegion.js';
export { recolorTeeth, teethMask, RECOLOR_TEETH_DEFAULTS, type RecolorTeethOptions } from './edits/recolorTeeth.js';
export { resizeTexture, RESIZE_TEXTURE_DEFAULTS, type ResizeTextureOptions } from './edits/resizeTexture.js';

export { cartoonishTexture, CARTOONISH_TEXTURE_DEFAULTS } from './styles/cartoonishTexture.js';
export { slightlyCartoonishTexture, SLIGHTLY_CARTOONISH_TEXTURE_DEFAULTS } from './styles/slightlyCartoonishTexture.js';
export { smoothEyelashesTexture, SMOOTH_EYELASHES_TEXTURE_DEFAULTS } from './styles/smoothEyelashesTexture.js';

export { lipsMask } from './maps/lipsMask.js';
export { metallicMap } from './maps/metallicMap.js';
export { normalFromHeight } from './maps/normalFromHeight.js';
export { roughnessMap, ROUGHNESS_MAP_DEFAULTS } from './maps/roughnessMap.js';
export { uniformTexture } from './maps/uniformTexture.js';

// From the layers below, under the names the pipelines import them by: the core image and projection,
// and the image codecs.
export type { Image, RgbImage } from '../core/image.js';
export { projectOrthographic, type Projection } from '../core/projection.js';
export { decodeRgb, encodeJpeg, encodePng } from '../formats/image.js';
