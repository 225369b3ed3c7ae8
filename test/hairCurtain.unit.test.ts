import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createFaceAnalyzer, type FaceAnalysis, type FaceAnalyzer } from '../src/analysis/index.js';
import { headTemplate } from '../src/assets/index.js';
import { headSurface } from '../src/geometry/headSurface.js';
import { HAIR_CURTAIN_DEFAULTS, hairCurtain } from '../src/assets/haircuts/generated/hairCurtain.js';
import { hairLength } from '../src/assets/haircuts/generated/hairLength.js';
import { photoCamera, type Mat3 } from '../src/core/camera.js';
import type { Mesh } from '../src/core/mesh.js';
import { meshDefects } from '../src/geometry/meshDefects.js';
import { effectiveParameters } from '../src/pipelines/catalogue/index.js';
import { headGeometry, type HeadGeometry } from '../src/pipelines/head/headGeometry.js';
import { decodeRgb, type Image } from '../src/texture/index.js';

// Compiled to dist/test/: the project root is two levels up.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SUBTYPE = 'bust/mobile';

interface Subject {
  analysis: FaceAnalysis;
  photo: Image;
  geometry: HeadGeometry;
  curtain: Mesh | null;
}

let analyzer: FaceAnalyzer;
const subjects: Record<string, Subject> = {};

/** The curtain headGeometry hangs under the generated haircut, made again on its own. */
function curtainOf(geometry: HeadGeometry, analysis: FaceAnalysis, photo: Image): Mesh | null {
  const hair = geometry.hair!;
  return hairCurtain({
    hair: hair.mesh, coverage: hair.coverage, uvs: geometry.head.mesh.uvs, head: geometry.head.mesh, camera: geometry.fitted.camera,
    mask: hair.region, width: analysis.width, height: analysis.height, photo, color: analysis.colors.hair,
  });
}

before(async () => {
  analyzer = await createFaceAnalyzer();
  const template = headTemplate(`head_2.0 ${SUBTYPE}`);
  const parameters = effectiveParameters({}, 'head_2.0', SUBTYPE);
  for (const [name, path] of [
    // Women whose hair hangs to the photo's bottom edge beside the neck.
    ['long', 'bench/fixtures/faces/facedetect-2.png'],
    ['long2', 'bench/fixtures/faces/facedetect-4.png'],
    // Short hair ending above the ears.
    ['short', 'bench/fixtures/faces/facedetect-1.png'],
    ['astronaut', 'test/fixtures/photos/astronaut.png'],
  ] as const) {
    const bytes = await readFile(ROOT + path);
    const analysis = await analyzer.analyze(bytes);
    const photo = await decodeRgb(bytes);
    const geometry = headGeometry(template, photo, analysis, parameters, 'separate');
    subjects[name] = { analysis, photo, geometry, curtain: curtainOf(geometry, analysis, photo) };
  }
});

after(async () => {
  await analyzer.close();
});

function lowest(mesh: Mesh): number {
  let y = Infinity;
  for (let v = 1; v < mesh.positions.length; v += 3) y = Math.min(y, mesh.positions[v]);
  return y;
}

describe('the hair curtain of a generated haircut', () => {
  test('long hair in the photo makes the haircut reach well below the ears (the ear canals are at y = 0)', () => {
    for (const name of ['long', 'long2']) {
      const { geometry, curtain } = subjects[name];
      assert.ok(curtain, `${name}: a curtain`);
      assert.ok(geometry.haircut, `${name}: a haircut`);
      assert.ok(lowest(geometry.haircut!) < -0.08, `${name}: lowest point ${lowest(geometry.haircut!).toFixed(3)} m`);
    }
  });

  test('short hair hangs no curtain, and its haircut stays above the ear lobes', () => {
    for (const name of ['short', 'astronaut']) {
      const { geometry, curtain } = subjects[name];
      assert.equal(curtain, null, name);
      if (geometry.haircut) assert.ok(lowest(geometry.haircut) > -0.08, `${name}: lowest point ${lowest(geometry.haircut).toFixed(3)} m`);
    }
  });

  test('no curtain vertex is inside the head', () => {
    for (const name of ['long', 'long2']) {
      const { geometry, curtain } = subjects[name];
      const surface = headSurface(geometry.head.mesh);
      let worst = Infinity;
      for (let v = 0; v < curtain!.positions.length / 3; v++) {
        worst = Math.min(worst, surface.closest(curtain!.positions[v * 3], curtain!.positions[v * 3 + 1], curtain!.positions[v * 3 + 2]).distance);
      }
      assert.ok(worst >= 0, `${name}: deepest vertex ${(worst * 1000).toFixed(2)} mm inside`);
    }
  });

  test('the curtain has no degenerate or flipped triangles, finite values and UVs in the texture', () => {
    for (const name of ['long', 'long2']) {
      const defects = meshDefects(subjects[name].curtain!);
      assert.equal(defects.degenerateFaces, 0, name);
      assert.equal(defects.badEdges, 0, name);
      assert.equal(defects.nonFinite, 0, name);
      assert.equal(defects.uvsOutside, 0, name);
    }
  });

  test('the curtain faces outwards, away from the head', () => {
    const { curtain, geometry } = subjects.long;
    const surface = headSurface(geometry.head.mesh);
    let outwards = 0;
    const count = curtain!.positions.length / 3;
    for (let v = 0; v < count; v++) {
      const hit = surface.closest(curtain!.positions[v * 3], curtain!.positions[v * 3 + 1], curtain!.positions[v * 3 + 2]);
      const n = curtain!.normals!;
      if (n[v * 3] * hit.normal[0] + n[v * 3 + 1] * hit.normal[1] + n[v * 3 + 2] * hit.normal[2] > 0) outwards++;
    }
    assert.ok(outwards > 0.95 * count, `${outwards} of ${count} normals outwards`);
  });

  test('the curtain starts under the cap: its top lies within a centimetre and a half of the haircut shell (but over the ears, which the cap leaves out)', () => {
    const { curtain, geometry } = subjects.long;
    const haircut = geometry.haircut!;
    const head = geometry.head.mesh, regions = geometry.head.template.regions;
    const ears = new Set([...regions.leftEar.vertices, ...regions.rightEar.vertices]);
    const surface = headSurface(head);
    const overEar = (x: number, y: number, z: number): boolean => {
      const t = surface.closest(x, y, z).triangle;
      return [0, 1, 2].some((k) => ears.has(head.indices[t * 3 + k]));
    };
    const shellVertices = haircut.positions.length / 3 - curtain!.positions.length / 3;
    const p = curtain!.positions, q = haircut.positions;
    // The curtain falls from above the ears (y = 3 cm) or from just above the cap's rim where it is higher.
    let worst = 0, tops = 0;
    for (let v = 0; v < p.length / 3; v++) {
      if (p[v * 3 + 1] < 0.025 || overEar(p[v * 3], p[v * 3 + 1], p[v * 3 + 2])) continue;
      tops++;
      let nearest = Infinity;
      for (let s = 0; s < shellVertices; s++) nearest = Math.min(nearest, Math.hypot(q[s * 3] - p[v * 3], q[s * 3 + 1] - p[v * 3 + 1], q[s * 3 + 2] - p[v * 3 + 2]));
      worst = Math.max(worst, nearest);
    }
    assert.ok(tops > 20, `${tops} vertices at the top`);
    assert.ok(worst < 0.015, `farthest top vertex ${(worst * 1000).toFixed(1)} mm from the shell`);
  });
});

/**
 * The curtain is a grid of columns × (rows + 1) vertices, column by column from the top row down
 * (hairCurtain.ts). Per column, its distance from the vertical axis through z = `axisZ` at `row`,
 * and the height of its last row; then how far each column stands from the mean of the three
 * columns either side (RMS): what locks add, and a smooth sheet does not.
 */
function lockRoughness(curtain: Mesh, rows: number, row: number, axisZ: number): { radius: number; edge: number } {
  const p = curtain.positions, columns = p.length / 3 / (rows + 1);
  const radius: number[] = [], edge: number[] = [];
  for (let i = 0; i < columns; i++) {
    const v = i * (rows + 1) + row, e = i * (rows + 1) + rows;
    radius.push(Math.hypot(p[v * 3], p[v * 3 + 2] - axisZ));
    edge.push(p[e * 3 + 1]);
  }
  // The median, so that the few columns where the sheet turns in at its front edges or meets
  // itself at the back seam do not count.
  const roughness = (values: number[]): number => {
    const d: number[] = [];
    for (let i = 3; i < columns - 3; i++) d.push(Math.abs(values[i] - [-3, -2, -1, 1, 2, 3].reduce((acc, k) => acc + values[i + k], 0) / 6));
    return d.sort((a, b) => a - b)[d.length >> 1];
  };
  return { radius: roughness(radius), edge: roughness(edge) };
}

describe('locks', () => {
  test('the curtain is ridged into locks, and its lower edge ends in tips; with no lock relief it is a smooth sheet', () => {
    const { geometry, analysis, photo } = subjects.long;
    const hair = geometry.hair!;
    const input = {
      hair: hair.mesh, coverage: hair.coverage, uvs: geometry.head.mesh.uvs, head: geometry.head.mesh, camera: geometry.fitted.camera,
      mask: hair.region, width: analysis.width, height: analysis.height, photo, color: analysis.colors.hair,
    };
    const head = geometry.head.mesh.positions;
    let zMin = Infinity, zMax = -Infinity;
    for (let v = 0; v < head.length / 3; v++) {
      if (head[v * 3 + 1] > -0.02 && head[v * 3 + 1] < 0.06) {
        zMin = Math.min(zMin, head[v * 3 + 2]);
        zMax = Math.max(zMax, head[v * 3 + 2]);
      }
    }
    const axisZ = (zMin + zMax) / 2;
    const rows = HAIR_CURTAIN_DEFAULTS.rows, row = Math.round(rows * 0.75);
    const locks = lockRoughness(hairCurtain(input)!, rows, row, axisZ);
    const sheet = lockRoughness(hairCurtain(input, { lockDepth: 0, lockTip: 0 })!, rows, row, axisZ);
    assert.ok(locks.radius > 2 * sheet.radius && locks.radius > 0.0005, `ridges: ${(locks.radius * 1000).toFixed(2)} mm, smooth sheet ${(sheet.radius * 1000).toFixed(2)} mm`);
    assert.ok(locks.edge > 2 * sheet.edge && locks.edge > 0.002, `tips: ${(locks.edge * 1000).toFixed(2)} mm, smooth sheet ${(sheet.edge * 1000).toFixed(2)} mm`);
  });
});

describe('the hair\'s length beside the face', () => {
  // A frontal photo, 1000 px per metre, the ear canals at (300, 200): hair on the scalp above the
  // ears, and on the person's left (x > 0, right of the photo) a tail hanging over the shoulder.
  const W = 600, H = 600, scale = 1000;
  const upright: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const data = new Uint8Array(W * H);
  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      const x = (px - 300) / scale, y = (200 - py) / scale;
      const scalp = y >= 0.03 && Math.abs(x) <= 0.1, tail = x >= 0.05 && x <= 0.12 && y >= -0.2 && y < 0.03;
      if (scalp || tail) data[py * W + px] = 255;
    }
  }
  const mask = { data, width: W, height: H, channels: 1 as const };

  test('hair tied back: a side the photo shows with no hair beside the face hangs none, instead of taking the other side\'s length', () => {
    const [right, left] = hairLength(photoCamera(scale, upright, [300, -200, 0]), { hair: mask }, W, H);
    assert.ok(left.end < -0.15, `left ends at ${left.end.toFixed(3)} m`);
    assert.ok(right.end >= 0, `right ends at ${right.end.toFixed(3)} m`);
  });

  test('a side the photo\'s frame leaves out is unknown (it takes the other side\'s length)', () => {
    const [right] = hairLength(photoCamera(scale, upright, [20, -200, 0]), { hair: mask }, W, H);
    assert.ok(Number.isNaN(right.end), `right ends at ${right.end}`);
  });
});
