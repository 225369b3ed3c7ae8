import type { Rgb } from './color.js';
import type { Vec3 } from './matrix.js';

/** A directional light: parallel rays, as from a distant softbox. */
export interface Light {
  /**
   * Direction from the surface towards the light (need not be unit length). In camera space by default
   * (x right, y up, z towards the viewer), so that a rig lights every view of a head alike; see
   * `RenderOptions.lightSpace`.
   */
  direction: Vec3;
  /** Colour, sRGB in [0, 1]. */
  color: Rgb;
  /** Multiplies the colour: 1 lights a surface facing the light at its full albedo. */
  intensity: number;
}

/**
 * A portrait rig: a key light above and to the camera's left, and a dimmer fill from the right at face
 * height, so that no side of a face goes black. With `RENDER_DEFAULTS.ambient`, a surface facing the
 * camera comes out at about its albedo.
 */
export const STUDIO_LIGHTS: readonly Light[] = [
  { direction: [-0.55, 0.5, 0.7], color: [1, 0.98, 0.95], intensity: 0.85 },
  { direction: [0.7, 0.05, 0.7], color: [0.92, 0.95, 1], intensity: 0.3 },
];
