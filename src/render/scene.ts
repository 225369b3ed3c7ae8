import type { Mesh } from '../core/mesh.js';
import type { Material } from './material.js';
import type { Mat4 } from './matrix.js';

/** One mesh placed in the scene with its look. */
export interface SceneMesh {
  mesh: Mesh;
  material?: Material;
  /** Model → world transform, column-major; identity when absent. */
  matrix?: Mat4;
  /**
   * Vertex colours, sRGB in [0, 1], 3 (RGB) or 4 (RGBA) numbers per vertex: they multiply the texture
   * and the material colour.
   */
  colors?: Float32Array;
}

/** What `render` draws: meshes (a head, its hair, …), each with its own material. */
export interface Scene {
  meshes: SceneMesh[];
}
