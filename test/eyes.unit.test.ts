import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { headTemplate } from '../src/assets/index.js';
import {
  corneaMesh, EYE_IRIS_ANGLE, eyeballMesh, eyeDirection, eyePlacement, eyeTexture, eyeUv,
} from '../src/assets/eyes/index.js';
import type { Mesh } from '../src/core/mesh.js';

/** The spec's persona_2.0 parts: vertices and faces per LOD. */
const SPEC = {
  eyeball: { 1: [481, 791], 2: [148, 200] },
  cornea: { 1: [457, 830], 2: [138, 244] },
} as const;

const builders = { eyeball: eyeballMesh, cornea: corneaMesh };
const LODS = [1, 2] as const;
const meshes = (): { label: string; mesh: Mesh }[] =>
  (['eyeball', 'cornea'] as const).flatMap((part) => LODS.map((lod) => ({ label: `${part} LOD${lod}`, mesh: builders[part]({ lod }) })));

const within = (value: number, target: number, tolerance: number): boolean => Math.abs(value / target - 1) <= tolerance;

describe('eye meshes', () => {
  test('eyeballs and corneas have the spec counts of vertices and faces within ±3 % at both LODs', () => {
    for (const part of ['eyeball', 'cornea'] as const) {
      for (const lod of LODS) {
        const mesh = builders[part]({ lod });
        const [vertices, faces] = SPEC[part][lod];
        assert.ok(within(mesh.positions.length / 3, vertices, 0.03), `${part} LOD${lod}: ${mesh.positions.length / 3} vertices for ${vertices}`);
        assert.ok(within(mesh.indices.length / 3, faces, 0.03), `${part} LOD${lod}: ${mesh.indices.length / 3} faces for ${faces}`);
      }
    }
  });

  test('every normal is of unit length and points outward, away from the eyeball centre', () => {
    for (const { label, mesh } of meshes()) {
      const p = mesh.positions, n = mesh.normals!;
      assert.equal(n.length, p.length, label);
      for (let v = 0; v < p.length / 3; v++) {
        const length = Math.hypot(n[v * 3], n[v * 3 + 1], n[v * 3 + 2]);
        assert.ok(Math.abs(length - 1) < 1e-4, `${label} vertex ${v}: normal of length ${length}`);
        assert.ok(n[v * 3] * p[v * 3] + n[v * 3 + 1] * p[v * 3 + 1] + n[v * 3 + 2] * p[v * 3 + 2] > 0, `${label} vertex ${v}: normal points inward`);
      }
    }
  });

  test('every triangle has area, and faces outward (counter-clockwise seen from outside)', () => {
    for (const { label, mesh } of meshes()) {
      const p = mesh.positions, I = mesh.indices;
      for (let t = 0; t < I.length; t += 3) {
        const [a, b, c] = [I[t], I[t + 1], I[t + 2]];
        const e = [0, 1, 2].map((k) => p[b * 3 + k] - p[a * 3 + k]), f = [0, 1, 2].map((k) => p[c * 3 + k] - p[a * 3 + k]);
        const cross = [e[1] * f[2] - e[2] * f[1], e[2] * f[0] - e[0] * f[2], e[0] * f[1] - e[1] * f[0]];
        const area = Math.hypot(...cross) / 2;
        assert.ok(area > 1e-10, `${label} triangle ${t / 3}: area ${area} m²`);
        const out = [0, 1, 2].reduce((s, k) => s + cross[k] * (p[a * 3 + k] + p[b * 3 + k] + p[c * 3 + k]), 0);
        assert.ok(out > 0, `${label} triangle ${t / 3} faces inward`);
      }
    }
  });

  test('UVs are in [0, 1], the front pole at the texture centre and the limbus on its circle', () => {
    for (const { label, mesh } of meshes()) {
      const uv = mesh.uvs!;
      assert.equal(uv.length, (mesh.positions.length / 3) * 2, label);
      for (const value of uv) assert.ok(value >= 0 && value <= 1, `${label}: UV ${value}`);
      assert.deepEqual([uv[0], uv[1]], [0.5, 0.5], `${label}: the front pole`);
    }
    const [u, v] = eyeUv(EYE_IRIS_ANGLE, Math.PI / 2);
    assert.ok(Math.abs(u - 0.5) < 1e-9 && v < 0.5, 'up (+Y) is up the image');
    assert.ok(Math.abs(eyeDirection(u, v).theta - EYE_IRIS_ANGLE) < 1e-9);
  });

  test('the cornea clears the eyeball by at least 0.1 mm everywhere and bulges over the iris', () => {
    for (const lod of LODS) {
      const radius = 0.0118;
      const ball = eyeballMesh({ lod, radius }), cornea = corneaMesh({ lod, radius });
      const p = cornea.positions;
      let apex = 0;
      for (let v = 0; v < p.length / 3; v++) {
        const distance = Math.hypot(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]);
        assert.ok(distance >= radius + 0.0001, `LOD${lod} cornea vertex ${v} is ${((distance - radius) * 1000).toFixed(3)} mm outside the eyeball`);
        apex = Math.max(apex, p[v * 3 + 2]);
      }
      const rise = apex - radius;
      assert.ok(rise >= 0.0005 && rise <= 0.001, `LOD${lod}: the corneal apex rises ${rise * 1000} mm`);
      // No eyeball vertex pokes through: the eyeball's front lies within the sphere the cornea clears.
      for (let v = 0; v < ball.positions.length / 3; v++) {
        const q = ball.positions;
        assert.ok(Math.hypot(q[v * 3], q[v * 3 + 1], q[v * 3 + 2]) <= radius + 1e-7, `LOD${lod} eyeball vertex ${v}`);
      }
      // The cornea covers the front of the eyeball well past the limbus.
      const rim = Math.max(...Array.from({ length: p.length / 3 }, (_, v) => Math.atan2(Math.hypot(p[v * 3], p[v * 3 + 1]), p[v * 3 + 2])));
      assert.ok(rim > 1.5 * EYE_IRIS_ANGLE, `LOD${lod}: the cornea reaches ${((rim * 180) / Math.PI).toFixed(1)}°`);
    }
  });
});

describe('eye texture', () => {
  const size = 256;
  const mean = (data: Uint8Array, pick: (theta: number) => boolean): number[] => {
    const sum = [0, 0, 0];
    let count = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (!pick(eyeDirection((x + 0.5) / size, (y + 0.5) / size).theta)) continue;
        for (let c = 0; c < 3; c++) sum[c] += data[(y * size + x) * 3 + c];
        count++;
      }
    }
    return sum.map((s) => s / count);
  };

  test('the iris between pupil and limbus averages the asked colour, the pupil is black, the sclera light', () => {
    for (const irisColor of [{ red: 70, green: 110, blue: 150 }, { red: 96, green: 70, blue: 45 }, { red: 90, green: 120, blue: 60 }]) {
      const { color } = eyeTexture({ irisColor, size, pupil: 0.37 });
      const iris = mean(color.data, (t) => t >= 0.37 * EYE_IRIS_ANGLE && t < EYE_IRIS_ANGLE);
      [irisColor.red, irisColor.green, irisColor.blue].forEach((target, c) => {
        assert.ok(Math.abs(iris[c] - target) < 8, `iris channel ${c}: ${iris[c].toFixed(1)} for ${target}`);
      });
      const pupil = mean(color.data, (t) => t < 0.3 * EYE_IRIS_ANGLE);
      assert.ok(Math.max(...pupil) < 20, `pupil ${pupil.map(Math.round)}`);
      const sclera = mean(color.data, (t) => t > 1.3 * EYE_IRIS_ANGLE && t < 1.9 * EYE_IRIS_ANGLE);
      assert.ok(Math.min(...sclera) > 190 && sclera[0] >= sclera[2], `sclera ${sclera.map(Math.round)}: light and warm`);
      const back = mean(color.data, (t) => t > 2.8 && t < Math.PI);
      assert.ok(back[0] < sclera[0] * 0.8, 'the back is darker than the front');
    }
  });

  test('the same seed paints the same texture, another seed another one; roughness is the sclera\'s and the iris\'s', () => {
    const a = eyeTexture({ size: 64, seed: 4 }), b = eyeTexture({ size: 64, seed: 4 }), c = eyeTexture({ size: 64, seed: 5 });
    assert.deepEqual(a.color.data, b.color.data);
    assert.notDeepEqual(a.color.data, c.color.data);
    assert.equal(a.roughness.data[0], Math.round(0.35 * 255));
    assert.equal(a.roughness.data[32 * 64 + 32], Math.round(0.4 * 255));
  });
});

describe('eye placement', () => {
  test('on the template head each eyeball sits behind its opening, left at +x, and the two mirror each other', () => {
    const head = headTemplate('head_2.0 head/mobile');
    const regions = { left: head.regions.leftEye.vertices, right: head.regions.rightEye.vertices };
    const seats = eyePlacement(head.mesh, regions);
    const p = head.mesh.positions;
    for (const side of ['left', 'right'] as const) {
      const { centre, radius } = seats[side];
      assert.ok(radius >= 0.0105 && radius <= 0.0125, `${side} radius ${radius}`);
      const opening = Array.from(regions[side], (v) => [p[v * 3], p[v * 3 + 1], p[v * 3 + 2]]);
      const [x0, x1] = [Math.min(...opening.map((q) => q[0])), Math.max(...opening.map((q) => q[0]))];
      const [y0, y1] = [Math.min(...opening.map((q) => q[1])), Math.max(...opening.map((q) => q[1]))];
      const front = Math.max(...opening.map((q) => q[2]));
      assert.ok(centre[0] > x0 && centre[0] < x1 && centre[1] >= y0 - 1e-6 && centre[1] <= y1 + 1e-6, `${side} centre ${centre} is not behind the opening`);
      assert.ok(centre[2] < Math.min(...opening.map((q) => q[2])) - 0.005, `${side} centre is not well behind the opening`);
      // The ball's front meets the opening's surface: within a millimetre of its frontmost vertex.
      assert.ok(Math.abs(centre[2] + radius - front) < 0.001, `${side}: the ball's front is ${((centre[2] + radius - front) * 1000).toFixed(2)} mm from the opening's`);
    }
    assert.ok(seats.left.centre[0] > 0 && seats.right.centre[0] < 0, 'left is +x');
    assert.ok(Math.abs(seats.left.centre[0] + seats.right.centre[0]) < 1e-4, 'the centres mirror in x');
    for (const k of [1, 2]) assert.ok(Math.abs(seats.left.centre[k] - seats.right.centre[k]) < 1e-4);
    assert.ok(Math.abs(seats.left.radius - seats.right.radius) < 1e-6);
  });

  test('an opening with no vertices is refused', () => {
    assert.throws(() => eyePlacement(eyeballMesh(), { left: new Uint32Array(), right: new Uint32Array([0]) }), /left eye opening/);
  });
});
