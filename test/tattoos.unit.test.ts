import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { bodySkeleton, bodySkinWeights, bodyTexture, meshSkinWeights, sceneJoints, solveBodyShape, type BodyMesh, type BodyTextures } from '../src/assets/body/index.js';
import type { SceneJoint, SceneSkin } from '../src/formats/scene.js';
import { exportContext, resolveExportParameters, TATTOO_DEFAULTS, type PersonaTattooPlacement } from '../src/pipelines/catalogue/index.js';
import { fabricTexels } from '../src/pipelines/exports/personaTattoos.js';
import { jointPositions, texelSurface, type Vec3 } from '../src/pipelines/exports/tattooDecal.js';
import { tattooPlacement } from '../src/pipelines/exports/tattooPlacements.js';
import { paintTattoos } from '../src/texture/edits/paintTattoos.js';
import type { TattooDesignName } from '../src/texture/edits/tattooDesigns.js';

describe('avatar.tattoos parameters', () => {
  const ctx = exportContext('persona_2.0', 'female', 'pro');
  const errors = (tattoos: unknown) => {
    const r = resolveExportParameters({ avatar: { tattoos } }, ctx);
    assert.ok(!r.ok, 'a 400 was expected');
    return (r as { errors: Record<string, string[]> }).errors;
  };
  const tattoosOf = (r: { value?: unknown }) => (r.value as unknown as { persona: { avatar: { tattoos: unknown } } }).persona.avatar.tattoos;

  test('a tattoo takes the default ink, opacity and scale; tattoos come in the catalogue\'s placement order; none by default', () => {
    const r = resolveExportParameters({ avatar: { tattoos: [{ name: 'anchor', placement: 'upper_back' }, { name: 'rose', placement: 'left_forearm', color: { red: 90, green: 10, blue: 20 }, opacity: 0.5, scale: 0.6 }] } }, ctx);
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual(tattoosOf(r), [
      { name: 'rose', placement: 'left_forearm', color: { red: 90, green: 10, blue: 20 }, opacity: 0.5, scale: 0.6 },
      { name: 'anchor', placement: 'upper_back', ...TATTOO_DEFAULTS },
    ]);
    const none = resolveExportParameters({}, ctx);
    assert.ok(none.ok);
    assert.deepEqual(tattoosOf(none), []);
  });

  test('bad designs, placements and values are 400s naming the field', () => {
    assert.ok(errors([{ name: 'skull', placement: 'left_forearm' }])['parameters.avatar.tattoos[0].name']);
    assert.ok(errors([{ name: 'rose', placement: 'forehead' }])['parameters.avatar.tattoos[0].placement']);
    assert.ok(errors([{ name: 'rose' }])['parameters.avatar.tattoos[0].placement']);
    assert.ok(errors([{ placement: 'left_calf' }])['parameters.avatar.tattoos[0].name']);
    assert.ok(errors([{ name: 'rose', placement: 'left_calf', opacity: 2 }])['parameters.avatar.tattoos[0].opacity']);
    assert.ok(errors([{ name: 'rose', placement: 'left_calf', scale: 0.1 }])['parameters.avatar.tattoos[0].scale']);
    assert.ok(errors([{ name: 'rose', placement: 'left_calf' }, { name: 'anchor', placement: 'left_calf' }])['parameters.avatar.tattoos[1].placement']);
    assert.ok(errors(new Array(7).fill(0).map((_, i) => ({ name: 'rose', placement: ['left_forearm', 'right_forearm', 'left_upper_arm', 'right_upper_arm', 'chest_left', 'upper_back', 'left_calf'][i] })))['parameters.avatar.tattoos']);
    assert.ok(errors({ name: 'rose', placement: 'left_calf' })['parameters.avatar.tattoos']);
  });
});

describe('avatar.tattoos painting', () => {
  test('the ink lands inside the placement\'s area only, darker than the skin, with the skin\'s detail kept under it', async () => {
    const width = 256, height = 128;
    const data = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) [data[i * 3], data[i * 3 + 1], data[i * 3 + 2]] = [200 + (i % 7), 150 + (i % 5), 120];
    const texture = { width, height, channels: 3 as const, data };
    const area = new Uint8Array(width * height);
    for (let y = 20; y < 100; y++) for (let x = 60; x < 140; x++) area[y * width + x] = 1;
    // The design square on the box, one texel of it per texel.
    const texels = Uint32Array.from([...area.keys()].filter((i) => area[i]));
    const at = Float32Array.from([...texels].flatMap((i) => [((i % width) + 0.5 - 60) / 80, (Math.floor(i / width) + 0.5 - 20) / 80]));
    const inked = await paintTattoos(texture, [{ name: 'anchor', texels, at, color: { red: 29, green: 35, blue: 48 }, opacity: 0.85, scale: 1 }]);
    let inside = 0;
    for (let i = 0; i < width * height; i++) {
      const same = [0, 1, 2].every((c) => inked.data[i * 3 + c] === data[i * 3 + c]);
      if (!area[i]) assert.ok(same, `texel ${i} outside the placement changed`);
      else if (!same) {
        inside++;
        assert.ok(inked.data[i * 3] < data[i * 3], 'ink darkens');
      }
    }
    assert.ok(inside > 300, `${inside} inked texels`);
    // Multiplied, not pasted: two skin texels of different lightness stay different under full ink.
    const under = new Set<number>();
    for (let i = 0; i < width * height; i++) if (area[i] && inked.data[i * 3] < 80) under.add(inked.data[i * 3]);
    assert.ok(under.size > 1, 'the skin\'s variation shows through the ink');
  });
});

describe('avatar.tattoos on a body', () => {
  const SIZE = 1024;
  let body: BodyMesh, skin: SceneSkin, joints: SceneJoint[], textures: BodyTextures;
  /** Every texel of the body's map with the point of the body it shows. */
  let points: Map<number, Vec3>;

  before(() => {
    body = solveBodyShape({ gender: 'female' }).body;
    const skeleton = bodySkeleton(body.proportions);
    skin = meshSkinWeights(bodySkinWeights(body, skeleton), body.vertexOf);
    joints = sceneJoints(skeleton);
    textures = bodyTexture(body, { size: SIZE });
    const all = Array.from({ length: body.mesh.indices.length / 3 }, (_, i) => i * 3);
    const surface = texelSurface(body.mesh, all, SIZE, SIZE);
    points = new Map([...surface.texels].map((texel, k) => [texel, [surface.positions[k * 3], surface.positions[k * 3 + 1], surface.positions[k * 3 + 2]] as Vec3]));
  });

  /** The texels `name` inks at `placement` on the body's own texture, off its underwear. */
  async function inked(placement: PersonaTattooPlacement, name: TattooDesignName): Promise<number[]> {
    const placed = tattooPlacement(body.mesh, skin, joints, placement, SIZE, SIZE, fabricTexels(textures.roughness, SIZE, SIZE));
    assert.ok(placed, `${placement} has skin`);
    const out = await paintTattoos(textures.model, [{ name, ...placed, color: { red: 0, green: 0, blue: 0 }, opacity: 1, scale: 1 }]);
    const texels: number[] = [];
    for (let i = 0; i < SIZE * SIZE; i++) if (out.data[i * 3] < textures.model.data[i * 3] * 0.5) texels.push(i);
    return texels;
  }

  /** The inked points' mean and main axis (by power iteration on their covariance). */
  function principal(texels: number[]): { mean: Vec3; axis: Vec3; spread: [number, number] } {
    const ps = texels.map((t) => points.get(t)!).filter(Boolean);
    const mean = [0, 1, 2].map((k) => ps.reduce((a, p) => a + p[k], 0) / ps.length) as Vec3;
    const c = [0, 1, 2].map((i) => [0, 1, 2].map((j) => ps.reduce((a, p) => a + (p[i] - mean[i]) * (p[j] - mean[j]), 0) / ps.length));
    let axis: Vec3 = [1, 1, 1];
    for (let n = 0; n < 100; n++) {
      const next = [0, 1, 2].map((i) => c[i][0] * axis[0] + c[i][1] * axis[1] + c[i][2] * axis[2]);
      const l = Math.hypot(...next);
      axis = [next[0] / l, next[1] / l, next[2] / l];
    }
    const along = ps.map((p) => (p[0] - mean[0]) * axis[0] + (p[1] - mean[1]) * axis[1] + (p[2] - mean[2]) * axis[2]);
    const across = ps.map((p, k) => Math.hypot(p[0] - mean[0] - along[k] * axis[0], p[1] - mean[1] - along[k] * axis[1], p[2] - mean[2] - along[k] * axis[2]));
    return { mean, axis, spread: [Math.max(...along) - Math.min(...along), 2 * Math.max(...across)] };
  }

  const unit = (a: Vec3, b: Vec3): Vec3 => {
    const d: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], l = Math.hypot(...d);
    return [d[0] / l, d[1] / l, d[2] / l];
  };
  const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

  test('on a forearm a design runs along the limb, unstretched; a band goes round it', async () => {
    const at = jointPositions(joints);
    for (const side of ['Left', 'Right'] as const) {
      const placement = side === 'Left' ? 'left_forearm' : 'right_forearm';
      const wristToElbow = unit(at.get(`${side}Hand`)!, at.get(`${side}ForeArm`)!);
      // The rose is tall: its stem below a heavy flower.
      const rose = await inked(placement, 'rose');
      assert.ok(rose.length > 100, `${rose.length} texels of rose`);
      const { axis, spread } = principal(rose);
      assert.ok(Math.abs(dot(axis, wristToElbow)) > 0.9, `${side} rose's axis ${axis.map((v) => v.toFixed(2))} against the forearm ${wristToElbow.map((v) => v.toFixed(2))}`);
      // The design is 76 units tall and 44 wide (tattooDesigns.ts): about that on the skin too.
      const aspect = spread[0] / spread[1];
      assert.ok(aspect > 1.3 && aspect < 2.4, `${side} rose's length / width ${aspect.toFixed(2)}`);
      // A band is wide: it lies across the forearm.
      const band = principal(await inked(placement, 'tribal_band'));
      assert.ok(Math.abs(dot(band.axis, wristToElbow)) < 0.5, `${side} band's axis ${band.axis.map((v) => v.toFixed(2))} runs along the forearm`);
    }
  });

  test('everywhere a design\'s top is towards the elbow, shoulder, knee or neck: its rows climb the bone', () => {
    const at = jointPositions(joints);
    const bones = {
      left_forearm: ['LeftHand', 'LeftForeArm'], right_forearm: ['RightHand', 'RightForeArm'], left_upper_arm: ['LeftForeArm', 'LeftArm'], right_upper_arm: ['RightForeArm', 'RightArm'],
      chest_left: ['Spine1', 'Neck'], upper_back: ['Spine1', 'Neck'], left_calf: ['LeftFoot', 'LeftLeg'], right_calf: ['RightFoot', 'RightLeg'],
    } as const;
    for (const [placement, [from, to]] of Object.entries(bones) as [PersonaTattooPlacement, readonly [string, string]][]) {
      const up = unit(at.get(from)!, at.get(to)!);
      const placed = tattooPlacement(body.mesh, skin, joints, placement, SIZE, SIZE)!;
      // Over the design's square: its row (0 at the top) against the height of the body's point up the bone.
      const rows: number[] = [], heights: number[] = [];
      placed.texels.forEach((t, k) => {
        const [x, y] = [placed.at[k * 2], placed.at[k * 2 + 1]];
        if (x > 0 && x < 1 && y > 0 && y < 1) { rows.push(y); heights.push(dot(points.get(t)!, up)); }
      });
      assert.ok(rows.length > 500, `${placement}: ${rows.length} texels under the design`);
      const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
      const [mr, mh] = [mean(rows), mean(heights)];
      const cov = mean(rows.map((r, k) => (r - mr) * (heights[k] - mh)));
      const r = cov / Math.sqrt(mean(rows.map((v) => (v - mr) ** 2)) * mean(heights.map((v) => (v - mh) ** 2)));
      assert.ok(r < -0.9, `${placement}: the design's rows against the height up ${from}→${to} correlate ${r.toFixed(2)} (−1: upright)`);
    }
  });

  test('seen from outside a design is not mirrored: left to right it runs to the viewer\'s right, the avatar\'s left on the chest and its right on the back', () => {
    for (const [placement, sign] of [['chest_left', 1], ['upper_back', -1]] as const) {
      const placed = tattooPlacement(body.mesh, skin, joints, placement, SIZE, SIZE)!;
      const xs: number[] = [], worldXs: number[] = [];
      placed.texels.forEach((t, k) => {
        const [x, y] = [placed.at[k * 2], placed.at[k * 2 + 1]];
        if (x > 0 && x < 1 && y > 0 && y < 1) { xs.push(x); worldXs.push(points.get(t)![0]); }
      });
      const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
      const [mx, mw] = [mean(xs), mean(worldXs)];
      const r = mean(xs.map((x, k) => (x - mx) * (worldXs[k] - mw))) / Math.sqrt(mean(xs.map((x) => (x - mx) ** 2)) * mean(worldXs.map((w) => (w - mw) ** 2)));
      // The skeleton's +x is the avatar's left: the viewer's right seen from the front, left from behind.
      assert.ok(r * sign > 0.9, `${placement}: the design's columns against the body's x correlate ${r.toFixed(2)}`);
    }
  });

  test('no ink on the underwear: the chest goes above the bra\'s cup, and a band across the back stops at its straps', async () => {
    for (const placement of ['chest_left', 'upper_back'] as const) {
      const band = await inked(placement, 'tribal_band');
      assert.ok(band.length > 50, `${placement}: ${band.length} texels inked`);
      const onFabric = band.filter((t) => textures.kinds.data[t] === 3).length;
      assert.equal(onFabric, 0, `${placement}: ${onFabric} inked texels on the underwear`);
    }
    // The left of the chest: the avatar's left (+x), its front (+z), above the bust.
    const chest = principal(await inked('chest_left', 'compass'));
    const at = jointPositions(joints);
    assert.ok(chest.mean[0] > 0.02 && chest.mean[2] > 0 && chest.mean[1] > at.get('Spine2')![1], `the chest's ink is at ${chest.mean.map((v) => v.toFixed(2))}`);
  });
});
