/** The additional textures a body avatar makes in its atlas (head on top, body below): bodyMaps.ts. Data only, for the light pipeline modules. */
export const BODY_MAPS = ['roughness_map', 'metallic_map', 'normal_map'] as const;
