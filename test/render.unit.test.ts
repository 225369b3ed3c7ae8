import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import type { Mesh } from '../src/core/mesh.js';
import {
  decodeTexture, encodePng, identity, intrinsicsCamera, lookAt, perspectiveCamera, render, transformPoint, uvSphere,
  viewCamera, VIEWS, weakPerspectiveCamera, type Camera, type Frame, type Image, type Material, type RenderOptions, type Scene, type Vec3, type View,
} from '../src/render/index.js';
import { invert, normalMatrix } from '../src/render/matrix.js';

// A camera 3 m in front of the origin with a 40° vertical field of view, for 256 x 256 frames.
const FOV = 40;
const camera = (): Camera => lookAt(perspectiveCamera({ fov: FOV, aspect: 1, near: 0.1, far: 20 }), [0, 0, 3], [0, 0, 0]);
const TAN = Math.tan((FOV * Math.PI) / 360);
const SIZE = 256;
// Colour = albedo: no lights, full ambient, no highlight.
const UNLIT: RenderOptions = { width: SIZE, height: SIZE, lights: [], ambient: 1 };
const MATTE: Material = { specular: 0 };

const at = (f: Frame, x: number, y: number): [number, number, number, number] => {
  const o = (Math.floor(y) * f.width + Math.floor(x)) * 4;
  return [f.data[o], f.data[o + 1], f.data[o + 2], f.data[o + 3]];
};
/** Pixels covered, counting partly covered edge pixels by their alpha. */
const coverage = (f: Frame): number => {
  let sum = 0;
  for (let i = 3; i < f.data.length; i += 4) sum += f.data[i] / 255;
  return sum;
};
const luminance = ([r, g, b]: number[]): number => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const near = (actual: number, expected: number, tolerance: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual}, expected ${expected} ± ${tolerance}`);

/** A flat quad, corners counter-clockwise seen from the side it faces, UVs (0,1) (1,1) (1,0) (0,0). */
function quad(corners: [Vec3, Vec3, Vec3, Vec3]): Mesh {
  const [a, b, , d] = corners;
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v = [d[0] - a[0], d[1] - a[1], d[2] - a[2]];
  const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const len = Math.hypot(n[0], n[1], n[2]);
  return {
    positions: Float32Array.from(corners.flat()),
    normals: Float32Array.from([0, 1, 2, 3].flatMap(() => n.map((c) => c / len))),
    uvs: Float32Array.from([0, 1, 1, 1, 1, 0, 0, 0]),
    indices: Uint32Array.from([0, 1, 2, 0, 2, 3]),
  };
}

/** An axis-aligned square facing +Z at depth z, half-size h. */
const square = (h: number, z: number): Mesh => quad([[-h, -h, z], [h, -h, z], [h, h, z], [-h, h, z]]);

/** A cube of half-size h centred on the origin, without normals (so drawn flat). */
function cube(h: number): Mesh {
  const p = [[-h, -h, h], [h, -h, h], [h, h, h], [-h, h, h], [-h, -h, -h], [-h, h, -h], [h, h, -h], [h, -h, -h]];
  return {
    positions: Float32Array.from(p.flat()),
    indices: Uint32Array.from([0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7, 3, 2, 6, 3, 6, 5, 0, 4, 7, 0, 7, 1, 1, 7, 6, 1, 6, 2, 0, 3, 5, 0, 5, 4]),
  };
}

const solid = (r: number, g: number, b: number, a = 1): Material => ({ ...MATTE, color: [r, g, b, a] });

function checkerboard(size: number, cells: number): Image {
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const white = (Math.floor((x * cells) / size) + Math.floor((y * cells) / size)) % 2 === 0;
      data.fill(white ? 255 : 0, (y * size + x) * 3, (y * size + x) * 3 + 3);
    }
  }
  return { width: size, height: size, channels: 3, data };
}

describe('coverage', () => {
  test('a sphere seen front-on covers the disc its silhouette cone projects to, within 2 %', () => {
    const r = 0.5;
    const frame = render({ meshes: [{ mesh: uvSphere({ radius: r, rings: 48, segments: 96 }) }] }, camera(), UNLIT);
    // The silhouette is the cone from the eye tangent to the sphere: half-angle asin(r / d).
    const alpha = Math.asin(r / 3);
    const radius = (Math.tan(alpha) / TAN) * (SIZE / 2);
    near(coverage(frame) / (Math.PI * radius * radius), 1, 0.02, 'covered / expected area');
    assert.deepEqual(at(frame, SIZE / 2, SIZE / 2)[3], 255);
    assert.equal(at(frame, SIZE / 2 + radius + 2, SIZE / 2)[3], 0);
  });

  test('a cube seen front-on covers exactly its front face, within 1 %', () => {
    const h = 0.5;
    const frame = render({ meshes: [{ mesh: cube(h) }] }, camera(), UNLIT);
    const side = (h / (3 - h) / TAN) * SIZE;
    near(coverage(frame) / (side * side), 1, 0.01, 'covered / expected area');
  });

  test('an empty scene gives a frame of the background, transparent by default', () => {
    const clear = render({ meshes: [] }, camera(), { width: 8, height: 4 });
    assert.equal(clear.width, 8);
    assert.equal(clear.height, 4);
    assert.equal(clear.channels, 4);
    assert.ok(clear.data.every((v) => v === 0));
    const grey = render({ meshes: [] }, camera(), { width: 2, height: 2, background: [0.5, 0.5, 0.5, 1] });
    assert.deepEqual(at(grey, 1, 1), [128, 128, 128, 255]);
  });

  test('supersampling antialiases edges: partly covered pixels get partial alpha, and none without it', () => {
    const scene = { meshes: [{ mesh: uvSphere({ radius: 0.5 }) }] };
    const partial = (f: Frame): number => f.data.filter((v, i) => i % 4 === 3 && v > 0 && v < 255).length;
    assert.ok(partial(render(scene, camera(), { ...UNLIT, supersampling: 2 })) > 200);
    assert.equal(partial(render(scene, camera(), { ...UNLIT, supersampling: 1 })), 0);
  });
});

describe('depth and culling', () => {
  const red = { mesh: square(0.5, 0), material: solid(1, 0, 0) };
  const blue = { mesh: square(1, -0.5), material: solid(0, 0, 1) };

  test('a near red quad hides a far blue quad, whichever is drawn first', () => {
    for (const meshes of [[red, blue], [blue, red]]) {
      const frame = render({ meshes }, camera(), UNLIT);
      assert.deepEqual(at(frame, SIZE / 2, SIZE / 2), [255, 0, 0, 255]);
      // Outside the red quad (which spans ±0.5 / 3 / tan 20° of the half-frame) the blue one shows.
      assert.deepEqual(at(frame, SIZE / 2 + 0.6 * (SIZE / 2), SIZE / 2), [0, 0, 255, 255]);
    }
  });

  test('back faces are culled unless culling is off or the material is double-sided', () => {
    // Wound clockwise as seen from the camera: its front faces away.
    const away = quad([[-0.5, -0.5, 0], [-0.5, 0.5, 0], [0.5, 0.5, 0], [0.5, -0.5, 0]]);
    const centre = (scene: Scene, options: RenderOptions = {}): number => at(render(scene, camera(), { ...UNLIT, ...options }), SIZE / 2, SIZE / 2)[3];
    assert.equal(centre({ meshes: [{ mesh: away }] }), 0);
    assert.equal(centre({ meshes: [{ mesh: away }] }, { cullBackFaces: false }), 255);
    assert.equal(centre({ meshes: [{ mesh: away, material: { doubleSided: true } }] }), 255);
  });

  test('a floor running under the camera is clipped at the near plane and fills the frame below its far edge', () => {
    const floor = quad([[-5, -0.5, 5], [5, -0.5, 5], [5, -0.5, -5], [-5, -0.5, -5]]);
    const frame = render({ meshes: [{ mesh: floor }] }, camera(), UNLIT);
    // Its far edge, 8 m ahead and 0.5 m down, is at 0.5 / 8 / tan 20° of the half-frame below the centre.
    const horizon = SIZE / 2 + (0.5 / 8 / TAN) * (SIZE / 2);
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x += 15) {
        const a = at(frame, x, y)[3];
        if (y > horizon + 1) assert.equal(a, 255, `pixel ${x},${y} below the far edge`);
        if (y < horizon - 1) assert.equal(a, 0, `pixel ${x},${y} above the far edge`);
      }
    }
  });

  test('a quad far larger than the frame (clipped to the guard band) covers all of it', () => {
    const frame = render({ meshes: [{ mesh: square(1000, 0) }] }, camera(), UNLIT);
    assert.equal(coverage(frame), SIZE * SIZE);
  });
});

describe('textures', () => {
  test('a checkerboard on a receding floor shows the checks perspective projection puts at each pixel', () => {
    // A 4 m floor, 0.5 m below the eye, from 1 m to 5 m ahead, v = 0 at its far edge; 4 x 4 checks.
    const floor = quad([[-2, -0.5, 2], [2, -0.5, 2], [2, -0.5, -2], [-2, -0.5, -2]]);
    const frame = render({ meshes: [{ mesh: floor, material: { ...MATTE, texture: checkerboard(16, 4) } }] }, camera(), UNLIT);
    let checked = 0;
    let affineWouldFail = 0;
    for (let py = 0; py < SIZE; py += 4) {
      for (let px = 0; px < SIZE; px += 4) {
        // The ray through the pixel centre meets the floor plane y = -0.5 at depth t.
        const dx = ((px + 0.5) / (SIZE / 2) - 1) * TAN;
        const dy = (1 - (py + 0.5) / (SIZE / 2)) * TAN;
        if (dy >= 0) continue;
        const t = -0.5 / dy;
        const x = dx * t, z = 3 - t;
        if (Math.abs(x) > 2 || Math.abs(z) > 2) continue;
        const u = (x + 2) / 4, v = (z + 2) / 4;
        // Only where the check is unambiguous: well inside a check in both directions.
        const fu = (u * 4) % 1, fv = (v * 4) % 1;
        if (fu < 0.25 || fu > 0.75 || fv < 0.25 || fv > 0.75) continue;
        const white = (Math.floor(u * 4) + Math.floor(v * 4)) % 2 === 0;
        const [r, , , a] = at(frame, px, py);
        assert.equal(a, 255);
        assert.ok(white ? r > 200 : r < 55, `pixel ${px},${py}: u ${u.toFixed(3)} v ${v.toFixed(3)} should be ${white ? 'white' : 'black'}, is ${r}`);
        checked++;
        // Screen-linear (affine) interpolation would put v proportional to the pixel row between the edges.
        const rowNear = SIZE / 2 + (0.5 / 1 / TAN) * (SIZE / 2), rowFar = SIZE / 2 + (0.5 / 5 / TAN) * (SIZE / 2);
        const vAffine = Math.min(1, (py + 0.5 - rowFar) / (rowNear - rowFar));
        if (Math.floor(vAffine * 4) !== Math.floor(v * 4)) affineWouldFail++;
      }
    }
    assert.ok(checked > 200, `${checked} pixels checked`);
    assert.ok(affineWouldFail > 50, `only ${affineWouldFail} pixels tell perspective from affine mapping`);
  });

  test('v = 0 is the top row of the texture image', () => {
    const data = new Uint8Array(2 * 2 * 3);
    data.set([255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255]); // top row red, bottom row blue
    const frame = render({ meshes: [{ mesh: square(0.5, 0), material: { ...MATTE, texture: { width: 2, height: 2, channels: 3, data } } }] }, camera(), UNLIT);
    const top = at(frame, SIZE / 2, SIZE / 2 - 30), bottom = at(frame, SIZE / 2, SIZE / 2 + 30);
    assert.ok(top[0] > 200 && top[2] < 50, `top ${top}`);
    assert.ok(bottom[2] > 200 && bottom[0] < 50, `bottom ${bottom}`);
  });

  test('alpha-tested cut-outs are transparent and the rest opaque', () => {
    // Left half of the texture alpha 0, right half alpha 255.
    const data = new Uint8Array(4 * 1 * 4);
    data.set([0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 255, 0, 255, 0, 255]);
    const texture: Image = { width: 4, height: 1, channels: 4, data };
    const draw = (material: Material): Frame => render({ meshes: [{ mesh: square(0.5, 0), material: { ...MATTE, texture, ...material } }] }, camera(), UNLIT);
    const cut = draw({ alphaMode: 'mask' });
    const half = (0.5 / 3 / TAN) * (SIZE / 2);
    assert.equal(at(cut, SIZE / 2 - half / 2, SIZE / 2)[3], 0);
    assert.deepEqual(at(cut, SIZE / 2 + half / 2, SIZE / 2), [0, 255, 0, 255]);
    near(coverage(cut) / (half * half * 2), 1, 0.03, 'covered / half the quad');
    assert.equal(at(draw({ alphaMode: 'opaque' }), SIZE / 2 - half / 2, SIZE / 2)[3], 255);
  });

  test('a blended half-transparent quad mixes its colour with what is behind, in linear light', () => {
    const blue = { mesh: square(0.5, 0.2), material: { ...solid(0, 0, 1, 0.5), alphaMode: 'blend' as const } };
    const over = render({ meshes: [blue, { mesh: square(1, 0), material: solid(1, 0, 0) }] }, camera(), UNLIT);
    // Half of linear 1 is sRGB 188.
    const [r, g, b, a] = at(over, SIZE / 2, SIZE / 2);
    near(r, 188, 2, 'red'); near(g, 0, 1, 'green'); near(b, 188, 2, 'blue'); assert.equal(a, 255);
    const alone = render({ meshes: [blue] }, camera(), UNLIT);
    assert.deepEqual(at(alone, SIZE / 2, SIZE / 2), [0, 0, 255, 128]);
  });

  test('vertex colours multiply the material colour and are interpolated', () => {
    const mesh = square(0.5, 0);
    const colors = Float32Array.from([1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0]); // left corners red, right corners blue
    const frame = render({ meshes: [{ mesh, colors, material: solid(1, 1, 1) }] }, camera(), UNLIT);
    const half = (0.5 / 3 / TAN) * (SIZE / 2);
    const left = at(frame, SIZE / 2 - half + 3, SIZE / 2), right = at(frame, SIZE / 2 + half - 3, SIZE / 2);
    assert.ok(left[0] > 240 && left[2] < 60, `left ${left}`);
    assert.ok(right[2] > 240 && right[0] < 60, `right ${right}`);
    const dim = render({ meshes: [{ mesh, colors, material: solid(0.5, 0.5, 0.5) }] }, camera(), UNLIT);
    near(at(dim, SIZE / 2 - half + 3, SIZE / 2)[0], 128, 8, 'red times grey');
  });
});

describe('lighting', () => {
  const sphere = { mesh: uvSphere({ radius: 0.5, rings: 48, segments: 96 }), material: solid(0.8, 0.8, 0.8) };
  const dx = (0.7 * (0.5 / 3)) / TAN * (SIZE / 2);

  test('the side of a sphere facing away from the light is darker than the side facing it', () => {
    const frame = render({ meshes: [sphere] }, camera(), { ...UNLIT, lights: [{ direction: [1, 0, 0], color: [1, 1, 1], intensity: 1 }], ambient: 0.02 });
    const lit = luminance(at(frame, SIZE / 2 + dx, SIZE / 2)), dark = luminance(at(frame, SIZE / 2 - dx, SIZE / 2));
    assert.ok(lit > 3 * dark, `lit side ${lit}, dark side ${dark}`);
    assert.ok(dark > 0, 'ambient light reaches the dark side');
  });

  test('the default rig lights a sphere from the camera-left key light and never leaves a side black', () => {
    const frame = render({ meshes: [sphere] }, camera(), { width: SIZE, height: SIZE });
    const left = luminance(at(frame, SIZE / 2 - dx, SIZE / 2)), right = luminance(at(frame, SIZE / 2 + dx, SIZE / 2));
    assert.ok(left > right, `left ${left}, right ${right}`);
    assert.ok(right > 60, `right ${right}`);
    // Facing the camera, a surface comes out near its albedo (0.8 → sRGB 204).
    near(luminance(at(frame, SIZE / 2, SIZE / 2)), 204, 30, 'centre');
  });

  test('with the rig in camera space a sphere looks the same from every view', () => {
    const scene = { meshes: [sphere] };
    const centres = (Object.keys(VIEWS) as View[]).map((view) => at(render(scene, viewCamera(scene, { view }), { width: 64, height: 64 }), 32, 32));
    for (const c of centres) assert.deepEqual(c, centres[0]);
  });

  test('lights in world space stay put as the camera moves round', () => {
    const scene = { meshes: [sphere] };
    const options: RenderOptions = { width: 64, height: 64, lightSpace: 'world', lights: [{ direction: [1, 0, 0], color: [1, 1, 1], intensity: 1 }], ambient: 0.02 };
    const centre = (view: View): number => luminance(at(render(scene, viewCamera(scene, { view }), options), 32, 32));
    // Seen from +X (the subject's left) the sphere faces the light; from −X, away from it.
    assert.ok(centre('left') > 200, `left ${centre('left')}`);
    assert.ok(centre('right') < 40, `right ${centre('right')}`);
  });

  test('normals are carried by the inverse-transpose of the model-view matrix', () => {
    const m = Float64Array.from([0.5, 0.3, -0.2, 0, -0.4, 1.7, 0.1, 0, 0.2, 0.6, 2.2, 0, 1, 2, 3, 1]);
    const inv = invert(m);
    const n = normalMatrix(m);
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 3; col++) near(n[col * 3 + row], inv[row * 4 + col], 1e-9, `element ${row},${col}`);
    }
  });

  test('a mesh without normals is shaded flat: one colour per face, different faces differently', () => {
    const view = viewCamera({ meshes: [{ mesh: cube(0.5) }] }, { view: 'three-quarter' });
    const frame = render({ meshes: [{ mesh: cube(0.5), material: solid(0.8, 0.8, 0.8) }] }, view, { width: SIZE, height: SIZE, supersampling: 1 });
    // Pixels of the front face (lower middle-left) and of the +X face (lower middle-right).
    const front = [at(frame, 100, 150), at(frame, 110, 160), at(frame, 95, 170)].map(luminance);
    const side = [at(frame, 175, 150), at(frame, 185, 160), at(frame, 170, 170)].map(luminance);
    for (const face of [front, side]) assert.ok(Math.max(...face) - Math.min(...face) <= 1, `face ${face}`);
    assert.ok(Math.abs(front[0] - side[0]) > 10, `front ${front[0]}, side ${side[0]}`);
  });
});

describe('cameras', () => {
  // A head-sized ellipsoid standing 1.6 m up, off the origin.
  const matrix = identity();
  matrix[0] = 0.8; matrix[5] = 1.1; matrix[10] = 0.9; matrix[12] = 0.05; matrix[13] = 1.6; matrix[14] = 0.02;
  const head: Scene = { meshes: [{ mesh: uvSphere({ radius: 0.1 }), matrix }] };

  for (const view of Object.keys(VIEWS) as View[]) {
    test(`framing for the ${view} view keeps the whole mesh in the frame, and fills it`, () => {
      const cam = viewCamera(head, { view, aspect: 4 / 3 });
      const clip = (p: Vec3): Vec3 => transformPoint(cam.projection, transformPoint(cam.view, p));
      const positions = head.meshes[0].mesh.positions;
      let maxX = 0, maxY = 0;
      for (let i = 0; i < positions.length; i += 3) {
        const [x, y, z] = clip(transformPoint(matrix, [positions[i], positions[i + 1], positions[i + 2]]));
        assert.ok(Math.abs(x) <= 0.9 + 1e-6 && Math.abs(y) <= 0.9 + 1e-6 && z > -1 && z < 1, `vertex ${i / 3} at ${x}, ${y}, ${z}`);
        maxX = Math.max(maxX, Math.abs(x)); maxY = Math.max(maxY, Math.abs(y));
      }
      assert.ok(Math.max(maxX, maxY) > 0.85, `the mesh spans only ${maxX}, ${maxY} of the half-frame`);
      const frame = render(head, cam, { width: 160, height: 120 });
      for (let x = 0; x < 160; x++) assert.equal(at(frame, x, 0)[3] + at(frame, x, 119)[3], 0, `column ${x} touches the border`);
      for (let y = 0; y < 120; y++) assert.equal(at(frame, 0, y)[3] + at(frame, 159, y)[3], 0, `row ${y} touches the border`);
    });
  }

  test('the three-quarter view looks from the subject\'s left, a little from above', () => {
    const cam = viewCamera(head, { view: 'three-quarter' });
    // The camera's position is −Rᵀt of the view matrix [R | t].
    const v = cam.view;
    const eye = [0, 1, 2].map((k) => -(v[k * 4] * v[12] + v[k * 4 + 1] * v[13] + v[k * 4 + 2] * v[14]));
    const [x, y, z] = [eye[0] - 0.05, eye[1] - 1.6, eye[2] - 0.02];
    near((Math.atan2(x, z) * 180) / Math.PI, 32, 0.5, 'yaw');
    near((Math.atan2(y, Math.hypot(x, z)) * 180) / Math.PI, 10, 0.5, 'pitch');
  });

  test('an intrinsics camera puts a point at (cx + fx·X/Z, cy + fy·Y/Z) and sizes the frame from the photo', () => {
    // OpenCV camera axes (x right, y down, z forward) with the camera at the world origin.
    const ball = identity();
    ball[12] = 0.1; ball[13] = -0.05; ball[14] = 1;
    const cam = intrinsicsCamera({ view: identity(), convention: 'opencv', focalLength: 800, principalPoint: [330, 250], width: 640, height: 480 });
    const frame = render({ meshes: [{ mesh: uvSphere({ radius: 0.03 }), matrix: ball }] }, cam);
    assert.equal(frame.width, 640);
    assert.equal(frame.height, 480);
    let sum = 0, sx = 0, sy = 0;
    for (let y = 0; y < 480; y++) {
      for (let x = 0; x < 640; x++) {
        const a = at(frame, x, y)[3] / 255;
        sum += a; sx += a * (x + 0.5); sy += a * (y + 0.5);
      }
    }
    near(sx / sum, 330 + 800 * 0.1, 0.5, 'centroid x');
    near(sy / sum, 250 + 800 * -0.05, 0.5, 'centroid y');
    // Its radius in pixels is about f · r / Z.
    near(Math.sqrt(sum / Math.PI), 800 * 0.03, 0.5, 'radius');
  });

  test('a weak-perspective camera lays a mesh over the photo as its 3 x 4 matrix maps it, top up', () => {
    // 2000 px per metre, no rotation, world (0, 0) at photo pixel (300, 200); photo y runs down.
    const s = 2000;
    const cam = weakPerspectiveCamera({ matrix: [s, 0, 0, 300, 0, -s, 0, 200, 0, 0, s, 0], width: 640, height: 480 });
    const ball = identity();
    ball[12] = 0.01; ball[13] = 0.02;
    const mesh = uvSphere({ radius: 0.05 });
    // The upper half red, the lower half blue.
    const colors = new Float32Array(mesh.positions.length);
    for (let i = 0; i < colors.length; i += 3) colors.set(mesh.positions[i + 1] > 0 ? [1, 0, 0] : [0, 0, 1], i);
    const frame = render({ meshes: [{ mesh, colors, matrix: ball }] }, cam, { lights: [], ambient: 1 });
    assert.deepEqual([frame.width, frame.height], [640, 480]);
    let sum = 0, sx = 0, sy = 0;
    for (let y = 0; y < 480; y++) {
      for (let x = 0; x < 640; x++) {
        const a = at(frame, x, y)[3] / 255;
        sum += a; sx += a * (x + 0.5); sy += a * (y + 0.5);
      }
    }
    near(sx / sum, 300 + s * 0.01, 0.5, 'centroid x');
    near(sy / sum, 200 - s * 0.02, 0.5, 'centroid y');
    near(Math.sqrt(sum / Math.PI), s * 0.05, 1, 'radius');
    const top = at(frame, 320, 160 - 60), bottom = at(frame, 320, 160 + 60);
    assert.ok(top[0] > 200 && top[2] < 50, `top ${top}`);
    assert.ok(bottom[2] > 200 && bottom[0] < 50, `bottom ${bottom}`);
  });
});

describe('PNG', () => {
  test('a frame encodes to an RGBA PNG of its size and decodes back to the same pixels', async () => {
    const frame = render({ meshes: [{ mesh: uvSphere({ radius: 0.5 }) }] }, camera(), { width: 64, height: 48 });
    const png = await encodePng(frame);
    const meta = await sharp(png).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(meta.width, 64);
    assert.equal(meta.height, 48);
    assert.equal(meta.channels, 4);
    const back = await decodeTexture(png);
    assert.equal(back.channels, 4);
    assert.deepEqual(back.data, frame.data);
  });

  test('a JPEG decodes to an RGB texture', async () => {
    const jpeg = await sharp({ create: { width: 5, height: 3, channels: 3, background: '#ff0000' } }).jpeg().toBuffer();
    const texture = await decodeTexture(jpeg);
    assert.deepEqual([texture.width, texture.height, texture.channels, texture.data.length], [5, 3, 3, 45]);
    assert.ok(texture.data[0] > 240 && texture.data[1] < 15);
  });

  test('bytes that are not an image are refused with TEXTURE_DECODE', async () => {
    await assert.rejects(decodeTexture(Buffer.from('not an image')), { code: 'TEXTURE_DECODE' });
  });
});
