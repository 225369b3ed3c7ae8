import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createFaceAnalyzer, type FaceAnalysis, type FaceAnalyzer } from '../src/analysis/index.js';
import type { Mask } from '../src/analysis/types.js';
import { headTemplate, type HeadTemplate } from '../src/assets/index.js';
import { repackUvs, REPACKED_TEXTURE_SIZE } from '../src/assets/repackUvs.js';
import { cartoonField } from '../src/geometry/cartoonField.js';
import { cartoonish, CARTOON_STYLES } from '../src/geometry/cartoonish.js';
import { curvedBottom } from '../src/geometry/curvedBottom.js';
import { fitNeck } from '../src/geometry/fitNeck.js';
import { boundPositions, fitHead, meshDefects, photoCamera, type FittedHead, type Mesh } from '../src/geometry/index.js';
import { neckWidth } from '../src/geometry/neckWidth.js';
import { bakeTexture, decodeRgb, faceOutline } from '../src/texture/index.js';

// Compiled to dist/test/: the project root is two levels up.
const PHOTOS = fileURLToPath(new URL('../../test/fixtures/photos/', import.meta.url));
const photo = (name: string): Promise<Buffer> => readFile(PHOTOS + name);

const point = (flat: ArrayLike<number>, i: number): number[] => [flat[i * 3], flat[i * 3 + 1], flat[i * 3 + 2]];
const distance = (a: number[], b: number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const landmarksOf = (head: FittedHead): Float32Array => boundPositions(head.mesh.positions, head.mesh.indices, head.template.landmarks);

/** Triangles whose normal turned by more than 90° between two meshes of the same topology. */
function flippedTriangles(a: Mesh, b: Mesh): number {
  const normal = (p: Float32Array, t: number): number[] => {
    const [x, y, z] = [0, 1, 2].map((k) => point(p, a.indices[t * 3 + k]));
    const u = [y[0] - x[0], y[1] - x[1], y[2] - x[2]], w = [z[0] - x[0], z[1] - x[1], z[2] - x[2]];
    return [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
  };
  let flipped = 0;
  for (let t = 0; t < a.indices.length / 3; t++) {
    const m = normal(a.positions, t), n = normal(b.positions, t);
    if (m[0] * n[0] + m[1] * n[1] + m[2] * n[2] <= 0) flipped++;
  }
  return flipped;
}

/** Texel density of some triangles, texels per metre: √(texel area / surface area). */
function texelDensity(mesh: Mesh, uvs: Float32Array, faces: Uint32Array, width: number, height: number): number {
  let uvArea = 0, area = 0;
  for (const f of faces) {
    const [a, b, c] = [0, 1, 2].map((k) => mesh.indices[f * 3 + k]);
    uvArea += Math.abs((uvs[b * 2] - uvs[a * 2]) * (uvs[c * 2 + 1] - uvs[a * 2 + 1]) - (uvs[b * 2 + 1] - uvs[a * 2 + 1]) * (uvs[c * 2] - uvs[a * 2])) / 2;
    const [pa, pb, pc] = [a, b, c].map((v) => point(mesh.positions, v));
    const u = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]], w = [pc[0] - pa[0], pc[1] - pa[1], pc[2] - pa[2]];
    area += Math.hypot(u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]) / 2;
  }
  return Math.sqrt((uvArea * width * height) / area);
}

let analyzer: FaceAnalyzer;
let astronaut: FaceAnalysis;
let messi: FaceAnalysis;
let bust: HeadTemplate;
let head: HeadTemplate;
let fittedAstronaut: FittedHead;
let fittedMessi: FittedHead;

before(async () => {
  analyzer = await createFaceAnalyzer();
  astronaut = await analyzer.analyze(await photo('astronaut.png'));
  messi = await analyzer.analyze(await photo('messi5.jpg'));
  bust = headTemplate('head_1.2 base/mobile');
  head = headTemplate('head_2.0 head/mobile');
  fittedAstronaut = fitHead(bust, astronaut);
  fittedMessi = fitHead(bust, messi);
});

after(async () => {
  await analyzer.close();
});

describe('cartoonish_v0.3 and cartoonish_v1.0 (shape_modifications)', () => {
  test('amount 0 changes nothing', () => {
    for (const style of ['v0.3', 'v1.0'] as const) {
      assert.deepEqual(cartoonish(fittedAstronaut, { style, amount: 0 }).mesh.positions, fittedAstronaut.mesh.positions);
    }
  });

  test('the eyes and the cranium grow relative to the face, the nose and jaw shrink', () => {
    for (const fitted of [fittedAstronaut, fittedMessi]) {
      for (const style of ['v0.3', 'v1.0'] as const) {
        const before = landmarksOf(fitted), after = landmarksOf(cartoonish(fitted, { style, amount: 1 }));
        // Face height: eye line to chin; the eye's width (corner to corner) and the jaw's, against it.
        const measure = (l: Float32Array): Record<string, number> => {
          const face = (l[33 * 3 + 1] + l[263 * 3 + 1]) / 2 - l[152 * 3 + 1];
          return {
            eye: distance(point(l, 33), point(l, 133)) / face,
            jaw: distance(point(l, 172), point(l, 397)) / face,
            nose: (l[1 * 3 + 2] - (l[98 * 3 + 2] + l[327 * 3 + 2]) / 2) / face,
            forehead: (l[10 * 3 + 1] - l[1 * 3 + 1]) / face,
          };
        };
        const b = measure(before), a = measure(after);
        assert.ok(a.eye > 1.12 * b.eye, `${style}: eyes ${b.eye.toFixed(3)} → ${a.eye.toFixed(3)}`);
        assert.ok(a.jaw < 0.95 * b.jaw, `${style}: jaw ${b.jaw.toFixed(3)} → ${a.jaw.toFixed(3)}`);
        assert.ok(a.nose < 0.9 * b.nose, `${style}: nose ${b.nose.toFixed(3)} → ${a.nose.toFixed(3)}`);
        assert.ok(a.forehead > 1.03 * b.forehead, `${style}: forehead ${b.forehead.toFixed(3)} → ${a.forehead.toFixed(3)}`);
      }
      // The cranium: its height above the eyes and its width, against the face's height.
      const top = (m: Mesh): number => Math.max(...m.positions.filter((_, i) => i % 3 === 1));
      const styled = cartoonish(fitted, { style: 'v0.3', amount: 1 });
      assert.ok(top(styled.mesh) > top(fitted.mesh) + 0.008, 'the crown rises');
    }
  });

  test('v0.3 and v1.0 are two different styles: v1.0 goes further and smooths the fine relief', () => {
    const v03 = cartoonish(fittedAstronaut, { style: 'v0.3', amount: 1 });
    const v10 = cartoonish(fittedAstronaut, { style: 'v1.0', amount: 1 });
    const face = bust.regions.face.vertices;
    let rms = 0;
    for (const v of face) rms += distance(point(v03.mesh.positions, v), point(v10.mesh.positions, v)) ** 2;
    rms = Math.sqrt(rms / face.length);
    assert.ok(rms > 0.002, `the styles differ by ${(rms * 1000).toFixed(2)} mm RMS on the face`);
    // Roughness: how far vertices of the face stand off the mean of their neighbours, across the surface.
    const roughness = (m: Mesh): number => {
      const sum = new Float64Array(m.positions.length), n = new Uint16Array(m.positions.length / 3);
      for (let t = 0; t < m.indices.length; t += 3) {
        for (let e = 0; e < 3; e++) {
          const a = m.indices[t + e], b = m.indices[t + ((e + 1) % 3)];
          for (let k = 0; k < 3; k++) { sum[a * 3 + k] += m.positions[b * 3 + k]; sum[b * 3 + k] += m.positions[a * 3 + k]; }
          n[a]++; n[b]++;
        }
      }
      let total = 0;
      for (const v of face) total += Math.abs([0, 1, 2].reduce((d, k) => d + (sum[v * 3 + k] / n[v] - m.positions[v * 3 + k]) * m.normals![v * 3 + k], 0));
      return total / face.length;
    };
    assert.ok(roughness(v10.mesh) < 0.8 * roughness(v03.mesh), `v1.0 ${roughness(v10.mesh)} vs v0.3 ${roughness(v03.mesh)}`);
  });

  test('topology, UVs, the neck below the neck row and the bottom cut stay where they are', () => {
    for (const template of [bust, head]) {
      const fitted = fitHead(template, messi);
      const styled = cartoonish(fitted, { style: 'v1.0', amount: 1.5 });
      assert.equal(styled.mesh.indices, fitted.mesh.indices);
      assert.equal(styled.mesh.uvs, fitted.mesh.uvs);
      const { s, keyRows } = template.grid;
      let moved = 0;
      for (let v = 0; v < s.length; v++) {
        if (s[v] >= keyRows['neck'] && distance(point(styled.mesh.positions, v), point(fitted.mesh.positions, v)) > 0) moved++;
      }
      assert.equal(moved, 0, `${template.subtype}: ${moved} vertices moved below the neck row`);
    }
  });

  test('no fold, degenerate triangle or self-intersection up to amount 1.5', () => {
    for (const fitted of [fittedAstronaut, fittedMessi, fitHead(head, messi)]) {
      for (const style of ['v0.3', 'v1.0'] as const) {
        const styled = cartoonish(fitted, { style, amount: 1.5 });
        const d = meshDefects(styled.mesh);
        assert.equal(d.degenerateFaces + d.badEdges + d.nonFinite, 0, `${style}: ${JSON.stringify(d)}`);
        assert.equal(d.borderEdges, meshDefects(fitted.mesh).borderEdges);
        assert.equal(flippedTriangles(fitted.mesh, styled.mesh), 0, `${style}: flipped triangles`);
      }
    }
    // The displacement of space never folds (positive Jacobian), so the surface it carries cannot
    // pass through itself.
    const landmarks = landmarksOf(fittedMessi);
    for (const style of ['v0.3', 'v1.0'] as const) {
      const move = cartoonField(landmarks, CARTOON_STYLES[style], 1.5);
      const a = new Float64Array(3), b = new Float64Array(3), h = 1e-4;
      let worst = Infinity;
      for (let x = -0.1; x <= 0.1; x += 0.006) {
        for (let y = -0.14; y <= 0.14; y += 0.006) {
          for (let z = -0.12; z <= 0.14; z += 0.006) {
            const J = [0, 1, 2].map((k) => {
              const p = [x, y, z], q = [x, y, z];
              p[k] -= h; q[k] += h;
              move(p[0], p[1], p[2], a);
              move(q[0], q[1], q[2], b);
              return [0, 1, 2].map((i) => (i === k ? 1 : 0) + (b[i] - a[i]) / (2 * h));
            });
            const det = J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1]) - J[1][0] * (J[0][1] * J[2][2] - J[0][2] * J[2][1])
              + J[2][0] * (J[0][1] * J[1][2] - J[0][2] * J[1][1]);
            worst = Math.min(worst, det);
          }
        }
      }
      assert.ok(worst > 0.05, `${style}: Jacobian down to ${worst}`);
    }
  });
});

describe('curved_bottom', () => {
  test('the bottom edge becomes an arch: the middle of chest and back rise 3 cm, the sides under the arms stay', () => {
    const curved = curvedBottom(fittedAstronaut);
    const { s, keyRows } = bust.grid;
    const bottom = keyRows['bust end'];
    const p = curved.mesh.positions, q = fittedAstronaut.mesh.positions;
    let middle = -Infinity, side = Infinity, widest = 0;
    for (let v = 0; v < s.length; v++) {
      if (s[v] !== bottom) continue;
      assert.equal(p[v * 3], q[v * 3]);
      assert.equal(p[v * 3 + 2], q[v * 3 + 2]);
      if (Math.abs(p[v * 3]) < 0.01) middle = Math.max(middle, p[v * 3 + 1] - q[v * 3 + 1]);
      if (Math.abs(p[v * 3]) > widest) { widest = Math.abs(p[v * 3]); side = p[v * 3 + 1] - q[v * 3 + 1]; }
    }
    assert.ok(Math.abs(middle - 0.03) < 0.001, `the middle rises ${middle} m`);
    assert.ok(side < 0.001, `the side rises ${side} m`);
  });

  test('only the lower bust moves, and the border stays closed and in order', () => {
    const curved = curvedBottom(fittedAstronaut);
    const { s, keyRows } = bust.grid;
    for (let v = 0; v < s.length; v++) {
      if (s[v] <= keyRows['shoulder']) assert.deepEqual(point(curved.mesh.positions, v), point(fittedAstronaut.mesh.positions, v));
    }
    const d = meshDefects(curved.mesh);
    assert.equal(d.badEdges + d.degenerateFaces, 0);
    assert.equal(d.borderEdges, meshDefects(fittedAstronaut.mesh).borderEdges);
    assert.equal(flippedTriangles(fittedAstronaut.mesh, curved.mesh), 0);
    // The bust's rows stay in order down every column: each vertex stays above the one below it.
    const c = bust.grid.columns;
    for (let r = 1; r < bust.grid.rows; r++) {
      if (s[(r - 1) * (c + 1)] < keyRows['shoulder top']) continue;
      for (let j = 0; j <= c; j++) {
        const above = (r - 1) * (c + 1) + j, below = r * (c + 1) + j;
        assert.ok(curved.mesh.positions[above * 3 + 1] > curved.mesh.positions[below * 3 + 1], `row ${r}, column ${j}`);
      }
    }
  });

  test('a head without a bust is left as it is', () => {
    const fitted = fitHead(head, astronaut);
    assert.equal(curvedBottom(fitted), fitted);
  });
});

describe('allow_modify_neck', () => {
  test('by default all avatars share one neck: every vertex below 16.3 cm under the eyes is the template\'s', () => {
    for (const template of [bust, head]) {
      const a = fitHead(template, astronaut), m = fitHead(template, messi);
      let shared = 0;
      for (let v = 0; v < template.grid.s.length; v++) {
        const t = point(template.mesh.positions, v);
        if (t[1] >= -0.163) continue;
        assert.deepEqual(point(a.mesh.positions, v), t);
        assert.deepEqual(point(m.mesh.positions, v), t);
        shared++;
      }
      assert.ok(shared > 100, `${template.subtype}: ${shared} vertices`);
    }
  });

  test('allowed, the neck follows each photo: it differs between photos and from the template, the bust does not', () => {
    const a = fitNeck(fittedAstronaut, astronaut), m = fitNeck(fittedMessi, messi);
    const { s, keyRows, neckBase } = bust.grid;
    let differ = 0, neck = 0;
    for (let v = 0; v < s.length; v++) {
      if (s[v] > keyRows['neck top'] && s[v] < keyRows['neck']) {
        neck++;
        if (distance(point(a.mesh.positions, v), point(m.mesh.positions, v)) > 0.003) differ++;
      }
      if (s[v] >= neckBase) {
        assert.ok(distance(point(a.mesh.positions, v), point(bust.mesh.positions, v)) < 1e-6, 'the bust stays');
      }
    }
    assert.ok(differ > 0.5 * neck, `${differ} of ${neck} neck vertices differ by 3 mm`);
    assert.ok(Math.abs(a.neck.width - m.neck.width) > 0.005, `${a.neck.width} vs ${m.neck.width}`);
    for (const fitted of [a, m]) {
      const d = meshDefects(fitted.mesh);
      assert.equal(d.badEdges + d.degenerateFaces, 0);
    }
  });

  test('a collar around the neck is not taken for it: the neck is then as wide as the face says', () => {
    // The astronaut's neck disappears into the suit's neck ring.
    const a = fitNeck(fittedAstronaut, astronaut);
    assert.equal(a.neck.fromPhoto, false);
    const faceWidth = a.neck.width / fittedAstronaut.headScale[0];
    assert.ok(faceWidth > 0.1 && faceWidth < 0.13, `template neck ${faceWidth} m`);
  });

  test('a head looking up is turned up on its neck, about the neck base', () => {
    const up = { ...astronaut, face: { ...astronaut.face, pose: { ...astronaut.face.pose, pitch: 0.25 } } };
    const level = { ...astronaut, face: { ...astronaut.face, pose: { ...astronaut.face.pose, pitch: 0 } } };
    const turned = landmarksOf(fitNeck(fittedAstronaut, up)), straight = landmarksOf(fitNeck(fittedAstronaut, level));
    // The chin-to-forehead line tilts back by the pitch.
    const angle = (l: Float32Array): number => Math.atan2(l[10 * 3 + 2] - l[152 * 3 + 2], l[10 * 3 + 1] - l[152 * 3 + 1]);
    const tilt = angle(straight) - angle(turned);
    assert.ok(Math.abs(tilt - 0.25) < 0.01, `tilted back by ${tilt} rad`);
    assert.ok(turned[1 * 3 + 1] > straight[1 * 3 + 1], 'the nose tip rises');
  });

  test('neckWidth measures a neck drawn in a person mask, and only a neck', () => {
    // 10 px per cm; the canonical point (0, 0.1, 0) lands on photo pixel (200, 200).
    const camera = photoCamera(1000, [1, 0, 0, 0, 1, 0, 0, 0, 1], [200, -300, 0]);
    const mask = (width: number, hairLeft = 0): { person: Mask; hair: Mask } => {
      const person: Mask = { width: 200, height: 200, channels: 1, data: new Uint8Array(200 * 200) };
      const hair: Mask = { width: 200, height: 200, channels: 1, data: new Uint8Array(200 * 200) };
      // Half resolution: photo pixel x is mask pixel x / 2; the neck is centred on photo x = 200.
      for (let y = 0; y < 200; y++) {
        for (let x = 0; x < 200; x++) {
          if (Math.abs(x * 2 + 1 - 200) < width / 2) person.data[y * 200 + x] = 255;
          if (hairLeft && x * 2 + 1 < 200 - width / 2 + hairLeft && x * 2 + 1 > 200 - width / 2 - 20) hair.data[y * 200 + x] = person.data[y * 200 + x] = 255;
        }
      }
      return { person, hair };
    };
    const level = { y: 0.1, z: 0 };
    const narrow = neckWidth({ ...mask(110), width: 400, height: 400, camera, level });
    assert.ok(narrow !== null && Math.abs(narrow - 0.11) < 0.004, `${narrow} m`);
    // Hair over the left side: the right side, doubled.
    const covered = neckWidth({ ...mask(110, 10), width: 400, height: 400, camera, level });
    assert.ok(covered !== null && Math.abs(covered - 0.11) < 0.004, `${covered} m with hair`);
    // Person all the way across (shoulders, a wide collar): nothing to measure.
    assert.equal(neckWidth({ ...mask(400), width: 400, height: 400, camera, level }), null);
  });
});

describe('repack_texture', () => {
  for (const subtype of ['head_2.0 head/mobile', 'head_1.2 base/mobile', 'head_2.0 bust/mobile'] as const) {
    test(`${subtype}: repacked UVs are in [0, 1], keep every triangle's orientation, and no two triangles share a texel`, () => {
      const template = headTemplate(subtype);
      const uvs = repackUvs(template);
      const standard = template.mesh.uvs!;
      assert.equal(uvs.length, standard.length);
      for (const x of uvs) assert.ok(x >= 0 && x <= 1);
      const side = 2048;
      const owner = new Int32Array(side * side).fill(-1);
      let shared = 0;
      const idx = template.mesh.indices;
      for (let t = 0; t < idx.length / 3; t++) {
        const p = [0, 1, 2].map((k) => [uvs[idx[t * 3 + k] * 2] * side, uvs[idx[t * 3 + k] * 2 + 1] * side]);
        const q = [0, 1, 2].map((k) => [standard[idx[t * 3 + k] * 2], standard[idx[t * 3 + k] * 2 + 1]]);
        const area = (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[1][1] - p[0][1]) * (p[2][0] - p[0][0]);
        const before = (q[1][0] - q[0][0]) * (q[2][1] - q[0][1]) - (q[1][1] - q[0][1]) * (q[2][0] - q[0][0]);
        assert.ok(Math.sign(area) === Math.sign(before) && area !== 0, `triangle ${t} flipped or degenerate`);
        const xs = p.map((c) => c[0]), ys = p.map((c) => c[1]);
        for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y++) {
          for (let x = Math.floor(Math.min(...xs)); x <= Math.ceil(Math.max(...xs)); x++) {
            const cx = x + 0.5, cy = y + 0.5;
            const w0 = ((p[1][0] - cx) * (p[2][1] - cy) - (p[1][1] - cy) * (p[2][0] - cx)) / area;
            const w1 = ((p[2][0] - cx) * (p[0][1] - cy) - (p[2][1] - cy) * (p[0][0] - cx)) / area;
            if (w0 <= 0 || w1 <= 0 || w0 + w1 >= 1) continue;
            if (owner[y * side + x] >= 0) shared++;
            else owner[y * side + x] = t;
          }
        }
      }
      assert.equal(shared, 0, `${shared} texels under two triangles`);
    });
  }

  test('at half the texels (2048² against 4096 × 2048), eyes, nose and lips keep at least their texel density', () => {
    for (const template of [bust, head]) {
      const uvs = repackUvs(template);
      const r = template.regions;
      for (const name of ['leftEye', 'rightEye', 'lips', 'leftNostril', 'rightNostril'] as const) {
        const before = texelDensity(template.mesh, template.mesh.uvs!, r[name].faces, 4096, 2048);
        const now = texelDensity(template.mesh, uvs, r[name].faces, REPACKED_TEXTURE_SIZE, REPACKED_TEXTURE_SIZE);
        assert.ok(now >= before, `${template.subtype} ${name}: ${now.toFixed(0)} texels/m, was ${before.toFixed(0)}`);
      }
      // The whole face, cheeks seen obliquely included, within a few per cent.
      const face = texelDensity(template.mesh, uvs, r.face.faces, REPACKED_TEXTURE_SIZE, REPACKED_TEXTURE_SIZE);
      assert.ok(face >= 0.95 * texelDensity(template.mesh, template.mesh.uvs!, r.face.faces, 4096, 2048));
    }
  });

  test('the cap is the same disk, resized: the charts are the standard layout\'s', () => {
    const uvs = repackUvs(head), standard = head.mesh.uvs!;
    const cap = head.grid.capStart, count = standard.length / 2;
    const scale = (uvs[(cap + 1) * 2] - uvs[cap * 2]) / (standard[(cap + 1) * 2] - standard[cap * 2]);
    for (let v = cap; v < count; v += 5) {
      const u = uvs[cap * 2] + (standard[v * 2] - standard[cap * 2]) * scale;
      // The standard layout is 2:1, the repacked one square: v scales half as much.
      const w = uvs[cap * 2 + 1] + (standard[v * 2 + 1] - standard[cap * 2 + 1]) * scale / 2;
      assert.ok(Math.abs(uvs[v * 2] - u) < 1e-5 && Math.abs(uvs[v * 2 + 1] - w) < 1e-5, `cap vertex ${v}`);
    }
  });

  test('a texture baked on repacked UVs shows the face where the UVs say', async () => {
    const fitted = fitHead(head, astronaut);
    const mesh = { ...fitted.mesh, uvs: repackUvs(head) };
    const projection = fitted.projection;
    const { texture } = bakeTexture({
      mesh, projection, photo: await decodeRgb(await photo('astronaut.png')), skin: astronaut.colors.skin,
      masks: astronaut.segmentation, faceOutline: faceOutline(astronaut.face),
    }, { width: 512, height: 512 });
    // The iris (dark) and the forehead (skin) at their landmarks' UVs.
    const texel = (landmark: number): number => {
      const { triangle, weights } = { triangle: head.landmarks.triangles[landmark], weights: head.landmarks.weights.subarray(landmark * 3, landmark * 3 + 3) };
      let u = 0, v = 0;
      for (let k = 0; k < 3; k++) {
        const vertex = head.mesh.indices[triangle * 3 + k];
        u += weights[k] * mesh.uvs[vertex * 2];
        v += weights[k] * mesh.uvs[vertex * 2 + 1];
      }
      const i = (Math.floor(v * 512) * 512 + Math.floor(u * 512)) * 3;
      return texture.data[i] + texture.data[i + 1] + texture.data[i + 2];
    };
    assert.ok(texel(468) < 0.6 * texel(151), `iris ${texel(468)}, forehead ${texel(151)}`);
  });
});
