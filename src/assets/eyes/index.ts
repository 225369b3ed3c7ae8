/**
 * The persona_2.0 eyes: `AvatarLeftEyeball` / `AvatarRightEyeball` ({@link eyeballMesh} with
 * {@link eyeTexture}), `AvatarLeftCornea` / `AvatarRightCornea` ({@link corneaMesh}), all built at
 * the origin looking down +Z and moved to {@link eyePlacement}'s seats behind the head's eye openings.
 * They share one UV layout (eyeLayout.ts). Pure: no IO.
 */
export { EYE_IRIS_ANGLE, EYE_IRIS_SIZE, eyeDirection, eyeUv } from './eyeLayout.js';
export { eyeballMesh, EYEBALL_MESH_DEFAULTS, type EyeballMeshOptions } from './eyeballMesh.js';
export { corneaMesh, CORNEA_MESH_DEFAULTS, type CorneaMeshOptions } from './corneaMesh.js';
export { corneaTexture, CORNEA_TEXTURE_DEFAULTS, type CorneaTextureOptions, type CorneaTextures } from './corneaTexture.js';
export { eyeTexture, EYE_TEXTURE_DEFAULTS, type EyeTextureOptions, type EyeTextures } from './eyeTexture.js';
export { eyeVeins, EYE_VEINS_DEFAULTS, type EyeVeinsOptions } from './eyeVeins.js';
export { eyePlacement, EYE_PLACEMENT_DEFAULTS, type EyePlacementOptions, type EyeSeat } from './eyePlacement.js';
export { eyeShell, type ShellRing } from './eyeShell.js';
