import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkImage, projectOrthographic, rasterizeGrid, uvSphere, type Mask } from '../src/core/index.js';
import { decodeTexture, encodeMaskPng } from '../src/formats/image.js';
import { photoCamera, photoProjection, projectToPhoto } from '../src/geometry/index.js';
import type { Mat3 } from '../src/geometry/rotation.js';

describe('core', () => {
  test('the depth rasteriser keeps the nearest of two overlapping triangles and leaves uncovered points at +Infinity', () => {
    // Two triangles over the same 4×4 grid corner, depth 5 and depth 2.
    const u = [0, 3, 0, 0, 3, 0];
    const v = [0, 0, 3, 0, 0, 3];
    const depth = [5, 5, 5, 2, 2, 2];
    const out = rasterizeGrid(new Uint32Array([0, 1, 2, 3, 4, 5]), u, v, depth, 4, 4);
    assert.equal(out[0], 2);
    assert.equal(out[1 * 4 + 1], 2);
    assert.equal(out[3 * 4 + 3], Infinity);
  });

  test('every projection measures depth as the distance from the camera: larger is farther', () => {
    const sphere = uvSphere({ radius: 0.1 });
    // The camera looks at the sphere's +Z side (the face looks towards +Z, into the camera).
    const orthographic = projectOrthographic(sphere, { scale: 1000, centerX: 200, centerY: 200 });
    const identity: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const fitted = photoProjection(sphere, photoCamera(1000, identity, [200, -200, 0]));
    const n = sphere.positions.length / 3;
    let front = 0, back = 0;
    for (let i = 0; i < n; i++) {
      if (sphere.positions[i * 3 + 2] > sphere.positions[front * 3 + 2]) front = i;
      if (sphere.positions[i * 3 + 2] < sphere.positions[back * 3 + 2]) back = i;
    }
    assert.ok(orthographic.depth[front] < orthographic.depth[back]);
    assert.ok(fitted.depth[front] < fitted.depth[back]);
    assert.equal(fitted.visible[front], 1);
    assert.equal(fitted.visible[back], 0);
    const [px, py, pz] = sphere.positions.subarray(front * 3, front * 3 + 3);
    const [x, y, d] = projectToPhoto(photoCamera(1000, identity, [200, -200, 0]), px, py, pz);
    assert.ok(Math.abs(x - fitted.x[front]) < 1e-3 && Math.abs(y - fitted.y[front]) < 1e-3 && Math.abs(d - fitted.depth[front]) < 1e-3);
  });

  test('a mask is a one-channel image, stored as a grey PNG that decodes to the same values', async () => {
    const mask: Mask = { width: 3, height: 2, channels: 1, data: new Uint8Array([0, 128, 255, 255, 128, 0]) };
    checkImage(mask, 'the mask');
    const decoded = await decodeTexture(await encodeMaskPng(mask));
    assert.equal(decoded.width, 3);
    assert.deepEqual([...decoded.data].filter((_, i) => i % decoded.channels === 0), [...mask.data]);
  });
});
