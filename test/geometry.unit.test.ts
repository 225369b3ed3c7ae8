import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createFaceAnalyzer, type FaceAnalysis, type FaceAnalyzer } from '../src/analysis/index.js';
import { LEFT_EYE_OPENING, RIGHT_EYE_OPENING } from '../src/analysis/regions.js';
import { HEAD_SUBTYPE_NAMES, HEAD_SUBTYPES, headSubtype, headTemplate, MEAN_FACE, type HeadTemplate } from '../src/assets/index.js';
import {
  photoShading,
  boundPositions, computeNormals, fitHead, headLod, LANDMARK_MIRROR, meshDefects, projectToPhoto, type FittedHead, type Mesh,
} from '../src/geometry/index.js';

// Compiled to dist/test/: the project root is two levels up.
const PHOTOS = fileURLToPath(new URL('../../test/fixtures/photos/', import.meta.url));
const photo = (name: string): Promise<Buffer> => readFile(PHOTOS + name);

/** The spec's table ("Levels of detail"), faces per LOD, for the subtypes it has a column for. */
const SPEC_LOD_FACES: Record<string, number[]> = {
  'animated_face base/legacy': [24479, 18674, 15122, 11128, 9772, 6844, 5430, 3996, 2680],
  'head_1.2 base/legacy': [52577, 29999, 14999, 9999, 7999, 7000, 6000, 3199],
  'head_1.2 base/mobile': [58258, 40000, 30000, 19999, 9999, 8000, 6999, 4000],
  'head_2.0 bust/mobile': [57796, 39999, 29999, 20000, 9999, 8000, 6999, 4000],
  'head_2.0 head/mobile': [23404, 19054, 16860, 11007, 9497, 7889, 6937, 3926],
};

const point = (flat: ArrayLike<number>, i: number): [number, number, number] => [flat[i * 3], flat[i * 3 + 1], flat[i * 3 + 2]];
const distance = (a: number[], b: number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const centre = (flat: ArrayLike<number>, ids: readonly number[]): number[] =>
  [0, 1, 2].map((k) => ids.reduce((s, i) => s + flat[i * 3 + k], 0) / ids.length);

/** Root mean square distance between the face vertices of two fitted heads of the same template. */
function faceDifference(a: FittedHead, b: FittedHead): number {
  const face = a.template.regions.face.vertices;
  let sum = 0;
  for (const v of face) sum += distance(point(a.mesh.positions, v), point(b.mesh.positions, v)) ** 2;
  return Math.sqrt(sum / face.length);
}

let analyzer: FaceAnalyzer;
let astronaut: FaceAnalysis;
let astronautTurned: FaceAnalysis;
let camera: FaceAnalysis;
let messi: FaceAnalysis;
let bust: HeadTemplate;
let fittedAstronaut: FittedHead;

before(async () => {
  analyzer = await createFaceAnalyzer();
  astronaut = await analyzer.analyze(await photo('astronaut.png'));
  const turned = await sharp(await photo('astronaut.png')).rotate(20, { background: '#808080' }).png().toBuffer();
  astronautTurned = await analyzer.analyze(turned);
  camera = await analyzer.analyze(await photo('camera.png'));
  messi = await analyzer.analyze(await photo('messi5.jpg'));
  bust = headTemplate('head_2.0 bust/mobile');
  fittedAstronaut = fitHead(bust, astronaut);
});

after(async () => {
  await analyzer.close();
});

describe('head templates', () => {
  test('every head subtype of the spec has a template, found by pipeline and subtype', () => {
    assert.equal(HEAD_SUBTYPE_NAMES.length, 7);
    assert.equal(headSubtype('head_2.0', 'head/mobile'), 'head_2.0 head/mobile');
    assert.equal(headSubtype('body_0.3', 'female'), undefined);
  });

  for (const [subtype, faces] of Object.entries(SPEC_LOD_FACES)) {
    test(`${subtype}: face counts of every LOD are within 3 % of the spec's table`, async () => {
      const template = headTemplate(headSubtype(...(subtype.split(' ') as [string, string]))!);
      assert.equal(template.lodFaces.length, faces.length);
      for (let lod = 0; lod < faces.length; lod++) {
        const mesh = await headLod(template, lod);
        const got = mesh.indices.length / 3;
        assert.ok(Math.abs(got / faces[lod] - 1) <= 0.03, `LOD${lod}: ${got} faces, spec ${faces[lod]}`);
      }
    });
  }

  test('static subtypes have budgets in the same progression as their mobile siblings', () => {
    for (const name of ['head_1.2 base/static', 'head_2.0 bust/static'] as const) {
      const f = HEAD_SUBTYPES[name].lodFaces;
      assert.equal(f.length, 8);
      for (let i = 1; i < f.length; i++) assert.ok(f[i] < f[i - 1], `${name} LOD${i}`);
    }
  });

  for (const subtype of HEAD_SUBTYPE_NAMES) {
    test(`${subtype}: UVs in [0, 1], no degenerate faces, closed but for the cut at the bottom`, async () => {
      const template = headTemplate(subtype);
      for (const lod of [0, template.lodFaces.length - 1]) {
        const mesh = await headLod(template, lod);
        const d = meshDefects(mesh);
        assert.equal(d.nonFinite, 0, `LOD${lod} non-finite values`);
        assert.equal(d.uvsOutside, 0, `LOD${lod} UVs outside [0, 1]`);
        assert.equal(d.degenerateFaces, 0, `LOD${lod} degenerate faces`);
        assert.equal(d.badEdges, 0, `LOD${lod} folded or non-manifold edges`);
        assert.ok(d.borderEdges > 0, 'the bottom is open');
        // Every border edge lies on the horizontal cut at the bottom, well below the chin.
        assert.ok(d.borderTop < -0.17, `LOD${lod}: a border at y = ${d.borderTop}`);
      }
    });
  }

  test('normals point outwards on the cranium', () => {
    const { positions, normals } = bust.mesh;
    const scalp = bust.regions.scalp.vertices;
    let outward = 0;
    for (const v of scalp) {
      const [x, y, z] = point(positions, v);
      const [nx, ny, nz] = point(normals!, v);
      // From the middle of the cranium, a little above eye level.
      if (nx * x + ny * (y - 0.02) + nz * z > 0) outward++;
    }
    assert.ok(outward / scalp.length > 0.99, `${outward} of ${scalp.length} scalp normals point outwards`);
  });

  test('the template face is the mean face', () => {
    const landmarks = boundPositions(bust.mesh.positions, bust.mesh.indices, bust.landmarks);
    let worst = 0;
    for (let i = 0; i < 468; i++) worst = Math.max(worst, distance(point(landmarks, i), point(MEAN_FACE, i)));
    assert.ok(worst < 0.002, `a landmark ${worst * 1000} mm off the mean face`);
  });

  test('regions: eyes, lips and nostrils on the face, ears on the sides, bust below the neck', () => {
    const p = bust.mesh.positions;
    const r = bust.regions;
    for (const name of ['leftEye', 'rightEye', 'lips', 'leftNostril', 'rightNostril', 'leftEar', 'rightEar', 'scalp', 'neck', 'bust'] as const) {
      assert.ok(r[name].vertices.length > 0, `${name} is empty`);
      assert.ok(r[name].faces.length > 0, `${name} has no faces`);
    }
    const mean = (ids: Uint32Array, k: number): number => ids.reduce((s, v) => s + p[v * 3 + k], 0) / ids.length;
    assert.ok(mean(r.leftEye.vertices, 0) > 0.02 && mean(r.rightEye.vertices, 0) < -0.02, 'left eye at +x');
    assert.ok(mean(r.lips.vertices, 1) < -0.04, 'lips below the nose');
    assert.ok(mean(r.leftEar.vertices, 0) > 0.07 && mean(r.rightEar.vertices, 0) < -0.07, 'ears on the sides');
    assert.ok(mean(r.bust.vertices, 1) < mean(r.neck.vertices, 1), 'bust below the neck');
    assert.equal(headTemplate('head_2.0 head/mobile').regions.bust.vertices.length, 0, 'head/mobile has no bust');
  });

  test('head/mobile has no bust: nothing far below the chin or wide below the neck', () => {
    const head = headTemplate('head_2.0 head/mobile').mesh.positions;
    const chin = MEAN_FACE[152 * 3 + 1];
    let lowest = Infinity, widest = 0;
    for (let v = 0; v < head.length / 3; v++) {
      lowest = Math.min(lowest, head[v * 3 + 1]);
      if (head[v * 3 + 1] < chin - 0.03) widest = Math.max(widest, Math.abs(head[v * 3]));
    }
    assert.ok(lowest > chin - 0.1, `lowest point ${lowest} m, chin ${chin} m`);
    assert.ok(widest < 0.08, `${widest} m wide below the chin`);
    // ...whereas a bust subtype reaches the shoulders.
    let shoulders = 0;
    for (let v = 0; v < bust.mesh.positions.length / 3; v++) shoulders = Math.max(shoulders, Math.abs(bust.mesh.positions[v * 3]));
    assert.ok(shoulders > 0.15, `bust ${shoulders} m wide`);
  });
});

describe('fitting a head to a photo', () => {
  test('the fitted face landmarks lie within a few mm of the canonicalised detected landmarks', () => {
    const fitted = boundPositions(fittedAstronaut.mesh.positions, fittedAstronaut.mesh.indices, bust.landmarks);
    const errors: number[] = [];
    for (let i = 0; i < 468; i++) errors.push(distance(point(fitted, i), point(fittedAstronaut.landmarks, i)));
    errors.sort((a, b) => a - b);
    const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
    assert.ok(mean < 0.002, `mean error ${(mean * 1000).toFixed(2)} mm`);
    assert.ok(errors[Math.floor(errors.length * 0.9)] < 0.0035, `90th percentile ${(errors[Math.floor(errors.length * 0.9)] * 1000).toFixed(2)} mm`);
  });

  test('the interpupillary distance is 63 mm', () => {
    const l = fittedAstronaut.landmarks;
    assert.ok(Math.abs(distance(point(l, 468), point(l, 473)) - 0.063) < 1e-5);
    // On the mesh: the middles of the eye openings, 63 mm apart give or take the gaze.
    const fitted = boundPositions(fittedAstronaut.mesh.positions, fittedAstronaut.mesh.indices, bust.landmarks);
    const eyes = distance(centre(fitted, RIGHT_EYE_OPENING), centre(fitted, LEFT_EYE_OPENING));
    assert.ok(Math.abs(eyes - 0.063) < 0.004, `eyes ${(eyes * 1000).toFixed(1)} mm apart`);
  });

  test('a photo turned by 20° gives the same upright head', () => {
    assert.ok(Math.abs(astronautTurned.face.pose.roll) > 0.2, `roll ${astronautTurned.face.pose.roll}`);
    const turned = fitHead(bust, astronautTurned);
    // The detector itself moves landmarks by a pixel or two when the photo turns (1.5 mm a pixel
    // here); different people differ by over 15 mm.
    const rms = faceDifference(fittedAstronaut, turned);
    assert.ok(rms < 0.004, `faces differ by ${(rms * 1000).toFixed(2)} mm RMS`);
    // Upright: the face's own vertical (chin to forehead) is the canonical +Y.
    const up = [0, 1, 2].map((k) => turned.landmarks[10 * 3 + k] - turned.landmarks[152 * 3 + k]);
    const tilt = Math.atan2(Math.abs(up[0]), up[1]);
    assert.ok(tilt < (3 * Math.PI) / 180, `tilted by ${((tilt * 180) / Math.PI).toFixed(1)}°`);
    // The camera carries the rotation: its roll is about 20°.
    const r = turned.camera.rotation;
    const roll = Math.abs(Math.atan2(r[3], r[0]));
    assert.ok(Math.abs(roll - (20 * Math.PI) / 180) < 0.06, `camera roll ${((roll * 180) / Math.PI).toFixed(1)}°`);
  });

  test('two different people give measurably different faces; the same photo the same face', () => {
    const other = fitHead(bust, camera);
    const rms = faceDifference(fittedAstronaut, other);
    assert.ok(rms > 0.008, `faces differ by only ${(rms * 1000).toFixed(2)} mm RMS`);
    assert.equal(faceDifference(fittedAstronaut, fitHead(bust, astronaut)), 0);
  });

  test('the fitted face projects onto the detected landmarks in the photo', () => {
    const fitted = boundPositions(fittedAstronaut.mesh.positions, fittedAstronaut.mesh.indices, bust.landmarks);
    const detected = astronaut.face.landmarks;
    let sum = 0;
    for (let i = 0; i < 468; i++) {
      const [x, y] = projectToPhoto(fittedAstronaut.camera, ...point(fitted, i));
      sum += Math.hypot(x - detected[i * 3], y - detected[i * 3 + 1]);
    }
    // 42 px between the eyes: 1.5 mm a pixel.
    assert.ok(sum / 468 < 1.5, `${(sum / 468).toFixed(2)} px on average`);
  });

  test('per-vertex projection: the nose tip is seen, the back of the head is not', () => {
    const { x: px, y: py, visible, facing } = fittedAstronaut.projection;
    const count = fittedAstronaut.mesh.positions.length / 3;
    assert.equal(px.length, count);
    assert.equal(py.length, count);
    let front = 0, back = 0, frontZ = -Infinity;
    const p = fittedAstronaut.mesh.positions;
    for (let v = 0; v < count; v++) {
      if (p[v * 3 + 2] > frontZ && Math.abs(p[v * 3]) < 0.005 && p[v * 3 + 1] > -0.06) { frontZ = p[v * 3 + 2]; front = v; }
      if (p[v * 3 + 2] < p[back * 3 + 2]) back = v;
    }
    assert.equal(visible[front], 1, 'nose tip');
    assert.ok(facing[front] > 0.5);
    assert.equal(visible[back], 0, 'back of the head');
    const [x, y] = [px[front], py[front]];
    const tip = astronaut.face.landmarks;
    assert.ok(Math.hypot(x - tip[3], y - tip[4]) < 6, `nose tip at ${x}, ${y}`);
  });

  test('caricature exaggerates the difference from the mean face', () => {
    const plain = fittedAstronaut;
    const strong = fitHead(bust, astronaut, { caricature: 1 });
    const face = bust.regions.face.vertices;
    let plainDiff = 0, strongDiff = 0;
    for (const v of face) {
      plainDiff += distance(point(plain.mesh.positions, v), point(bust.mesh.positions, v));
      strongDiff += distance(point(strong.mesh.positions, v), point(bust.mesh.positions, v));
    }
    assert.ok(strongDiff > 1.5 * plainDiff, `caricature ${strongDiff} vs ${plainDiff}`);
    // Texturing still projects the head as photographed.
    assert.deepEqual(strong.projection.x, plain.projection.x);
    assert.deepEqual(strong.projection.y, plain.projection.y);
  });

  test('a face turned past 45° (camera.png, 53°) is fitted from its visible half: symmetric, no broader than frontal faces', () => {
    assert.ok(Math.abs(camera.face.pose.yaw) > (45 * Math.PI) / 180, `yaw ${camera.face.pose.yaw}`);
    const fitted = fitHead(bust, camera);
    const l = boundPositions(fitted.mesh.positions, fitted.mesh.indices, bust.landmarks);
    let asymmetry = 0;
    for (let i = 0; i < 468; i++) {
      const m = LANDMARK_MIRROR[i];
      asymmetry += distance(point(l, i), [-l[m * 3], l[m * 3 + 1], l[m * 3 + 2]]) / 468;
    }
    assert.ok(asymmetry < 0.001, `left and right differ by ${(asymmetry * 1000).toFixed(1)} mm`);
    // Frontal faces of the fixtures and benchmarks: 126–151 mm from cheek to cheek; this one was 176.
    const width = l[454 * 3] - l[234 * 3];
    assert.ok(width < 0.155, `cheeks ${(width * 1000).toFixed(0)} mm apart`);
    assert.ok(fitted.headScale[0] < 1.1, `head ${fitted.headScale[0]} times as wide as the template`);
  });

  test("the fitted face's relief agrees with the measured 3D landmarks: neither flatter nor deeper", () => {
    // Landmarks down the middle of the face and around the eyes, which every photo here shows.
    const central = [1, 4, 5, 195, 197, 6, 168, 8, 9, 151, 10, 33, 133, 362, 263, 0, 13, 14, 17, 152, 61, 291, 50, 280, 98, 327, 70, 300];
    for (const [name, analysis] of [['astronaut', astronaut], ['camera', camera], ['messi5', messi]] as const) {
      const fitted = fitHead(bust, analysis);
      const l = boundPositions(fitted.mesh.positions, fitted.mesh.indices, bust.landmarks);
      const measured = (i: number): number => fitted.landmarks[i * 3 + 2];
      const fit = (i: number): number => l[i * 3 + 2];
      // Nose tip in front of the outer eye corners.
      const relief = (z: (i: number) => number): number => z(1) - (z(33) + z(263)) / 2;
      assert.ok(Math.abs(relief(fit) - relief(measured)) < 0.003, `${name}: nose ${(relief(fit) * 1000).toFixed(1)} mm in front of the eyes, measured ${(relief(measured) * 1000).toFixed(1)} mm`);
      // Depth scale: least squares of the fitted depths against the measured ones.
      const mean = (z: (i: number) => number): number => central.reduce((s, i) => s + z(i), 0) / central.length;
      const mf = mean(fit), mm = mean(measured);
      let cov = 0, variance = 0;
      for (const i of central) { cov += (fit(i) - mf) * (measured(i) - mm); variance += (measured(i) - mm) ** 2; }
      const scale = cov / variance;
      assert.ok(scale > 0.93 && scale < 1.07, `${name}: the fitted relief is ${scale.toFixed(2)} times the measured`);
    }
  });

  test('a fitted LOD keeps the budget and takes its positions from the fitted head', async () => {
    const lod = await headLod(fittedAstronaut, 4);
    assert.ok(Math.abs(lod.indices.length / 3 / 9999 - 1) < 0.03);
    for (let i = 0; i < lod.sourceVertices.length; i += 97) {
      assert.deepEqual(point(lod.positions, i), point(fittedAstronaut.mesh.positions, lod.sourceVertices[i]));
    }
    const d = meshDefects(lod);
    assert.equal(d.degenerateFaces + d.badEdges + d.uvsOutside, 0);
  });
});

describe('computeNormals', () => {
  test('normals of a closed tetrahedron point away from its centre, seams welded', () => {
    // Tetrahedron with one corner split into two coincident vertices, as a UV seam does.
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
    const mesh: Mesh = { positions, indices: new Uint32Array([0, 2, 1, 4, 1, 3, 0, 3, 2, 1, 2, 3]) };
    const n = computeNormals(mesh).normals!;
    const c = [0.25, 0.25, 0.25];
    for (let v = 0; v < 5; v++) {
      const p = point(positions, v), q = point(n, v);
      assert.ok((p[0] - c[0]) * q[0] + (p[1] - c[1]) * q[1] + (p[2] - c[2]) * q[2] > 0, `vertex ${v}`);
    }
    assert.deepEqual(point(n, 0), point(n, 4));
  });
});

describe('photoShading', () => {
  /** Mean angle (radians) between each vertex's normal and its quad neighbours', over the vertices where `pick` holds. */
  const roughness = (normals: Float32Array, pick: (v: number) => boolean): number => {
    const q = bust.quads;
    let sum = 0, n = 0;
    for (let i = 0; i < q.length; i += 4) {
      for (let k = 0; k < 4; k++) {
        const a = q[i + k], b = q[i + ((k + 1) & 3)];
        if (!pick(a) || !pick(b)) continue;
        const dot = normals[a * 3] * normals[b * 3] + normals[a * 3 + 1] * normals[b * 3 + 1] + normals[a * 3 + 2] * normals[b * 3 + 2];
        sum += Math.acos(Math.min(1, dot));
        n++;
      }
    }
    return sum / n;
  };

  test('where the photo saw the face squarely the normals follow its broad form; elsewhere and in the mouth they are the geometry\'s', () => {
    const head = fittedAstronaut;
    const shaded = photoShading(head);
    const before = head.mesh.normals!;
    assert.equal(shaded.length, before.length);
    for (let v = 0; v < shaded.length / 3; v++) {
      assert.ok(Math.abs(Math.hypot(shaded[v * 3], shaded[v * 3 + 1], shaded[v * 3 + 2]) - 1) < 1e-4, `normal ${v} is unit`);
    }
    const facing = head.projection.facing;
    const squarely = (v: number) => facing[v] > 0.5;
    // The template's creases (lips, nose wings, the fold beside the nose) no longer show in the face's shading.
    assert.ok(roughness(shaded, squarely) < 0.75 * roughness(before, squarely), `${roughness(shaded, squarely)} against ${roughness(before, squarely)}`);
    // The back of the head and the mouth's inside are shaded as they are.
    const weld = head.template.sampling.weld;
    for (let v = 0; v < facing.length; v++) {
      const unseen = facing[weld.length ? weld[v] : v] <= 0;
      if (!unseen) continue;
      for (let k = 0; k < 3; k++) assert.equal(shaded[v * 3 + k], before[v * 3 + k]);
    }
    for (const v of head.template.mouth.bag) for (let k = 0; k < 3; k++) assert.equal(shaded[v * 3 + k], before[v * 3 + k]);
  });
});
