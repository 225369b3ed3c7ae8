import { uvSphere } from '../../core/uvSphere.js';
import type { Mesh } from '../../core/mesh.js';
import { bakeTexture, type BakeInput } from './bakeTexture.js';
import { evenLighting } from './evenLighting.js';
import { projectOrthographic } from '../../core/projection.js';
import { recolorRegion } from '../edits/recolorRegion.js';
import { regionMask } from '../layout/regionMask.js';

/**
 * Runs every texture step once on a small synthetic head (a 32 × 16 UV sphere, a 64-pixel photo, a
 * 512×256 texture) so that V8 has compiled them before the first avatar: the first bake in a fresh
 * process is otherwise about twice as slow as the following ones. For a worker's start, next to
 * the analyzer's and the geometry's warm-ups; takes a few hundred ms.
 *
 * ```ts
 * warmUpTexture();
 * ```
 */
export function warmUpTexture(): void {
  const mesh = uvSphere({ radius: 1, rings: 16, segments: 32 });
  const size = 64;
  const data = new Uint8Array(size * size * 3);
  const person = new Uint8Array(size * size), hair = new Uint8Array(size * size);
  for (let i = 0; i < size * size; i++) {
    const x = (i % size) - size / 2, y = Math.floor(i / size) - size / 2;
    const inside = x * x + y * y < (size * 0.45) ** 2;
    data.set(inside ? [200 + (i % 7), 160, 140] : [60, 90, 120], i * 3);
    person[i] = inside ? 255 : 0;
    hair[i] = inside && y < -size * 0.3 ? 255 : 0;
  }
  const input: BakeInput = {
    mesh,
    projection: projectOrthographic(mesh, { scale: size * 2.2, centerX: size / 2, centerY: size / 2 }),
    photo: { width: size, height: size, channels: 3, data },
    skin: { red: 200, green: 160, blue: 140 },
    masks: { person: { width: size, height: size, channels: 1, data: person }, hair: { width: size, height: size, channels: 1, data: hair } },
    faceOutline: [16, 16, 48, 16, 48, 52, 16, 52],
  };
  const options = { width: 512, height: 256 };
  for (let round = 0; round < 3; round++) bakeTexture(input, options);
  const baked = bakeTexture(input, { ...options, evenLighting: 1 });
  evenLighting(baked.texture, baked.skin);
  recolorRegion(baked.texture, regionMask(mesh, { faces: [200, 201, 202] }, options), { red: 180, green: 60, blue: 70 });
}

