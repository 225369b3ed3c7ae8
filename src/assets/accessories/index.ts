/**
 * persona_2.0's accessories (docs/accessories.md): glasses, hats and earrings made for each head
 * from its landmarks, necklaces for each body along its neck, watches, bracelets and rings round
 * its wrists and finger, with procedural textures.
 */
export { headLandmarks, toHead, toFrame, headDistance, type HeadLandmarks, type HeadFrame, type EarLandmarks } from './headLandmarks.js';
export { fitGlasses, GLASSES_TILES, type FittedGlasses } from './glasses.js';
export { fitHat, HAT_TILES, type FittedHat } from './hats.js';
export { fitEarrings, type FittedEarrings } from './earrings.js';
export { JEWEL_TILES } from './jewelTiles.js';
export { fitNecklace, type FittedNecklace } from './necklaces.js';
export { necklaceCurve, type NecklaceBody, type NecklaceHeights } from './necklaceCurve.js';
export { insideBody } from './insideBody.js';
export { fitWatch, fitBracelet, fitRing, type FittedHandAccessory } from './handAccessories.js';
export { limbSection, handDorsal, type HandBody, type LimbSection } from './limbSection.js';
export { cranium, type Cranium } from './cranium.js';
export { lensOutline } from './lensOutline.js';
export { accessoryTexture, lensTexture, type AccessoryMaps, type TextureRegion } from './accessoryTexture.js';
export { accessoryMaps, accessoryRegions, accessoryLensColor, recoloured, ACCESSORY_TEXTURE_SIDE } from './accessory.js';
