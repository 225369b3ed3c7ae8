import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutNeckLayers } from '../src/pipelines/exports/neckLayers.js';
import { personaModelJson } from '../src/pipelines/exports/personaModelJson.js';
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
