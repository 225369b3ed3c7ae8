/**
 * Outfits (docs/outfits.md): garments built on the body's own surface, fitted to each body,
 * skinned with the body's weights, with fabric textures and a body visibility mask.
 */
export { buildGarment, bodyVertexNormals, GARMENT_LAYERS, type Garment, type GarmentBody } from './garment.js';
export { surfacePatch, type BodyPart, type SurfacePlace, type SurfacePatch } from './garmentSurface.js';
export { GARMENT_ZONES, type GarmentRecipe, type GarmentSlot } from './garmentRecipe.js';
export { fitOutfit, garmentQuarter, outfitRecipes, type FittedOutfit, type GarmentCell, type OutfitLayout } from './outfit.js';
export { PERSONA_GARMENTS, PERSONA_RECIPES } from './personaRecipes.js';
export { OUTFIT_RECIPES } from './outfitRecipes.js';
export { FABRIC_NAMES, type FabricName } from './fabrics.js';
export { bodyVisibilityMask, hiddenFaces, paintOutfit, type OutfitMaps } from './outfitTexture.js';
export { outfitMorphs } from './outfitMorphs.js';
