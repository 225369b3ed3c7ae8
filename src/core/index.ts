/**
 * The bottom layer: the data every other folder builds on, and nothing else. One `Mesh` (plain typed
 * arrays), one `Image` (a mask is a one-channel Image), one camera (`PhotoCamera`), one `Projection`
 * of a mesh into a photo through it with one depth convention (the distance from the camera, larger
 * = farther), and one depth rasteriser. core imports nothing from the rest of src.
 */
export { faceCount, vertexCount, type Mesh } from './mesh.js';
export { checkImage, checkRgbImage, type Image, type Mask, type RgbImage, type TexelBox } from './image.js';
export {
  type Mat3, orthographicCamera, type OrthographicCameraOptions, photoCamera, type PhotoCamera, projectToPhoto,
} from './camera.js';
export { checkProjection, projectMesh, projectOrthographic, type Projection } from './projection.js';
export { rasterizeDepth, rasterizeGrid, type DepthBuffer } from './depthBuffer.js';
export { uvSphere, UV_SPHERE_DEFAULTS, type UvSphereOptions } from './uvSphere.js';
