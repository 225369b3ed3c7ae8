import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createFaceAnalyzer, type FaceAnalyzer } from '../src/analysis/index.js';
import { headTemplate } from '../src/assets/index.js';
import { avatarTeeth, teethDeltas, type Teeth } from '../src/assets/teeth.js';
import { blendshapeSet, boundPositions, computeNormals, fitHead, headSurface, type FittedHead, type Mesh } from '../src/geometry/index.js';

// Compiled to dist/test/: the project root is two levels up.
const PHOTOS = fileURLToPath(new URL('../../test/fixtures/photos/', import.meta.url));

let analyzer: FaceAnalyzer;
let heads: { label: string; head: FittedHead; teeth: Teeth; shapes: Map<string, Float32Array> }[];

before(async () => {
  analyzer = await createFaceAnalyzer();
  const astronaut = await analyzer.analyze(await readFile(PHOTOS + 'astronaut.png'));
  const messi = await analyzer.analyze(await readFile(PHOTOS + 'messi5.jpg'));
  const set = blendshapeSet('mobile_51');
  heads = [
    ['astronaut on head_2.0 bust/mobile', fitHead(headTemplate('head_2.0 bust/mobile'), astronaut)],
    ['messi5 on head_2.0 bust/mobile', fitHead(headTemplate('head_2.0 bust/mobile'), messi)],
    ['astronaut on head_2.0 head/mobile', fitHead(headTemplate('head_2.0 head/mobile'), astronaut)],
  ].map(([label, head]) => {
    const fitted = head as FittedHead;
    const deltas = set.deltas(fitted);
    return { label: label as string, head: fitted, teeth: avatarTeeth(fitted), shapes: new Map(set.names.map((n, i) => [n, deltas[i]])) };
  });
});

after(async () => {
  await analyzer.close();
});

/** The head's skin alone (no mouth bag), moved by d, with its own normals: the surface the lips and cheeks are. */
function skin(head: FittedHead, d?: Float32Array): Mesh {
  const positions = d ? head.mesh.positions.map((x, k) => x + d[k]) : head.mesh.positions;
  return computeNormals({ positions, indices: head.mesh.indices.slice(0, head.template.mouth.firstBagTriangle * 3) });
}

/** The largest signed distance of the chosen teeth vertices (moved by d) from a surface: negative when all are inside. */
function outermost(surface: Mesh, teeth: Teeth, which: (v: number) => boolean, d?: Float32Array): number {
  const s = headSurface(surface), p = teeth.mesh.positions;
  let worst = -Infinity;
  for (let v = 0; v < p.length / 3; v++) {
    if (!which(v)) continue;
    const q = [0, 1, 2].map((k) => p[v * 3 + k] + (d ? d[v * 3 + k] : 0));
    worst = Math.max(worst, s.closest(q[0], q[1], q[2]).distance);
  }
  return worst;
}

const all = (): boolean => true;

describe('avatar teeth', () => {
  test('two arches of a few hundred triangles each, none degenerate, normals outward, UVs along the arch and up the crown', () => {
    for (const { label, teeth } of heads) {
      const { positions: p, indices: idx, normals, uvs } = teeth.mesh;
      const triangles = idx.length / 3, count = p.length / 3;
      assert.ok(triangles >= 400 && triangles <= 1500, `${label}: ${triangles} triangles`);
      assert.equal(teeth.lower.length, count);
      const lower = teeth.lower.reduce((s, x) => s + x, 0);
      assert.ok(lower > 0.4 * count && lower < 0.6 * count, `${label}: ${lower} of ${count} vertices on the lower arch`);
      // u runs the arch's length end to end, v from the biting edge (0) to the gum line (1).
      assert.ok(uvs && uvs.every((u) => u >= 0 && u <= 1));
      const us = uvs.filter((_, i) => i % 2 === 0), vs = uvs.filter((_, i) => i % 2 === 1);
      assert.ok(Math.min(...us) === 0 && Math.max(...us) === 1 && Math.min(...vs) === 0 && Math.max(...vs) === 1);
      assert.ok(normals && normals.length === p.length);
      // Each arch is closed: every edge has two triangles, in opposite directions (consistent winding).
      const edges = new Map<string, number>();
      for (let t = 0; t < triangles; t++) {
        const c = [idx[t * 3], idx[t * 3 + 1], idx[t * 3 + 2]];
        const e1 = [0, 1, 2].map((k) => p[c[1] * 3 + k] - p[c[0] * 3 + k]), e2 = [0, 1, 2].map((k) => p[c[2] * 3 + k] - p[c[0] * 3 + k]);
        const area = Math.hypot(e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]) / 2;
        assert.ok(area > 1e-9, `${label}: triangle ${t} is degenerate (${area} m²)`);
        for (let k = 0; k < 3; k++) edges.set(`${c[k]},${c[(k + 1) % 3]}`, (edges.get(`${c[k]},${c[(k + 1) % 3]}`) ?? 0) + 1);
      }
      for (const [edge, n] of edges) {
        const [a, b] = edge.split(',');
        assert.equal(n, 1, `${label}: edge ${edge} used twice in one direction`);
        assert.equal(edges.get(`${b},${a}`), 1, `${label}: edge ${edge} is open`);
      }
      // Closed and consistently wound, so outward everywhere if outward at the incisors' front (+z).
      for (const arch of [0, 1]) {
        const vs = Array.from({ length: count }, (_, v) => v).filter((v) => teeth.lower[v] === arch);
        const front = Math.max(...vs.map((v) => p[v * 3 + 2]));
        const incisor = vs.find((v) => p[v * 3 + 2] === front)!;
        assert.ok(normals![incisor * 3 + 2] > 0.5, `${label}: incisor normal ${normals![incisor * 3 + 2]}`);
      }
    }
  });

  test('placed from the landmarks: behind the inner lips by 4–6 mm, about 0.75 of the mouth wide, upper edges near the slit', () => {
    for (const { label, head, teeth } of heads) {
      const l = boundPositions(head.mesh.positions, head.mesh.indices, head.template.landmarks);
      const p = teeth.mesh.positions, count = p.length / 3;
      const upper = Array.from({ length: count }, (_, v) => v).filter((v) => !teeth.lower[v]);
      const front = Math.max(...upper.map((v) => p[v * 3 + 2]));
      const lips = Math.min(l[13 * 3 + 2], l[14 * 3 + 2]);
      assert.ok(lips - front >= 0.004 && lips - front <= 0.006, `${label}: ${(lips - front) * 1000} mm behind the lips`);
      const xs = upper.map((v) => p[v * 3]);
      const width = Math.max(...xs) - Math.min(...xs), mouth = Math.hypot(l[291 * 3] - l[61 * 3], l[291 * 3 + 1] - l[61 * 3 + 1], l[291 * 3 + 2] - l[61 * 3 + 2]);
      assert.ok(width / mouth > 0.65 && width / mouth < 0.85, `${label}: width ${width / mouth} of the mouth's`);
      const edge = Math.min(...upper.map((v) => p[v * 3 + 1])), slit = (l[13 * 3 + 1] + l[14 * 3 + 1]) / 2;
      assert.ok(Math.abs(edge - slit) < 0.003, `${label}: upper edge ${(edge - slit) * 1000} mm from the slit`);
      const depth = front - Math.min(...upper.map((v) => p[v * 3 + 2]));
      assert.ok(depth > 0.03 && depth < 0.045, `${label}: arch ${depth * 1000} mm deep`);
    }
  });

  test('at rest every tooth is inside the head: behind the lips, inside the cheeks', () => {
    for (const { label, head, teeth } of heads) {
      const worst = outermost(skin(head), teeth, all);
      assert.ok(worst < -0.002, `${label}: a tooth ${worst * 1000} mm from the skin`);
    }
  });

  test('jawOpen at 1.0 drops the lower teeth with the chin and keeps them behind the lower lip; the upper teeth stay', () => {
    for (const { label, head, teeth, shapes } of heads) {
      const jaw = shapes.get('jawOpen')!;
      const d = teethDeltas(teeth, head, jaw);
      const l = boundPositions(jaw, head.mesh.indices, head.template.landmarks);
      let drop = 0;
      for (let v = 0; v < teeth.lower.length; v++) {
        const moved = Math.hypot(d[v * 3], d[v * 3 + 1], d[v * 3 + 2]);
        if (!teeth.lower[v]) assert.equal(moved, 0, `${label}: an upper tooth moves`);
        else drop = Math.min(drop, d[v * 3 + 1]);
      }
      assert.ok(drop < -0.008, `${label}: the lower teeth drop ${drop * 1000} mm`);
      assert.ok(drop > l[152 * 3 + 1] - 0.003, `${label}: teeth drop ${drop * 1000} mm, the chin ${l[152 * 3 + 1] * 1000} mm`);
      const worst = outermost(skin(head, jaw), teeth, (v) => teeth.lower[v] === 1, d);
      assert.ok(worst < 0, `${label}: an open-mouthed lower tooth ${worst * 1000} mm out of the skin`);
    }
  });

  test('the jaw\'s other shapes carry the lower teeth; lip-only shapes hardly move them', () => {
    const most = (d: Float32Array): number => Math.max(...Array.from({ length: d.length / 3 }, (_, v) => Math.hypot(d[v * 3], d[v * 3 + 1], d[v * 3 + 2])));
    for (const { label, head, teeth, shapes } of heads) {
      const move = (name: string) => teethDeltas(teeth, head, shapes.get(name)!);
      const left = move('jawLeft'), forward = move('jawForward');
      const lowerMean = (d: Float32Array, k: number) => {
        let s = 0, n = 0;
        for (let v = 0; v < teeth.lower.length; v++) if (teeth.lower[v]) { s += d[v * 3 + k]; n++; }
        return s / n;
      };
      assert.ok(lowerMean(left, 0) > 0.003, `${label}: jawLeft moves them ${lowerMean(left, 0) * 1000} mm`);
      assert.ok(lowerMean(forward, 2) > 0.003, `${label}: jawForward moves them ${lowerMean(forward, 2) * 1000} mm`);
      for (const name of ['mouthSmileLeft', 'mouthSmileRight', 'mouthFunnel', 'mouthPucker', 'eyeBlinkLeft']) {
        assert.ok(most(move(name)) < 0.0025, `${label}: ${name} moves them ${most(move(name)) * 1000} mm`);
      }
    }
  });
});
