/**
 * Export parameters: the typed catalogue of what an export may ask for (spec, "Export
 * parameters"), its validation with field paths, and its resolution into per-part options.
 * It drives the `/export_parameters/…` endpoints and docs/exports.md.
 */
export { EXPORT_FORMATS, EXPORT_FORMAT_NAMES, BLENDSHAPE_FORMATS, type BlendshapeFormat, type ExportFormat, type ExportFormatSpec } from './formats.js';
export type { ExportContext, ExportPartOptions, ResolvedExport } from './types.js';
export { MAKEUP_DEFAULTS, TATTOO_DEFAULTS } from './personaResolve.js';
export type { PersonaColors, PersonaMakeup, PersonaTattoo, PersonaOutfitPart, PersonaPart, PersonaTextures, ResolvedPersona } from './personaResolve.js';
export { EXPORT_PART_DEFAULTS, STANDARD_EXPORT_DEFAULTS, STANDARD_EXPORT_SCHEMA, PART_FLAGS, type PartFlag } from './standard.js';
export {
  PERSONA_AVATAR_PARTS,
  PERSONA_EXPORT_DEFAULTS,
  PERSONA_EXPORT_SCHEMA,
  PERSONA_GENERATED_HAIRCUT,
  PERSONA_LODS,
  PERSONA_OUTFIT_SECTIONS,
  PERSONA_TEXTURE_PROFILES,
  PERSONA_TEXTURES,
  PERSONA_TATTOO_DESIGNS,
  PERSONA_TATTOO_PLACEMENTS,
  PERSONA_TATTOOS_MAX,
  type PersonaTattooDesign,
  type PersonaTattooPlacement,
} from './persona.js';
export { PERSONA_ACCESSORY_SECTIONS } from './personaAccessories.js';
export { EXPORT_TEMPLATES, OUTFIT_PIPELINES, OUTFIT_TEXTURES, MODEL_TEXTURE, exportTextures } from './parts.js';
export { BLENDSHAPE_VALUE_RANGE, qualifyBlendshape } from './blendshapes.js';
export type { Field, SectionField } from './schema.js';
export type { ExportErrors } from './walk.js';
export { exportParameterDefaults } from './defaults.js';
export { availableExportParameters } from './available.js';
export { resolveExportParameters, type ExportResolution } from './resolve.js';
export { exportContext, type AvatarAssets } from './context.js';
