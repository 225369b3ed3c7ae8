import type { Mesh } from '../core/mesh.js';

/**
 * The one document model every export writer reads (glTF, GLB, FBX): what an exported file holds,
 * in the units and axes of {@link Mesh} (metres, +Y up, the face towards +Z, right-handed).
 * Writers are pure functions of a Scene; nothing here knows about avatars or HTTP.
 */
export interface Scene {
  /** Name of the root node / model, e.g. `avatar`. */
  name: string;
  meshes: SceneMesh[];
  /** Joints of the one skeleton, parents before children; absent when nothing is skinned. */
  skeleton?: SceneJoint[];
  animations?: SceneAnimation[];
}

export interface SceneMesh {
  /** Node and mesh name, e.g. `head`, `haircut_generated`. */
  name: string;
  /**
   * Geometry. `indices` of length 0 makes a pointcloud: vertices only, no faces (normals and UVs
   * are then left out by the writers too).
   */
  mesh: Mesh;
  material?: SceneMaterial;
  /** Morph targets (blendshapes), in order; names are written exactly as given (ARKit names). */
  morphTargets: SceneMorphTarget[];
  /** Default weight per morph target (0 when absent). */
  morphWeights?: number[];
  skin?: SceneSkin;
}

/** A blendshape: per-vertex offsets from the base mesh, same vertex count. */
export interface SceneMorphTarget {
  name: string;
  /** dx, dy, dz per vertex, metres. */
  positions: Float32Array;
  /** Normal offsets per vertex (optional). */
  normals?: Float32Array;
}

/** Metallic-roughness PBR material, as glTF defines it. */
export interface SceneMaterial {
  name: string;
  /** Linear factors multiplied with the texture; default [1, 1, 1, 1]. */
  baseColorFactor?: [number, number, number, number];
  baseColorTexture?: SceneImage;
  /** glTF packing: roughness in G, metallic in B. */
  metallicRoughnessTexture?: SceneImage;
  normalTexture?: SceneImage;
  metallic: number;
  roughness: number;
  /** `mask` cuts at alphaCutoff (hair cards), `blend` blends. */
  alphaMode: 'opaque' | 'mask' | 'blend';
  alphaCutoff?: number;
  doubleSided: boolean;
}

/** An encoded image as it will be stored, embedded or as a separate file named `name`. */
export interface SceneImage {
  /** File name with extension, unique within a scene, e.g. `model.jpg`. */
  name: string;
  /** WebP is written with glTF's EXT_texture_webp. */
  mimeType: 'image/jpeg' | 'image/png' | 'image/webp';
  data: Uint8Array;
}

/** Skinning of one mesh: four joints and weights per vertex (weights sum to 1). */
export interface SceneSkin {
  /** Indices into Scene.skeleton, 4 per vertex. */
  joints: Uint16Array;
  weights: Float32Array;
}

export interface SceneJoint {
  name: string;
  /** Index of the parent joint, -1 for the root. */
  parent: number;
  /** Rest pose, relative to the parent. */
  translation: [number, number, number];
  /** Unit quaternion x, y, z, w. */
  rotation: [number, number, number, number];
}

export interface SceneAnimation {
  name: string;
  /** Joint keyframes; empty for a clip that only moves blendshapes. */
  channels: SceneAnimationChannel[];
  /** Blendshape weight keyframes, per mesh (a face's expressions). */
  morphChannels?: SceneMorphChannel[];
}

/**
 * Keyframes of one mesh's blendshape weights, as glTF's `weights` path holds them: at each time one
 * weight for every morph target of the mesh, in its order (0 to 1, 1 the full target).
 */
export interface SceneMorphChannel {
  /** Name of the SceneMesh whose morph targets it drives. */
  mesh: string;
  times: Float32Array;
  /** times.length × (the mesh's morph target count) weights, key after key. */
  weights: Float32Array;
}

/** Keyframes of one joint: times in seconds, with rotations (xyzw) and/or translations (xyz). */
export interface SceneAnimationChannel {
  joint: number;
  times: Float32Array;
  rotations?: Float32Array;
  translations?: Float32Array;
}

/** A file a writer produced: the first one a writer returns is the main file. */
export interface WrittenFile {
  name: string;
  data: Uint8Array;
}
