/**
 * Every haircut of Likeness, in one home, one folder per concept:
 * - library/: the artificial haircut library (`base`, `facegen` and `plus` sets) as parametric
 *   styles and their tables, and the warm-up;
 * - authoring/: how a library haircut is made: strands groomed and grown over the template's scalp,
 *   hair cards, a scalp cap, and the RGBA texture that goes with them;
 * - fit/: fitting a library haircut to a person's head, ear clearance, the penetration check;
 * - predict/: `predict_haircut`, the library haircut nearest the photo's hair;
 * - generated/: the photo's own hair as geometry (head_1.2's hair volume, the generated haircut's
 *   shell and curtain, its length and silhouette);
 * - texture/: hair painted into the head's texture, and a separate haircut's RGBA texture.
 */
export { type Haircut, type HaircutGender, type HaircutSetName } from '../../library/haircuts/haircut.js';
export { CAP_ONLY_LENGTH, HAIRCUT_STYLE_DEFAULTS, haircutLength, type HaircutLength, type HaircutStyle } from '../../library/haircuts/haircutStyle.js';
export { HAIRCUTS, haircutByIdentity, haircutSet } from '../../library/haircuts/haircutLibrary.js';
export { authorHaircut, type AuthoredHaircut } from './authoring/authorHaircut.js';
export { boundHaircut, fitHaircut, type BoundHaircut } from './fit/fitHaircut.js';
export { haircutPenetration, HAIRCUT_PENETRATION_DEFAULTS, type HaircutPenetration, type HaircutPenetrationOptions } from './fit/haircutPenetration.js';
export {
  artificialHaircutTexture, ARTIFICIAL_HAIRCUT_TEXTURE_DEFAULTS, type ArtificialHaircutTextureOptions,
} from './authoring/artificialHaircutTexture.js';
export { HAIR_BASE_COLOR } from './library/hairColor.js';
export { CARD_TILES, CAP_DISC, cardTile } from './authoring/hairAtlas.js';
export { haircutMaps, type HaircutMaps } from './authoring/haircutMaps.js';
export {
  ABSOLUTELY_BALD, predictHaircut, PREDICT_HAIRCUT_DEFAULTS, type HaircutPrediction, type PredictHaircutOptions,
} from './predict/predict.js';
export { warmUpHaircuts } from './library/warmUpHaircuts.js';
// The photo's own hair as a mesh (the generated haircut), and hair painted into textures.
export { hairVolume, HAIR_VOLUME_DEFAULTS, type HairVolume, type HairVolumeOptions } from './generated/hairVolume.js';
export { hairCurtain, HAIR_CURTAIN_DEFAULTS, type HairCurtainInput, type HairCurtainOptions } from './generated/hairCurtain.js';
export { hairLength, HAIR_LENGTH_DEFAULTS, type HairLengthInput, type HairLengthOptions, type HairSide } from './generated/hairLength.js';
export { haircutShell, HAIRCUT_SHELL_DEFAULTS, type HaircutShellOptions } from './generated/haircutShell.js';
export { keepOffHead, KEEP_OFF_HEAD_DEFAULTS, type KeepOffHeadOptions } from './generated/keepOffHead.js';
export { hairTexture, HAIR_TEXTURE_DEFAULTS, type HairTextureInput, type HairTextureOptions } from './texture/hairTexture.js';
export { haircutTexture } from './texture/haircutTexture.js';
