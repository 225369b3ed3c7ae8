import type { Rgba } from './color.js';
import type { Image } from '../core/image.js';
import type { Wrap } from './texture.js';

/** How a material's alpha is used, as glTF's `alphaMode`. */
export type AlphaMode = 'opaque' | 'mask' | 'blend';

/** The look of one mesh: its surface colour and how it takes light. */
export interface Material {
  /**
   * Base colour, sRGB and straight alpha in [0, 1]. It multiplies the texture and the vertex colours, and
   * is the whole colour of a mesh that has neither.
   */
  color?: Rgba;
  /**
   * Colour texture, addressed by the mesh's UVs (v = 0 the top row); ignored on a mesh without UVs. Its
   * mipmaps are made on first use and kept with the image object: do not change its pixels afterwards.
   */
  texture?: Image;
  /** How UVs outside [0, 1] read the texture. */
  wrap?: Wrap;
  /**
   * 'opaque' ignores alpha; 'mask' drops the fragments whose alpha is below `alphaCutoff` (hair cards,
   * eyelashes); 'blend' composites the mesh over what is behind it, after every opaque and masked mesh,
   * its triangles drawn back to front.
   */
  alphaMode?: AlphaMode;
  /** Alpha below which a 'mask' fragment is dropped. */
  alphaCutoff?: number;
  /** Draw the back of the triangles too (lit as if their normal pointed the other way), even when back faces are culled. */
  doubleSided?: boolean;
  /** Strength of the soft (Blinn–Phong) highlight, 0 for none. Skin is about 0.1. */
  specular?: number;
  /** Blinn–Phong exponent: higher is a smaller, sharper highlight. */
  shininess?: number;
  /**
   * One normal per triangle instead of the interpolated vertex normals: faceted, as a cube should look.
   * A mesh without normals is always drawn this way.
   */
  flatShading?: boolean;
}

export const MATERIAL_DEFAULTS: Required<Omit<Material, 'texture'>> = {
  color: [1, 1, 1, 1],
  wrap: 'clamp',
  alphaMode: 'opaque',
  alphaCutoff: 0.5,
  doubleSided: false,
  specular: 0.1,
  shininess: 24,
  flatShading: false,
};
