/**
 * The lighting panel's presets, by name: lights and tone for the viewer only. The exported file
 * carries no lights (engines light a model themselves), but screenshots, the PNG and the GIF are
 * drawn by the viewer, so they show the preset chosen. The lights themselves are lightingPresets.js,
 * which only the viewer loads: the page before persona_creator_loaded needs the names alone. Pure.
 */
export const LIGHTING_NAMES = ['studio', 'daylight', 'warm_indoor', 'evening', 'dramatic_rim'];
export const DEFAULT_LIGHTING = 'studio';

/** avatarState.lighting, checked: a preset's name; absent (states before version 3) is studio. Throws a reason. */
export function readLighting(value) {
  if (value === undefined || value === null) return DEFAULT_LIGHTING;
  if (!LIGHTING_NAMES.includes(value)) throw new Error(`avatarState.lighting must be one of ${LIGHTING_NAMES.join(', ')}, got ${JSON.stringify(value)}`);
  return value;
}
