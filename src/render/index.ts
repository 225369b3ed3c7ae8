/**
 * Software rendering of meshes to images, for avatar previews and face-recognition benchmarks:
 * `render(scene, camera, options)` draws a {@link Scene} (meshes with materials) into an RGBA
 * {@link Frame}; cameras come from `viewCamera` (framed named views), `perspectiveCamera` + `lookAt`,
 * `intrinsicsCamera` (a photo's focal length and pose) or `weakPerspectiveCamera`; `decodeTexture` and
 * `encodePng` convert to and from image files.
 */
export {
  type Camera, intrinsicsCamera, type IntrinsicsCameraOptions, lookAt, perspectiveCamera, PERSPECTIVE_CAMERA_DEFAULTS,
  type PerspectiveCameraOptions, weakPerspectiveCamera, type WeakPerspectiveCameraOptions,
} from './camera.js';
export { decodeTexture, encodePng } from '../formats/image.js';
export { linearToSrgb, type Rgb, type Rgba, srgbToLinear } from './color.js';
export { TextureDecodeError } from '../formats/image.js';
export type { Frame } from './frame.js';
export type { Image } from '../core/image.js';
export { type Light, STUDIO_LIGHTS } from './light.js';
export { type AlphaMode, type Material, MATERIAL_DEFAULTS } from './material.js';
export { identity, invert, lookAtMatrix, type Mat4, multiply, perspectiveMatrix, transformPoint, type Vec3 } from './matrix.js';
export { render, RENDER_DEFAULTS, type RenderOptions } from './render.js';
export type { Scene, SceneMesh } from './scene.js';
export type { Wrap } from './texture.js';
export { uvSphere, UV_SPHERE_DEFAULTS, type UvSphereOptions } from '../core/uvSphere.js';
export { type View, viewCamera, VIEW_CAMERA_DEFAULTS, type ViewCameraOptions, VIEWS } from './view.js';
