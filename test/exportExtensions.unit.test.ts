import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutNeckLayers } from '../src/pipelines/exports/neckLayers.js';
import { personaModelJson } from '../src/pipelines/exports/personaModelJson.js';
import { eyeballMaps } from '../src/pipelines/exports/personaEyes.js';
import { EYE_IRIS_ANGLE, EYE_TEXTURE_DEFAULTS } from '../src/assets/eyes/index.js';
import { exportContext, resolveExportParameters } from '../src/pipelines/catalogue/index.js';
import { sceneBindPose } from '../src/formats/sceneBindPose.js';
import type { Scene } from '../src/formats/scene.js';
import type { StoredAnalysis } from '../src/pipelines/files.js';

/**
 * The persona_2.0 export extensions the creator's overrides use (docs/exports.md, "Our extensions"),
 * on small meshes whose answer is known: a tube of rings, a two-joint arm.
 */

/** An open tube of `rings` rings of `around` vertices, ring 0 lowest, capped at the top; the seam column doubled as UV seams are. */
function tube(rings: number, around: number) {
  const positions: number[] = [];
  for (let r = 0; r < rings; r++) {
    for (let a = 0; a <= around; a++) {
      const angle = (2 * Math.PI * (a % around)) / around;
      positions.push(Math.cos(angle), r * 0.1, Math.sin(angle));
    }
  }
  const cap = positions.length / 3;
  positions.push(0, (rings - 1) * 0.1 + 0.05, 0);
  const indices: number[] = [];
  const at = (r: number, a: number) => r * (around + 1) + a;
  for (let r = 0; r + 1 < rings; r++) {
    for (let a = 0; a < around; a++) indices.push(at(r, a), at(r + 1, a), at(r, a + 1), at(r, a + 1), at(r + 1, a), at(r + 1, a + 1));
  }
  for (let a = 0; a < around; a++) indices.push(at(rings - 1, a), cap, at(rings - 1, a + 1));
  const count = positions.length / 3;
  return {
    mesh: { positions: Float32Array.from(positions), indices: Uint32Array.from(indices) },
    skin: { joints: new Uint16Array(count * 4), weights: Float32Array.from({ length: count * 4 }, (_, i) => (i % 4 === 0 ? 1 : 0)) },
    morphTargets: [{ name: 'up', positions: Float32Array.from({ length: count * 3 }, (_, i) => (i % 3 === 1 ? 0.01 : 0)) }],
  };
}

test('remove_neck_layers: each layer is one ring of quads from the lowest open edge; the seam is not an edge', () => {
  const part = tube(6, 8);
  assert.equal(withoutNeckLayers(part, 0), part);
  for (const layers of [1, 3]) {
    const cut = withoutNeckLayers(part, layers);
    assert.equal(cut.mesh.indices.length / 3, (5 - layers) * 16 + 8, `${layers} layers`);
    const ys = Array.from({ length: cut.mesh.positions.length / 3 }, (_, v) => cut.mesh.positions[v * 3 + 1]);
    assert.ok(Math.abs(Math.min(...ys) - layers * 0.1) < 1e-6, 'the lowest ring left is the next one up');
    assert.equal(cut.morphTargets[0].positions.length, cut.mesh.positions.length);
    assert.equal(cut.skin.weights.length, (cut.mesh.positions.length / 3) * 4);
  }
});

test('animations.bind_pose: the clip\'s first frame becomes the rest pose and the skinned vertices follow it', () => {
  const quarter = [0, 0, Math.SQRT1_2, Math.SQRT1_2]; // 90° about z
  const scene: Scene = {
    name: 'arm',
    skeleton: [
      { name: 'Shoulder', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1] },
      { name: 'Elbow', parent: 0, translation: [1, 0, 0], rotation: [0, 0, 0, 1] },
    ],
    meshes: [{
      name: 'hand',
      mesh: { positions: Float32Array.from([2, 0, 0, 1, 0, 0]), normals: Float32Array.from([1, 0, 0, 1, 0, 0]), indices: new Uint32Array(0) },
      skin: { joints: Uint16Array.from([1, 0, 0, 0, 0, 1, 0, 0]), weights: Float32Array.from([1, 0, 0, 0, 0.5, 0.5, 0, 0]) },
      morphTargets: [{ name: 'longer', positions: Float32Array.from([0.5, 0, 0, 0, 0, 0]) }],
    }],
    animations: [{ name: 'Bend', channels: [{ joint: 1, times: Float32Array.from([0, 1]), rotations: Float32Array.from([...quarter, 0, 0, 0, 1]) }] }],
  };
  const posed = sceneBindPose(scene, 'Bend');
  const p = posed.meshes[0].mesh.positions;
  const near = (a: ArrayLike<number>, b: number[]) => b.every((x, i) => Math.abs(a[i] - x) < 1e-6);
  assert.ok(near(posed.skeleton![1].rotation, quarter), 'the elbow rests as the first frame holds it');
  // The hand, all on the elbow, turns up about it; the elbow's own vertex stays where both joints agree.
  assert.ok(near(p.subarray(0, 3), [1, 1, 0]), `hand at ${[...p.subarray(0, 3)]}`);
  assert.ok(near(p.subarray(3, 6), [1, 0, 0]));
  assert.ok(near(posed.meshes[0].mesh.normals!.subarray(0, 3), [0, 1, 0]));
  assert.ok(near(posed.meshes[0].morphTargets[0].positions.subarray(0, 3), [0, 0.5, 0]), 'the morph offset turns with the bone');
  assert.equal(scene.meshes[0].mesh.positions[0], 2, 'the input is left as it was');
  assert.throws(() => sceneBindPose(scene, 'Wave'), /no clip "Wave"/);
});

test('model_json: the five colours, and a remark instead of a guess when the eyebrows were not sampled', () => {
  const rgb = (v: number) => ({ red: v, green: v, blue: v });
  const colors = { skin: rgb(1), hair: rgb(2), iris: rgb(3), sclera: rgb(4), lips: rgb(5), brows: rgb(6) };
  assert.deepEqual(personaModelJson({ colors } as unknown as StoredAnalysis), {
    skin_color: rgb(1), hair_color: rgb(2), eye_iris_color: rgb(3), eyebrows_color: rgb(6), lips_color: rgb(5),
  });
  const old = personaModelJson({ colors: { ...colors, brows: undefined } } as unknown as StoredAnalysis);
  assert.equal(old.eyebrows_color, null);
  assert.match(String((old.remarks as Record<string, string>).eyebrows_color), /before eyebrow colours were sampled/);
});

test('avatar.colors.eyes: the iris takes the asked colour, keeps its fibres and limbal ring; the sclera and pupil stay', () => {
  const photo = { red: 96, green: 70, blue: 45 }, blue = { red: 60, green: 110, blue: 170 };
  // At 256² rather than the exports' 1024², to keep the test quick: the same painting.
  const before = eyeballMaps(photo, 256).color, after = eyeballMaps(blue, 256).color;
  const size = before.width;
  // The pupil's and the limbus's edges are antialiased over a texel and a half (eyeTexture.ts).
  const aa = (1.5 * 2 * Math.PI) / size / EYE_IRIS_ANGLE, pupil = EYE_TEXTURE_DEFAULTS.pupil;
  const sum = [0, 0, 0];
  let annulus = 0, scleraTexels = 0, pupilTexels = 0;
  // Per channel, after ÷ before over the iris: one ratio everywhere means the structure is the same.
  const ratios: number[][] = [[], [], []];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const k = y * size + x;
      const r = (2 * Math.PI * Math.hypot((x + 0.5) / size - 0.5, (y + 0.5) / size - 0.5)) / EYE_IRIS_ANGLE;
      if (r > 1.05 + aa && r < 5) {
        scleraTexels++;
        for (let c = 0; c < 3; c++) assert.equal(after.data[k * 3 + c], before.data[k * 3 + c], `sclera texel ${x},${y} changed`);
      } else if (r < pupil - aa) {
        pupilTexels++;
        for (let c = 0; c < 3; c++) assert.equal(after.data[k * 3 + c], before.data[k * 3 + c], `pupil texel ${x},${y} changed`);
      } else if (r >= pupil && r < 1) {
        annulus++;
        for (let c = 0; c < 3; c++) {
          sum[c] += after.data[k * 3 + c];
          // Away from the pupil's and the limbus's soft edges, which blend in texels that do not change.
          const inside = r > pupil + aa + 0.02 && r < 0.96;
          if (inside && before.data[k * 3 + c] >= 24 && after.data[k * 3 + c] < 250) ratios[c].push(after.data[k * 3 + c] / before.data[k * 3 + c]);
        }
      }
    }
  }
  assert.ok(scleraTexels > 500 && pupilTexels > 100 && annulus > 500, `${scleraTexels} sclera, ${pupilTexels} pupil, ${annulus} iris texels`);
  const mean = sum.map((s) => s / annulus);
  const goal = [blue.red, blue.green, blue.blue];
  for (let c = 0; c < 3; c++) assert.ok(Math.abs(mean[c] - goal[c]) <= 4, `iris mean ${mean.map(Math.round)} for ${goal}`);
  for (let c = 0; c < 3; c++) {
    const m = ratios[c].reduce((a, b) => a + b, 0) / ratios[c].length;
    const spread = Math.sqrt(ratios[c].reduce((a, b) => a + (b - m) ** 2, 0) / ratios[c].length) / m;
    assert.ok(spread < 0.08, `channel ${c}: the iris's relief changed (after ÷ before varies by ${(spread * 100).toFixed(1)} %)`);
  }
  // The export parameter carries it, and model.json reports it as the export's iris colour.
  const ctx = exportContext('persona_2.0', 'female', 'pro');
  const resolved = resolveExportParameters({ avatar: { colors: { eyes: blue } } }, ctx);
  assert.ok(resolved.ok, JSON.stringify(resolved));
  const colors = (resolved.value as { persona?: { avatar: { colors: unknown } } }).persona!.avatar.colors;
  assert.deepEqual(colors, { skin: null, lips: null, eyebrows: null, eyes: blue });
  const analysis = { colors: { skin: photo, hair: photo, iris: photo, lips: photo, brows: photo } } as unknown as StoredAnalysis;
  assert.deepEqual(personaModelJson(analysis, colors as never).eye_iris_color, blue);
});
