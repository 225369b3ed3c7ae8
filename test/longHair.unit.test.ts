import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createFaceAnalyzer, type FaceAnalyzer } from '../src/analysis/index.js';
import { CURTAIN_STRIP_UVS, headTemplate, type HeadSubtype } from '../src/assets/index.js';
import { hairGutter } from '../src/assets/haircuts/texture/hairGutter.js';
import { paintCurtain } from '../src/assets/haircuts/texture/curtainTexture.js';
import type { Mesh } from '../src/core/mesh.js';
import { blendshapeSet, headLod, meshDefects, type FittedHead } from '../src/geometry/index.js';
import { headSurface } from '../src/geometry/headSurface.js';
import { effectiveParameters } from '../src/pipelines/catalogue/index.js';
import { deliveredHead, headGeometry, type HeadGeometry } from '../src/pipelines/head/headGeometry.js';
import { decodeRgb } from '../src/texture/index.js';

// Compiled to dist/test/: the fixtures are two levels up.
const PHOTOS = fileURLToPath(new URL('../../test/fixtures/photos/', import.meta.url));
/** Long dark hair below the shoulders: a face of the benchmark's, cut from @vladmandic/human's screenshots (bench/fixtures/PROVENANCE.md). */
const LONG_HAIR = 'bench/fixtures/faces/facedetect-2.png';

/** Faces per LOD of the spec's table. */
const SPEC_LOD_FACES: Record<string, number[]> = {
  'base/mobile': [58258, 40000, 30000, 19999, 9999, 8000, 6999, 4000],
  'base/legacy': [52577, 29999, 14999, 9999, 7999, 7000, 6000, 3199],
};

let analyzer: FaceAnalyzer;
const heads: Record<string, { geometry: HeadGeometry; delivered: FittedHead }> = {};

async function head12(photo: string, subtype: string): Promise<{ geometry: HeadGeometry; delivered: FittedHead }> {
  const bytes = await readFile(photo.includes('/') ? photo : PHOTOS + photo);
  const analysis = await analyzer.analyze(bytes);
  const template = headTemplate(`head_1.2 ${subtype}` as HeadSubtype);
  const geometry = headGeometry(template, await decodeRgb(bytes), analysis, effectiveParameters({}, 'head_1.2', subtype), 'merged');
  return { geometry, delivered: deliveredHead(geometry, true) };
}

before(async () => {
  analyzer = await createFaceAnalyzer();
  for (const [name, photo, subtype] of [
    ['long', LONG_HAIR, 'base/mobile'], ['longLegacy', LONG_HAIR, 'base/legacy'],
    ['astronaut', 'astronaut.png', 'base/mobile'], ['camera', 'camera.png', 'base/mobile'], ['messi', 'messi5.jpg', 'base/mobile'],
  ] as const) heads[name] = await head12(photo, subtype);
});

after(async () => {
  await analyzer.close();
});

function lowestY(positions: Float32Array, vertices: Iterable<number>): number {
  let y = Infinity;
  for (const v of vertices) y = Math.min(y, positions[v * 3 + 1]);
  return y;
}

/** The eval's cranium: the model's extent across (x) and front to back (z) in the band 5–12 cm below its top. */
function cranium(mesh: Mesh): { width: number; depth: number } {
  const p = mesh.positions;
  let top = -Infinity;
  for (let v = 1; v < p.length; v += 3) top = Math.max(top, p[v]);
  let x0 = Infinity, x1 = -Infinity, z0 = Infinity, z1 = -Infinity;
  for (let v = 0; v < p.length; v += 3) {
    if (p[v + 1] > top - 0.05 || p[v + 1] < top - 0.12) continue;
    x0 = Math.min(x0, p[v]);
    x1 = Math.max(x1, p[v]);
    z0 = Math.min(z0, p[v + 2]);
    z1 = Math.max(z1, p[v + 2]);
  }
  return { width: x1 - x0, depth: z1 - z0 };
}

function craniumWidth(mesh: Mesh): number {
  return cranium(mesh).width;
}

/** The first vertex of each of the curtain's columns: they run from the top down, so a column starts where y rises again. */
function topEdge(curtain: Mesh): number[] {
  const p = curtain.positions, tops = [0];
  for (let v = 1; v < p.length / 3; v++) if (p[v * 3 + 1] > p[(v - 1) * 3 + 1]) tops.push(v);
  return tops;
}

describe('head_1.2 with long hair', () => {
  test('the head_1.2 mesh of a long-haired photo reaches below the ears, as one mesh after the head', () => {
    const { geometry, delivered } = heads.long;
    assert.ok(geometry.curtain, 'a curtain');
    const template = geometry.head.template;
    const own = template.mesh.positions.length / 3, total = delivered.mesh.positions.length / 3;
    assert.equal(total, own + geometry.curtain!.positions.length / 3);
    const ears = lowestY(delivered.mesh.positions, [...template.regions.leftEar.vertices, ...template.regions.rightEar.vertices]);
    const hair = lowestY(delivered.mesh.positions, Array.from({ length: total - own }, (_, i) => own + i));
    assert.ok(hair < ears - 0.05, `lowest hair ${hair.toFixed(3)} m, lowest ear ${ears.toFixed(3)} m`);
  });

  test('the curtain has no flipped triangles: each faces as its neighbours do, and nearly all away from the head\'s axis', () => {
    const { geometry } = heads.long;
    const curtain = geometry.curtain!;
    const defects = meshDefects(curtain);
    assert.equal(defects.badEdges, 0);
    assert.equal(defects.degenerateFaces, 0);
    assert.equal(defects.uvsOutside, 0);
    const p = curtain.positions, idx = curtain.indices, count = idx.length / 3;
    const normals = new Float64Array(count * 3);
    let inwards = 0;
    for (let t = 0; t < count; t++) {
      const [a, b, c] = [idx[t * 3] * 3, idx[t * 3 + 1] * 3, idx[t * 3 + 2] * 3];
      const e1 = [p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]], e2 = [p[c] - p[a], p[c + 1] - p[a + 1], p[c + 2] - p[a + 2]];
      const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
      const len = Math.hypot(n[0], n[1], n[2]);
      for (let k = 0; k < 3; k++) normals[t * 3 + k] = n[k] / len;
      // Outwards from the vertical axis through the ear canals (the curtain hangs round the sides and back).
      const cx = (p[a] + p[b] + p[c]) / 3, cz = (p[a + 2] + p[b + 2] + p[c + 2]) / 3 + 0.01;
      if (n[0] * cx + n[2] * cz < 0) inwards++;
    }
    assert.ok(inwards <= 0.01 * count, `${inwards} of ${count} triangles face inwards`);
    const byEdge = new Map<string, number>();
    let flipped = 0;
    for (let t = 0; t < count; t++) {
      for (let k = 0; k < 3; k++) {
        const a = idx[t * 3 + k], b = idx[t * 3 + ((k + 1) % 3)];
        const key = a < b ? `${a},${b}` : `${b},${a}`;
        const other = byEdge.get(key);
        if (other === undefined) byEdge.set(key, t);
        else if (normals[t * 3] * normals[other * 3] + normals[t * 3 + 1] * normals[other * 3 + 1] + normals[t * 3 + 2] * normals[other * 3 + 2] < 0) flipped++;
      }
    }
    assert.equal(flipped, 0, `${flipped} edges between triangles facing opposite ways`);
  });

  test('the curtain starts on the hair volume: every vertex of its top edge lies on or just under the scalp\'s hair, so nothing shows between them from any side', () => {
    for (const name of ['long', 'longLegacy']) {
      const { geometry } = heads[name];
      const curtain = geometry.curtain!, p = curtain.positions;
      const surface = headSurface(geometry.head.mesh);
      const tops = topEdge(curtain);
      assert.ok(tops.length > 20, `${name}: ${tops.length} columns`);
      let outside = -Infinity, inside = Infinity;
      for (const v of tops) {
        const d = surface.closest(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]).distance;
        outside = Math.max(outside, d);
        inside = Math.min(inside, d);
      }
      assert.ok(outside <= 0.003, `${name}: a top vertex ${(outside * 1000).toFixed(1)} mm off the hair volume`);
      assert.ok(inside >= -0.015, `${name}: a top vertex ${(-inside * 1000).toFixed(1)} mm deep under it`);
    }
  });

  test('head and curtain stay within 3 % of the spec\'s face count at every LOD, keeping LOD0\'s vertices', async () => {
    for (const [name, subtype] of [['long', 'base/mobile'], ['longLegacy', 'base/legacy']] as const) {
      const { delivered } = heads[name];
      const faces = SPEC_LOD_FACES[subtype];
      for (let lod = 0; lod < faces.length; lod++) {
        const level = await headLod(delivered, lod);
        const got = level.indices.length / 3;
        assert.ok(Math.abs(got / faces[lod] - 1) <= 0.03, `${subtype} LOD${lod}: ${got} faces, spec ${faces[lod]}`);
        assert.equal(meshDefects(level).badEdges, 0, `${subtype} LOD${lod} folded or non-manifold edges`);
        if (lod === faces.length - 1) {
          const own = delivered.template.mesh.positions.length / 3;
          assert.ok(level.sourceVertices.some((v) => v >= own), `${subtype} LOD${lod} keeps some of the curtain`);
        }
      }
    }
  });

  test('blendshapes cover the curtain\'s vertices and leave them still', () => {
    const { delivered } = heads.long;
    const own = delivered.template.mesh.positions.length;
    for (const delta of blendshapeSet('mobile_51').deltas(delivered)) {
      assert.equal(delta.length, delivered.mesh.positions.length);
      assert.ok(delta.subarray(own).every((d) => d === 0));
    }
  });

  test('the curtain has texels of its own in the layout\'s free strip, the colour the photo shows the hair at each height: lighter lengths hang lighter', async () => {
    const { geometry } = heads.long;
    const curtain = geometry.curtain!, strip = geometry.curtainStrip;
    assert.deepEqual(strip, CURTAIN_STRIP_UVS, 'the standard layout gives the curtain its strip');
    const uv = curtain.uvs!;
    for (let v = 0; v < uv.length / 2; v++) {
      assert.ok(uv[v * 2] >= strip!.u0 && uv[v * 2] <= strip!.u1 && uv[v * 2 + 1] >= strip!.v0 && uv[v * 2 + 1] <= strip!.v1, `vertex ${v} at ${uv[v * 2]}, ${uv[v * 2 + 1]}`);
    }
    // The same photo with its hair below the chin lighter: the curtain's lower rows follow, its top
    // (where it comes from under the cap, in the cap's colour) does not.
    const bytes = await readFile(LONG_HAIR);
    const analysis = await analyzer.analyze(bytes);
    const photo = await decodeRgb(bytes), lighter = { ...photo, data: photo.data.slice() };
    const region = geometry.hair!.region, chin = analysis.face.box.y + analysis.face.box.height;
    for (let y = Math.ceil(chin); y < photo.height; y++) {
      for (let x = 0; x < photo.width; x++) {
        if (region.data[Math.floor((y * region.height) / photo.height) * region.width + Math.floor((x * region.width) / photo.width)] < 128) continue;
        const i = (y * photo.width + x) * 3;
        [40, 30, 20].forEach((d, c) => (lighter.data[i + c] = Math.min(255, photo.data[i + c] + d)));
      }
    }
    const W = 1024, H = 512;
    const rows = (image: typeof photo) => {
      const texture = { width: W, height: H, channels: 3 as const, data: new Uint8Array(W * H * 3) }, mask = { width: W, height: H, channels: 1 as const, data: new Uint8Array(W * H) };
      paintCurtain({ texture, mask, curtain, strip: strip!, camera: geometry.fitted.camera, photo: image, hair: region, color: analysis.colors.hair, cap: analysis.colors.hair, width: analysis.width, height: analysis.height, strands: 0 });
      // Mean luma of the strip's first and last fifth across u: the curtain's top rows and its lower ones.
      const band = (from: number, to: number) => {
        let sum = 0, n = 0;
        for (let j = Math.ceil(strip!.v0 * H); j < Math.floor(strip!.v1 * H); j++) {
          for (let i = Math.ceil((strip!.u0 + from * (strip!.u1 - strip!.u0)) * W); i < Math.floor((strip!.u0 + to * (strip!.u1 - strip!.u0)) * W); i++) {
            const k = j * W + i;
            if (mask.data[k] !== 255) continue;
            sum += 0.299 * texture.data[k * 3] + 0.587 * texture.data[k * 3 + 1] + 0.114 * texture.data[k * 3 + 2];
            n++;
          }
        }
        assert.ok(n > 100, `${n} painted texels`);
        return sum / n;
      };
      return { top: band(0, 0.2), bottom: band(0.8, 1) };
    };
    const plain = rows(photo), lightened = rows(lighter);
    assert.ok(Math.abs(lightened.top - plain.top) < 3, `top rows ${plain.top.toFixed(1)} → ${lightened.top.toFixed(1)}`);
    assert.ok(lightened.bottom - plain.bottom > 8, `lower rows ${plain.bottom.toFixed(1)} → ${lightened.bottom.toFixed(1)}`);
  });

  test('short hair hangs no curtain: the head keeps the template\'s topology', () => {
    const { geometry, delivered } = heads.astronaut;
    assert.equal(geometry.curtain, undefined);
    assert.equal(delivered.mesh.positions.length, geometry.head.template.mesh.positions.length);
  });
});

describe('head_1.2 craniums', () => {
  test('hair volume does not make a helmet: camera.png and messi5.jpg are at most 21 cm wide 5–12 cm below the top', () => {
    for (const name of ['camera', 'messi', 'astronaut']) {
      const width = craniumWidth(heads[name].delivered.mesh);
      assert.ok(width >= 0.12 && width <= 0.21, `${name}: ${(width * 100).toFixed(1)} cm`);
    }
  });

  test('long hair spreads below the ears: the cranium of a long-haired head stays at most 21 cm wide and no wider than deep', () => {
    for (const name of ['long', 'longLegacy']) {
      const { width, depth } = cranium(heads[name].delivered.mesh);
      assert.ok(width >= 0.12 && width <= 0.21, `${name}: ${(width * 100).toFixed(1)} cm wide`);
      assert.ok(depth / width >= 1, `${name}: ${(depth * 100).toFixed(1)} cm deep, ${(width * 100).toFixed(1)} cm wide`);
    }
  });
});

describe('the hair gutter', () => {
  const W = 32, H = 16;
  // Two rectangles of two triangles: hair on the left (texels 1–9 across), skin on the right (22–30), unused texels between.
  const rectangle = (u0: number, u1: number): number[] => [u0, 0.1, u1, 0.1, u0, 0.9, u1, 0.9];
  const mesh = {
    uvs: Float32Array.from([...rectangle(0.05, 0.3), ...rectangle(0.7, 0.95)]),
    indices: Uint32Array.from([0, 2, 1, 1, 2, 3, 4, 6, 5, 5, 6, 7]),
  };
  const painted = (): { data: Uint8Array; mask: Uint8Array } => {
    const data = new Uint8Array(W * H * 3).fill(200), mask = new Uint8Array(W * H);
    for (let j = 3; j <= 12; j++) {
      for (let i = 2; i <= 9; i++) {
        mask[j * W + i] = 255;
        data.fill(20, (j * W + i) * 3, (j * W + i) * 3 + 3);
      }
    }
    return { data, mask };
  };

  test('hair reaches into the unused texels beside it, as far as the reach', () => {
    const { data, mask } = painted();
    hairGutter(data, mask, mesh, W, H, 2);
    for (const i of [10, 11]) {
      assert.equal(data[(6 * W + i) * 3], 20, `texel ${i}`);
      assert.equal(mask[6 * W + i], 255, `texel ${i}`);
    }
    assert.equal(data[(6 * W + 12) * 3], 200, 'beyond the reach');
  });

  test('it never paints over another triangle\'s texels', () => {
    const { data, mask } = painted();
    hairGutter(data, mask, mesh, W, H, 20);
    assert.equal(data[(6 * W + 21) * 3], 20, 'the last unused texel');
    assert.equal(data[(6 * W + 22) * 3], 200, 'the skin rectangle');
    assert.equal(mask[6 * W + 22], 0);
  });
});
