/**
 * AvatarEyelashes: alpha-tested cards rooted on a head's lid margins (eyelashMesh.ts), bound to the
 * margin vertices so that they follow blinks, and the texture of lash strands they show
 * (eyelashTexture.ts), laid out as eyelashAtlas.ts says.
 */
export {
  eyelashMesh, EYELASH_LODS, EYELASH_MESH_DEFAULTS,
  type EyelashLidLayout, type EyelashLod, type EyelashMeshOptions, type Eyelashes,
} from './eyelashMesh.js';
export { eyelashTexture, EYELASH_TEXTURE_DEFAULTS, type EyelashTextureOptions } from './eyelashTexture.js';
export { EYELASH_ATLAS, strandSlot } from './eyelashAtlas.js';
export { lidMargins, type LidMargin, type LidMargins } from './lidMargins.js';
