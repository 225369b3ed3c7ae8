import type { Camera } from './camera.js';
import { srgbToLinear, type Rgb, type Rgba } from './color.js';
import { type Batch, BLEND, createTriangleTable, MASK, OPAQUE } from './batch.js';
import { checkIndices, drawOpaque, drawTranslucent } from './draw.js';
import { type Frame, resolve } from './frame.js';
import { type Light, STUDIO_LIGHTS } from './light.js';
import { MATERIAL_DEFAULTS } from './material.js';
import { multiply, normalMatrix } from './matrix.js';
import { mipmaps } from './mipmap.js';
import type { Scene } from './scene.js';
import { prepareLighting } from './shade.js';
import { shadeVisible } from './shading.js';
import { createTarget } from './target.js';
import { transformVertices, type Vertices } from './vertices.js';

export interface RenderOptions {
  /** Frame width in pixels. Default: the camera's `imageSize` if it has one, else 512. */
  width?: number;
  /** Frame height in pixels. Default: the camera's `imageSize` if it has one, else 512. */
  height?: number;
  /**
   * Anti-aliasing: samples per pixel along each axis (1 to 4; 1 turns it off). Visibility is resolved at
   * `supersampling` × the frame size and each pixel's samples are averaged in linear light (a box
   * filter). Shading stays once per pixel and triangle, so more samples cost little besides memory;
   * textures are antialiased by their mipmaps.
   */
  supersampling?: number;
  /** Background, sRGB and straight alpha in [0, 1]; alpha 0 leaves the background transparent. */
  background?: Rgba;
  /** Skip triangles seen from behind (faster, and right for closed meshes); materials can opt out with `doubleSided`. */
  cullBackFaces?: boolean;
  /** The lights; see {@link Light}. */
  lights?: readonly Light[];
  /** Whether light directions are in camera space (the rig turns with the camera) or world space. */
  lightSpace?: 'camera' | 'world';
  /** Light reaching every surface whatever its orientation: a level, or an sRGB colour, times the albedo. */
  ambient?: number | Rgb;
}

export const RENDER_DEFAULTS: Required<RenderOptions> = {
  width: 512,
  height: 512,
  supersampling: 2,
  background: [0, 0, 0, 0],
  cullBackFaces: true,
  lights: STUDIO_LIGHTS,
  lightSpace: 'camera',
  ambient: 0.2,
};

/**
 * Draws the scene from the camera into a new RGBA frame, in software: a z-buffered rasteriser with
 * perspective-correct, mipmapped (trilinear) textures and per-pixel Lambert + Blinn–Phong lighting.
 *
 * Three passes over a supersampled target: opaque and alpha-tested meshes are rasterised into depth and
 * triangle numbers per sample; each pixel is then shaded once per surface seen in it; blended meshes are
 * shaded per sample and composited over that, farthest mesh first. Anti-aliasing is the box-filtered
 * average of the samples of each pixel (see `RenderOptions.supersampling`).
 *
 * It is written by hand because no maintained Node library rasterises textured meshes without a GPU:
 * three.js and regl need a WebGL context, and headless-gl a native OpenGL stack that these hosts do not
 * have.
 * Per-pixel shading of opaque meshes, rather than per sample, is what keeps a 512 × 512 preview of a
 * 30k-triangle textured head at 2× supersampling to some 40–70 ms (bench/render.ts).
 *
 * ```ts
 * const scene = { meshes: [{ mesh: head, material: { texture: await decodeTexture(jpeg) } }] };
 * const frame = render(scene, viewCamera(scene, { view: 'three-quarter' }), { width: 512, height: 512 });
 * await writeFile('preview.png', await encodePng(frame));
 * ```
 */
export function render(scene: Scene, camera: Camera, options: RenderOptions = {}): Frame {
  const o = { ...RENDER_DEFAULTS, ...options };
  const width = options.width ?? camera.imageSize?.width ?? RENDER_DEFAULTS.width;
  const height = options.height ?? camera.imageSize?.height ?? RENDER_DEFAULTS.height;
  const ss = o.supersampling;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new RangeError(`render: frame size ${width}x${height}`);
  if (!Number.isInteger(ss) || ss < 1 || ss > 4) throw new RangeError(`render: supersampling ${ss} is not 1, 2, 3 or 4`);
  if (Math.max(width, height) * ss > 8192) throw new RangeError(`render: ${width}x${height} at ${ss}x supersampling is too large`);

  const blending = scene.meshes.some((m) => m.material?.alphaMode === 'blend');
  const target = createTarget(width, height, ss, o.background, blending);
  let first = 0;
  const batches = scene.meshes.map((item, slot): Batch => {
    const { mesh } = item;
    const material = { ...MATERIAL_DEFAULTS, ...item.material };
    const modelView = item.matrix ? multiply(camera.view, item.matrix) : camera.view;
    const color = Float64Array.of(...material.color.slice(0, 3).map(srgbToLinear), material.color[3]);
    const vertices = transformVertices(item, modelView, camera.projection, target.width, target.height, color, slot);
    checkIndices(mesh.indices, vertices.count);
    const batch: Batch = {
      vertices,
      indices: mesh.indices,
      positions: mesh.positions,
      normalMatrix: normalMatrix(modelView),
      color: item.colors ? null : color,
      texture: mesh.uvs && material.texture ? mipmaps(material.texture) : null,
      repeat: material.wrap === 'repeat',
      alphaMode: material.alphaMode === 'blend' ? BLEND : material.alphaMode === 'mask' ? MASK : OPAQUE,
      alphaCutoff: material.alphaCutoff,
      cullBack: o.cullBackFaces && !material.doubleSided,
      flat: material.flatShading || !mesh.normals,
      lighting: prepareLighting(o.lights, o.ambient, o.lightSpace, camera.view, material.specular, material.shininess),
      first,
    };
    first += mesh.indices.length / 3;
    return batch;
  });

  const table = createTriangleTable(batches, first);
  batches.forEach((batch, i) => {
    if (batch.alphaMode !== BLEND) drawOpaque(target, table, i);
  });
  const translucent = batches.filter((b) => b.alphaMode === BLEND);
  if (!blending) {
    // Nothing is drawn over the shading: it can average each pixel's samples itself.
    const data = new Uint8Array(width * height * 4);
    if (batches.length > 0) shadeVisible(target, table, data);
    else fillPixels(data, target.background);
    return { width, height, channels: 4, data };
  }
  shadeVisible(target, table, null);
  const distance = new Map(translucent.map((b) => [b, meanDistance(b.vertices)]));
  translucent.sort((a, b) => distance.get(b)! - distance.get(a)!);
  for (const batch of translucent) drawTranslucent(target, batch);
  return resolve(target);
}

function meanDistance(v: Vertices): number {
  let sum = 0;
  for (let i = 0; i < v.count; i++) sum += v.clip[i * 4 + 3];
  return v.count ? sum / v.count : 0;
}

function fillPixels(data: Uint8Array, packed: number): void {
  new Uint32Array(data.buffer, data.byteOffset, data.length / 4).fill(packed);
}
