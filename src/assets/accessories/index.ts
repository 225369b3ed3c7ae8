/**
 * persona_2.0's accessories (docs/accessories.md): glasses, hats and earrings made for each head
 * from its landmarks, necklaces for each body along its neck, with procedural textures.
 */
export { headLandmarks, toHead, toFrame, headDistance, type HeadLandmarks, type HeadFrame, type EarLandmarks } from './headLandmarks.js';
export { fitGlasses, GLASSES_TILES, type FittedGlasses } from './glasses.js';
export { fitHat, HAT_TILES, type FittedHat } from './hats.js';
export { fitEarrings, JEWEL_TILES, type FittedEarrings } from './earrings.js';
export { fitNecklace, type FittedNecklace } from './necklaces.js';
export { necklaceCurve, type NecklaceBody, type NecklaceHeights } from './necklaceCurve.js';
export { insideBody } from './insideBody.js';
export { cranium, type Cranium } from './cranium.js';
export { lensOutline } from './lensOutline.js';
export { accessoryTexture, lensTexture, type AccessoryMaps, type TextureRegion } from './accessoryTexture.js';
export { accessoryMaps, accessoryRegions, accessoryLensColor, recoloured, ACCESSORY_TEXTURE_SIDE } from './accessory.js';
