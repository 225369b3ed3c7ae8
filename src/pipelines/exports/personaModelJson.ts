import type { StoredAnalysis } from '../files.js';
import type { PersonaColors } from '../catalogue/index.js';

/**
 * `model.json` of a persona_2.0 export with `model_json` (the creator's exportModelInfo): the
 * colours of the skin, hair, eyes (the iris), eyebrows and lips sampled from the photo
 * (analysis/colors.ts), each `{red, green, blue}` as model_info gives them. An avatar analysed before
 * the eyebrows were sampled has `eyebrows: null`, and `remarks` says so rather than guessing.
 * The colours `avatar.colors` recoloured the textures to are the export's own.
 */
export function personaModelJson(analysis: StoredAnalysis, recolored: PersonaColors | null = null): Record<string, unknown> {
  const { colors } = analysis;
  const out: Record<string, unknown> = {
    skin_color: recolored?.skin ?? colors.skin,
    hair_color: colors.hair,
    eye_iris_color: recolored?.eyes ?? colors.iris,
    eyebrows_color: recolored?.eyebrows ?? colors.brows ?? null,
    lips_color: recolored?.lips ?? colors.lips,
  };
  if (!out.eyebrows_color) out.remarks = { eyebrows_color: 'This avatar was analysed before eyebrow colours were sampled; make it again to have one.' };
  return out;
}
