import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { Mask, Rgb } from '../src/analysis/types.js';
import type { Mesh } from '../src/core/mesh.js';
import { symmetricCompletion, SYMMETRIC_COMPLETION_DEFAULTS, type FacialHair } from '../src/texture/bake/symmetricCompletion.js';
import type { PhotoTexels } from '../src/texture/bake/photoTexels.js';
import { orientedShadingIn } from '../src/texture/bake/orientedShading.js';
import { GRID_STRIDE, HAIR_MARGIN, photoGrid } from '../src/texture/bake/photoGrid.js';
import { uvSphere } from '../src/core/uvSphere.js';
import { unsharpMask } from '../src/texture/filters/unsharpMask.js';
import { gutter } from '../src/texture/filters/gutter.js';
import {
  bakeTexture, decodeRgb, doubleResolution, texelDensity, encodeJpeg, encodePng, evenLighting, projectOrthographic, recolorRegion, regionMask, resizeTexture,
  warmUpTexture, type BakedTexture, type Image, type RgbImage,
} from '../src/texture/index.js';

/*
 * The synthetic scene: a UV-mapped sphere (the head, radius 10 cm) with a small square plate 3 cm in
 * front of it (a nose, hiding part of the sphere), seen straight on by an orthographic camera at
 * 2000 px/m, so the sphere is a disc of radius 200 px in the middle of a 512×512 photo.
 * The photo: four skin-like quadrants, hair across the top of the head, the plate in purple, a green
 * background; the person mask is a disc of 190 px (the fitted sphere is a little too large, as a fit
 * can be), the hair mask the top cap. RgbImage: u = 0.5 + longitude / 360° (front at u = 0.5),
 * v = colatitude / 180° × 0.8 for the sphere; the plate has its own island at the bottom.
 */
const SIZE = 512;
const RADIUS = 0.1;
const SCALE = 2000;
const SKIN: Rgb = { red: 200, green: 160, blue: 140 };
const QUADRANT = { topLeft: [228, 158, 128], topRight: [196, 172, 140], bottomLeft: [185, 148, 150], bottomRight: [212, 150, 120] };
const BACKGROUND = [30, 200, 60];
const HAIR = [60, 40, 30];
const PLATE = [150, 60, 160];
const PERSON_RADIUS = 190;
const HAIR_LINE = 140; // photo pixels above the centre where hair starts
const PLATE_HALF = 0.03; // metres
const WIDTH = 1024;
const HEIGHT = 512;

function sphereWithPlate(longitudes = 64, latitudes = 32): Mesh {
  const positions: number[] = [], normals: number[] = [], uvs: number[] = [], indices: number[] = [];
  for (let j = 0; j <= latitudes; j++) {
    const theta = (j / latitudes) * Math.PI;
    for (let i = 0; i <= longitudes; i++) {
      const phi = (i / longitudes) * 2 * Math.PI - Math.PI;
      const n = [Math.sin(theta) * Math.sin(phi), Math.cos(theta), Math.sin(theta) * Math.cos(phi)];
      positions.push(RADIUS * n[0], RADIUS * n[1], RADIUS * n[2]);
      normals.push(...n);
      uvs.push(0.5 + phi / (2 * Math.PI), (theta / Math.PI) * 0.8);
    }
  }
  const row = longitudes + 1;
  for (let j = 0; j < latitudes; j++) {
    for (let i = 0; i < longitudes; i++) {
      const a = j * row + i, b = a + 1, c = a + row, d = c + 1;
      indices.push(a, c, b, b, c, d);
    }
  }
  const base = positions.length / 3;
  const h = PLATE_HALF;
  for (const [x, y, u, v] of [[-h, h, 0.4, 0.85], [h, h, 0.6, 0.85], [-h, -h, 0.4, 0.97], [h, -h, 0.6, 0.97]]) {
    positions.push(x, y, RADIUS + h);
    normals.push(0, 0, 1);
    uvs.push(u, v);
  }
  indices.push(base, base + 2, base + 1, base + 1, base + 2, base + 3);
  return {
    positions: new Float32Array(positions),
    normals: new Float32Array(normals),
    uvs: new Float32Array(uvs),
    indices: new Uint32Array(indices),
  };
}

function scenePhoto(): { photo: Image; person: Mask; hair: Mask } {
  const data = new Uint8Array(SIZE * SIZE * 3);
  const c = SIZE / 2;
  const plate = PLATE_HALF * SCALE;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const dx = x + 0.5 - c, dy = y + 0.5 - c;
      let color = BACKGROUND;
      if (dx * dx + dy * dy < PERSON_RADIUS ** 2) {
        color = dy < 0 ? (dx < 0 ? QUADRANT.topLeft : QUADRANT.topRight) : dx < 0 ? QUADRANT.bottomLeft : QUADRANT.bottomRight;
        if (dy < -HAIR_LINE) color = HAIR;
        if (Math.abs(dx) < plate && Math.abs(dy) < plate) color = PLATE;
      }
      data.set(color, (y * SIZE + x) * 3);
    }
  }
  // Masks at half the photo resolution, as segmentation gives them.
  const m = SIZE / 2;
  const person = new Uint8Array(m * m), hair = new Uint8Array(m * m);
  for (let y = 0; y < m; y++) {
    for (let x = 0; x < m; x++) {
      const dx = (x + 0.5) * 2 - c, dy = (y + 0.5) * 2 - c;
      if (dx * dx + dy * dy < PERSON_RADIUS ** 2) {
        person[y * m + x] = 255;
        if (dy < -HAIR_LINE) hair[y * m + x] = 255;
      }
    }
  }
  return {
    photo: { width: SIZE, height: SIZE, channels: 3, data },
    person: { width: m, height: m, channels: 1, data: person },
    hair: { width: m, height: m, channels: 1, data: hair },
  };
}

const mesh = sphereWithPlate();
const { photo, person, hair } = scenePhoto();
const projection = projectOrthographic(mesh, { scale: SCALE, centerX: SIZE / 2, centerY: SIZE / 2 });
let bakedOnce: BakedTexture | undefined;
function baked(): BakedTexture {
  bakedOnce ??= bakeTexture({ mesh, projection, photo, skin: SKIN, masks: { person, hair } }, { width: WIDTH, height: HEIGHT });
  return bakedOnce;
}

/** The texel of the sphere at a longitude (0 = facing the camera, + = photo right) and latitude (+ = up), degrees. */
function sphereTexel(longitude: number, latitude: number): number {
  const u = 0.5 + longitude / 360, v = ((90 - latitude) / 180) * 0.8;
  return Math.min(HEIGHT - 1, Math.floor(v * HEIGHT)) * WIDTH + Math.min(WIDTH - 1, Math.floor(u * WIDTH));
}

/** Texels of the plate's own UV island, with its dilation rim: purple there is right. */
function onPlate(k: number): boolean {
  const x = k % WIDTH, y = Math.floor(k / WIDTH);
  return x >= 0.4 * WIDTH - 3 && x <= 0.6 * WIDTH + 3 && y >= 0.85 * HEIGHT - 3 && y <= 0.97 * HEIGHT + 3;
}

function texel(texture: RgbImage, k: number): number[] {
  return [texture.data[k * 3], texture.data[k * 3 + 1], texture.data[k * 3 + 2]];
}

function distance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));
}

const skinRgb = [SKIN.red, SKIN.green, SKIN.blue];

describe('bakeTexture', () => {
  test('texels the camera sees take the photo colour of the place their point lands on', () => {
    const { texture, confidence } = baked();
    const cases: Array<[number, number, number[]]> = [
      [-35, 35, QUADRANT.topLeft], [35, 35, QUADRANT.topRight], [-35, -35, QUADRANT.bottomLeft], [35, -35, QUADRANT.bottomRight],
      [-60, 10, QUADRANT.topLeft], [60, -10, QUADRANT.bottomRight],
    ];
    for (const [longitude, latitude, expected] of cases) {
      const k = sphereTexel(longitude, latitude);
      assert.ok(distance(texel(texture, k), expected) <= 3, `at ${longitude}°, ${latitude}°: ${texel(texture, k)} is not ${expected}`);
      assert.equal(confidence.data[k], 255, `confidence at ${longitude}°, ${latitude}°`);
    }
  });

  test('the back of the head is the skin colour, with no photo colour in it', () => {
    const { texture, confidence } = baked();
    for (let latitude = -85; latitude <= 85; latitude += 5) {
      for (const longitude of [-179, -160, -140, -120, 120, 140, 160, 179]) {
        const k = sphereTexel(longitude, latitude);
        assert.ok(distance(texel(texture, k), skinRgb) <= 4, `at ${longitude}°, ${latitude}°: ${texel(texture, k)} is not the skin colour`);
        assert.equal(confidence.data[k], 0);
      }
    }
  });

  test('a surface hidden behind another is not taken from the photo, the one in front is', () => {
    const { texture, confidence } = baked();
    // The plate hides the sphere within ±17° of the front: only the plate is purple.
    for (const [longitude, latitude] of [[0, 0], [8, 8], [-8, -8], [12, -5]]) {
      const k = sphereTexel(longitude, latitude);
      assert.equal(confidence.data[k], 0, `confidence behind the plate at ${longitude}°, ${latitude}°`);
      assert.ok(distance(texel(texture, k), PLATE) > 60, `the sphere behind the plate is purple at ${longitude}°, ${latitude}°`);
      assert.ok(distance(texel(texture, k), skinRgb) <= 30, `the sphere behind the plate is not skin-like: ${texel(texture, k)}`);
    }
    // Towards the hidden part the photo fades out over a few texels instead of stopping dead.
    const row = [];
    for (let longitude = -30; longitude <= -10; longitude += 360 / WIDTH) row.push(confidence.data[sphereTexel(longitude, -10)]);
    assert.equal(row[0], 255);
    assert.equal(row[row.length - 1], 0);
    assert.ok(row.some((c) => c > 20 && c < 235), `the photo stops dead at the hidden part: ${row}`);
    const plateTexel = Math.floor(0.91 * HEIGHT) * WIDTH + Math.floor(0.5 * WIDTH);
    assert.ok(distance(texel(texture, plateTexel), PLATE) <= 3, `the plate is ${texel(texture, plateTexel)}`);
  });

  test('hair and background pixels of the photo leak nowhere into the texture', () => {
    const { texture, confidence } = baked();
    for (let k = 0; k < WIDTH * HEIGHT; k++) {
      if (onPlate(k)) continue;
      const rgb = texel(texture, k);
      // Leaking background turns texels green, hair dark brown: even a 15 % blend shows here.
      assert.ok(rgb[1] - rgb[0] < 0 && rgb[0] > 150, `texel ${k % WIDTH}, ${Math.floor(k / WIDTH)} is ${rgb}`);
    }
    // Under the hair the texture is skin from the fill, not hair.
    const k = sphereTexel(10, 60);
    assert.equal(confidence.data[k], 0);
    assert.ok(distance(texel(texture, k), skinRgb) <= 30, `under the hair: ${texel(texture, k)}`);
  });

  test('no texel is left unfilled, on or off the mesh', () => {
    const { texture } = baked();
    let darkest = 255;
    for (let k = 0; k < WIDTH * HEIGHT; k++) {
      if (onPlate(k)) continue;
      const luma = 0.299 * texture.data[k * 3] + 0.587 * texture.data[k * 3 + 1] + 0.114 * texture.data[k * 3 + 2];
      darkest = Math.min(darkest, luma);
    }
    assert.ok(darkest > 140, `the darkest texel has luma ${darkest}`);
  });

  test('the photo fades into the skin fill towards the silhouette without a seam', () => {
    const { texture, confidence } = baked();
    for (const latitude of [35, 20, -20, -35]) {
      for (const side of [-1, 1]) {
        let steepest = 0, from = 255, to = 255;
        for (let longitude = 30; longitude < 150; longitude += 360 / WIDTH) {
          const a = sphereTexel(side * longitude, latitude), b = sphereTexel(side * (longitude + 360 / WIDTH), latitude);
          if (a === b) continue;
          steepest = Math.max(steepest, distance(texel(texture, a), texel(texture, b)));
          from = Math.min(from, confidence.data[a]);
          to = Math.max(to, confidence.data[a]);
        }
        assert.equal(from, 0, 'the row reaches the fill');
        assert.equal(to, 255, 'the row starts in the photo');
        // A hard cut from photo to skin colour would step by 12-20 levels here.
        assert.ok(steepest <= 3, `at latitude ${latitude}, side ${side}: a step of ${steepest} between neighbouring texels`);
      }
    }
  });

  test('eyes, lips and brows are taken from the photo but feed nothing into the skin fill', () => {
    // Call the top-left quadrant of the sphere "lips": still photo, no longer skin.
    const lips: number[] = [];
    for (let t = 0; t < mesh.indices.length / 3 - 2; t++) {
      const a = mesh.indices[t * 3];
      if (mesh.positions[a * 3] < 0 && mesh.positions[a * 3 + 1] > 0 && mesh.positions[a * 3 + 2] > 0) lips.push(t);
    }
    const { confidence, skin } = bakeTexture(
      { mesh, projection, photo, skin: SKIN, masks: { person, hair }, regions: { lips: { faces: lips } } },
      { width: WIDTH, height: HEIGHT },
    );
    const topLeft = sphereTexel(-35, 35), topRight = sphereTexel(35, 35);
    assert.deepEqual([confidence.data[topLeft], skin.data[topLeft]], [255, 0]);
    assert.deepEqual([confidence.data[topRight], skin.data[topRight]], [255, 255]);
  });

  test('inside the face outline the photo is taken whatever its colour, outside it only where it is skin', () => {
    const plateTexel = Math.floor(0.91 * HEIGHT) * WIDTH + Math.floor(0.5 * WIDTH);
    const square = (x0: number, y0: number, x1: number, y1: number) => [x0, y0, x1, y0, x1, y1, x0, y1];
    const around = bakeTexture({ mesh, projection, photo, skin: SKIN, faceOutline: square(150, 150, 362, 362) }, { width: WIDTH, height: HEIGHT });
    assert.ok(distance(texel(around.texture, plateTexel), PLATE) <= 3, 'the purple plate inside the outline');
    const elsewhere = bakeTexture({ mesh, projection, photo, skin: SKIN, faceOutline: square(300, 300, 400, 400) }, { width: WIDTH, height: HEIGHT });
    assert.equal(elsewhere.confidence.data[plateTexel], 0);
    assert.ok(distance(texel(elsewhere.texture, plateTexel), skinRgb) <= 30, `outside the outline the plate is ${texel(elsewhere.texture, plateTexel)}`);
    // Photo of the face's own tone outside the outline is still taken (the outline lies in the
    // bottom-right quadrant, so that is the tone).
    assert.ok(elsewhere.confidence.data[sphereTexel(60, -10)] > 240);
  });

  /**
   * A photo of plain skin of one tone (nothing like the `skin` passed in), a face outline square
   * around the front, and inside it a band of dark hair along its top edge that no mask marks, and
   * a dark brow further in.
   */
  function fringeScene(): { photo: Image; person: Mask; outline: number[]; fringe: [number, number]; brow: [number, number] } {
    const data = new Uint8Array(SIZE * SIZE * 3);
    const c = SIZE / 2;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const dx = x + 0.5 - c, dy = y + 0.5 - c;
        let color = BACKGROUND;
        if (dx * dx + dy * dy < PERSON_RADIUS ** 2) {
          color = FACE_SKIN;
          if (y >= 100 && y < 124 && x >= 200 && x < 312) color = HAIR;
          if (y >= 176 && y < 188 && x >= 200 && x < 312) color = BROW;
        }
        data.set(color, (y * SIZE + x) * 3);
      }
    }
    const personData = new Uint8Array(SIZE * SIZE);
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) if ((x + 0.5 - c) ** 2 + (y + 0.5 - c) ** 2 < PERSON_RADIUS ** 2) personData[y * SIZE + x] = 255;
    }
    return {
      photo: { width: SIZE, height: SIZE, channels: 3, data },
      person: { width: SIZE, height: SIZE, channels: 1, data: personData },
      outline: [96, 96, 416, 96, 416, 416, 96, 416],
      fringe: [256, 112],
      brow: [256, 182],
    };
  }
  const FACE_SKIN = [222, 180, 155];
  const BROW = [90, 60, 45];
  /** Far from FACE_SKIN: what a cheek sample of another light or white balance might give. */
  const WRONG_SKIN: Rgb = { red: 160, green: 105, blue: 95 };

  /** The sphere texel whose point lands on photo pixel (x, y) (the sphere's front). */
  function photoTexel(x: number, y: number): number {
    const nx = (x - SIZE / 2) / (RADIUS * SCALE), ny = -(y - SIZE / 2) / (RADIUS * SCALE);
    const nz = Math.sqrt(1 - nx * nx - ny * ny);
    return sphereTexel((Math.atan2(nx, nz) * 180) / Math.PI, (Math.asin(ny) * 180) / Math.PI);
  }

  test('unseen skin is filled with the tone of the face border, not the given skin colour, and meets the face without a rim', () => {
    const scene = fringeScene();
    const { texture, confidence, tone } = bakeTexture(
      { mesh, projection, photo: scene.photo, skin: WRONG_SKIN, masks: { person: scene.person }, faceOutline: scene.outline },
      { width: WIDTH, height: HEIGHT },
    );
    // The dark band along the outline does not pull the tone towards hair.
    assert.ok(distance([tone.red, tone.green, tone.blue], FACE_SKIN) <= 3, `tone ${JSON.stringify(tone)}`);
    for (const longitude of [-179, -140, 140, 179]) {
      for (const latitude of [-60, 0, 60]) {
        const k = sphereTexel(longitude, latitude);
        assert.equal(confidence.data[k], 0);
        assert.ok(distance(texel(texture, k), FACE_SKIN) <= 4, `at ${longitude}°, ${latitude}°: ${texel(texture, k)} is not the face's tone`);
      }
    }
    // From the cheek round to the back of the head, no step between neighbouring texels.
    for (const side of [-1, 1]) {
      let steepest = 0;
      for (let longitude = 20; longitude < 170; longitude += 360 / WIDTH) {
        const a = sphereTexel(side * longitude, -20), b = sphereTexel(side * (longitude + 360 / WIDTH), -20);
        if (a !== b) steepest = Math.max(steepest, distance(texel(texture, a), texel(texture, b)));
      }
      assert.ok(steepest <= 2, `side ${side}: a step of ${steepest}`);
    }
    // Without an outline there is no border to measure: the given skin colour.
    const bare = bakeTexture({ mesh, projection, photo: scene.photo, skin: WRONG_SKIN, masks: { person: scene.person } }, { width: 256, height: 128 });
    assert.deepEqual(bare.tone, WRONG_SKIN);
  });

  test('hair the mask missed near the face outline is not baked, dark features of the inner face are', () => {
    const scene = fringeScene();
    const { texture, confidence } = bakeTexture(
      { mesh, projection, photo: scene.photo, skin: WRONG_SKIN, masks: { person: scene.person }, faceOutline: scene.outline },
      { width: WIDTH, height: HEIGHT },
    );
    const fringe = photoTexel(...scene.fringe), brow = photoTexel(...scene.brow);
    assert.ok(confidence.data[fringe] < 20, `the fringe is taken at ${confidence.data[fringe]}`);
    assert.ok(distance(texel(texture, fringe), FACE_SKIN) <= 12, `the fringe's texel is ${texel(texture, fringe)}`);
    assert.equal(confidence.data[brow], 255);
    assert.ok(distance(texel(texture, brow), BROW) <= 3, `the brow's texel is ${texel(texture, brow)}`);
    // Skin in the band is taken as usual.
    const forehead = photoTexel(256, 140);
    assert.ok(confidence.data[forehead] > 240 && distance(texel(texture, forehead), FACE_SKIN) <= 3);
  });

  test('with evenLighting, a face lit from one side comes out evenly lit', () => {
    // The same scene, photographed as plain skin lit from the photo's right: 0.4 of the light at the left edge.
    const lit = new Uint8Array(SIZE * SIZE * 3);
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const shade = 0.4 + 0.6 * (x / SIZE);
        lit.set([SKIN.red * shade, SKIN.green * shade, SKIN.blue * shade].map(Math.round), (y * SIZE + x) * 3);
      }
    }
    const input = { mesh, projection, photo: { width: SIZE, height: SIZE, channels: 3, data: lit }, skin: SKIN };
    const luma = (t: RgbImage, k: number) => 0.299 * t.data[k * 3] + 0.587 * t.data[k * 3 + 1] + 0.114 * t.data[k * 3 + 2];
    const ratio = (t: RgbImage) => luma(t, sphereTexel(-40, -30)) / luma(t, sphereTexel(40, -30));
    const plain = bakeTexture(input, { width: WIDTH, height: HEIGHT }).texture;
    const even = bakeTexture(input, { width: WIDTH, height: HEIGHT, evenLighting: 1 }).texture;
    assert.ok(ratio(plain) < 0.8, `left/right ${ratio(plain)} without`);
    assert.ok(Math.abs(1 - ratio(even)) < 0.06, `left/right ${ratio(even)} with evenLighting`);
  });

  test('with smoothSkin, the photo\'s grain is flattened and an edge between two colours kept', () => {
    // The scene's photo with grain of ±8 levels over the person, as a JPEG's noise and pores are.
    const grainy = photo.data.slice();
    for (let i = 0; i < grainy.length; i++) grainy[i] = Math.max(0, Math.min(255, grainy[i] + ((Math.imul(i, 2654435761) >>> 24) % 17) - 8));
    const input = { mesh, projection, photo: { ...photo, data: grainy }, skin: SKIN, masks: { person, hair } };
    const options = { width: WIDTH, height: HEIGHT, sharpen: 0, halfSizeDensity: 0 };
    const plain = bakeTexture(input, options).texture, smooth = bakeTexture(input, { ...options, smoothSkin: 6 }).texture;
    // The grain: each texel's distance from the mean of its 5 × 5 neighbours, inside one quadrant.
    const grain = (t: RgbImage) => {
      let sum = 0, n = 0;
      for (let lon = -30; lon <= -15; lon += 1) {
        for (let lat = 10; lat <= 25; lat += 1) {
          const k = sphereTexel(lon, lat), x = k % WIDTH, y = Math.floor(k / WIDTH);
          let mean = 0;
          for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) mean += t.data[((y + dy) * WIDTH + x + dx) * 3] / 25;
          sum += Math.abs(t.data[k * 3] - mean); n++;
        }
      }
      return sum / n;
    };
    assert.ok(grain(smooth) < 0.5 * grain(plain), `grain ${grain(plain).toFixed(2)} → ${grain(smooth).toFixed(2)} levels`);
    // The upper quadrants' red differs by 32 levels across the face's middle: the edge stays.
    const across = (t: RgbImage) => {
      let left = 0, right = 0;
      for (let lat = 10; lat <= 25; lat++) { left += t.data[sphereTexel(-6, lat) * 3] / 16; right += t.data[sphereTexel(6, lat) * 3] / 16; }
      return left - right;
    };
    assert.ok(across(smooth) > 0.8 * across(plain) && across(plain) > 20, `the edge ${across(plain).toFixed(1)} → ${across(smooth).toFixed(1)} levels`);
  });

  test('the texture and its confidence have the requested size, and encode to JPEG and PNG', async () => {
    const { texture, confidence, skin } = baked();
    assert.deepEqual([texture.width, texture.height, texture.channels, texture.data.length], [WIDTH, HEIGHT, 3, WIDTH * HEIGHT * 3]);
    assert.equal(confidence.data.length, WIDTH * HEIGHT);
    assert.equal(skin.data.length, WIDTH * HEIGHT);
    const jpeg = await encodeJpeg(texture, 85);
    assert.deepEqual([jpeg[0], jpeg[1]], [0xff, 0xd8]);
    const meta = await sharp(jpeg).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', WIDTH, HEIGHT]);
    const png = await sharp(await encodePng(confidence)).metadata();
    assert.deepEqual([png.format, png.width, png.height, png.channels], ['png', WIDTH, HEIGHT, 1]);
  });

  test('an RGBA or a gray photo bakes as well as an RGB one', async () => {
    const rgba = new Uint8Array(SIZE * SIZE * 4), gray = new Uint8Array(SIZE * SIZE), grayRgb = new Uint8Array(SIZE * SIZE * 3);
    for (let i = 0; i < SIZE * SIZE; i++) {
      rgba.set([photo.data[i * 3], photo.data[i * 3 + 1], photo.data[i * 3 + 2], 77], i * 4);
      gray[i] = photo.data[i * 3 + 1];
      grayRgb.fill(gray[i], i * 3, i * 3 + 3);
    }
    const bake = (p: Image) => bakeTexture({ mesh, projection, photo: p, skin: SKIN, masks: { person, hair } }, { width: 256, height: 128 }).texture.data;
    assert.deepEqual(bake({ width: SIZE, height: SIZE, channels: 4, data: rgba }), bake(photo));
    assert.deepEqual(bake({ width: SIZE, height: SIZE, channels: 1, data: gray }), bake({ width: SIZE, height: SIZE, channels: 3, data: grayRgb }));
    // And a photo read from a file is RGB.
    const decoded = await decodeRgb(await encodePng(photo));
    assert.deepEqual([decoded.width, decoded.height, decoded.channels], [SIZE, SIZE, 3]);
    assert.deepEqual(decoded.data, photo.data);
  });

  test('the default texture is 4096×2048', () => {
    const small = sphereWithPlate(16, 8);
    const { texture } = bakeTexture({ mesh: small, projection: projectOrthographic(small, { scale: SCALE, centerX: 256, centerY: 256 }), photo, skin: SKIN });
    assert.deepEqual([texture.width, texture.height], [4096, 2048]);
  });

  test('a texture with more texels per photo pixel than it needs is baked at half size and doubled; one the photo fills is not', () => {
    const input = { mesh, projection, photo, skin: SKIN, masks: { person, hair } };
    // The squarely seen cap (within 60° of the view) has some 0.9 texels of a 1024×512 texture per photo pixel along a side.
    const density = texelDensity(mesh, projection, WIDTH, HEIGHT, 0.5);
    assert.ok(density > 0.85 && density < 0.95, `density ${density}`);
    // Doubled from the 1024×512 bake when that one still has `halfSizeDensity` texels per pixel…
    const doubled = bakeTexture(input, { width: 2 * WIDTH, height: 2 * HEIGHT, halfSizeDensity: 0.85 }).texture;
    assert.deepEqual([doubled.width, doubled.height], [2 * WIDTH, 2 * HEIGHT]);
    assert.deepEqual(doubled.data, doubleResolution(baked().texture).data);
    // …and baked at full size when it has fewer (the default asks 1.25).
    const full = bakeTexture(input, { width: 2 * WIDTH, height: 2 * HEIGHT }).texture;
    assert.notDeepEqual(full.data, doubled.data);
  });

  test('without any photo texel the whole texture is the skin colour', () => {
    // The camera sees the sphere from behind the photo: nothing lands in it.
    const away = projectOrthographic(mesh, { scale: SCALE, centerX: -5000, centerY: 256 });
    const { texture, confidence } = bakeTexture({ mesh, projection: away, photo, skin: SKIN }, { width: 256, height: 128 });
    for (let k = 0; k < 256 * 128; k++) assert.ok(distance(texel(texture, k), skinRgb) <= 1);
    assert.equal(Math.max(...confidence.data), 0);
  });

  test('the warm-up runs every step without input', () => {
    assert.doesNotThrow(() => warmUpTexture());
  });

  test('a mesh without UVs or a projection of the wrong length is refused', () => {
    const { uvs: _, ...noUvs } = mesh;
    assert.throws(() => bakeTexture({ mesh: noUvs, projection, photo, skin: SKIN }, { width: 64, height: 32 }), /UVs/);
    const short = { ...projection, x: projection.x.subarray(1) };
    assert.throws(() => bakeTexture({ mesh, projection: short, photo, skin: SKIN }, { width: 64, height: 32 }), /projection\.x/);
  });
});

describe('gutter', () => {
  test('carries each island\'s texels out to `reach`, from the nearest seed, into every layer, and never over a used texel', () => {
    // A 12×1 strip: texels 2 and 9 used (red and blue), with a mask layer; reach 2.
    const w = 12, used = new Uint8Array(w), color = new Uint8Array(w * 3), mask = new Uint8Array(w);
    used[2] = used[9] = 1;
    color.set([200, 0, 0], 6); color.set([0, 0, 200], 27);
    mask[2] = 255; mask[9] = 100;
    gutter([{ data: color, channels: 3 }, { data: mask, channels: 1 }], used, w, 1, 2);
    const red = [0, 1, 3, 4], blue = [7, 8, 10, 11], untouched = [5, 6];
    for (const i of red) assert.deepEqual([...color.subarray(i * 3, i * 3 + 3), mask[i]], [200, 0, 0, 255], `texel ${i}`);
    for (const i of blue) assert.deepEqual([...color.subarray(i * 3, i * 3 + 3), mask[i]], [0, 0, 200, 100], `texel ${i}`);
    for (const i of untouched) assert.deepEqual([...color.subarray(i * 3, i * 3 + 3), mask[i]], [0, 0, 0, 0], `texel ${i} is beyond reach`);
    // Only seeds spread.
    const c2 = new Uint8Array(w * 3);
    c2.set([200, 0, 0], 6); c2.set([0, 0, 200], 27);
    gutter([{ data: c2, channels: 3 }], used, w, 1, 3, (k) => k === 9);
    assert.deepEqual([...c2.subarray(3, 6)], [0, 0, 0], 'a used texel that is no seed spreads nothing');
    assert.deepEqual([...c2.subarray(6 * 3, 6 * 3 + 3)], [0, 0, 200]);
  });
});

describe('unsharpMask', () => {
  // A step from 80 to 160 across x = 16 of a 32×8 grey image, weighted on the left half only.
  const W = 32, H = 8;
  const step = () => Uint8Array.from({ length: W * H }, (_, i) => (i % W < 16 ? 80 : 160));
  const leftHalf = Uint8Array.from({ length: W * H }, (_, i) => (i % W < 16 ? 255 : 0));
  const all = { x0: 0, y0: 0, x1: W - 1, y1: H - 1 };

  test('steepens an edge where weighted, leaves flat areas and unweighted texels alone', () => {
    const data = step();
    unsharpMask(data, W, H, 1, all, 2, 1, leftHalf);
    const row = Array.from(data.subarray(3 * W, 4 * W));
    assert.ok(row[15] < 80 - 10, `the dark side of the edge darkens: ${row[15]}`);
    assert.equal(row[2], 80, 'far from the edge nothing changes');
    assert.deepEqual(row.slice(16), new Array(16).fill(160), 'unweighted texels are untouched');
  });

  test('only inside its box, and not at all with amount 0', () => {
    const data = step();
    unsharpMask(data, W, H, 1, { x0: 0, y0: 0, x1: 7, y1: H - 1 }, 2, 1, leftHalf);
    assert.deepEqual(data, step(), 'the edge lies outside the box');
    unsharpMask(data, W, H, 1, all, 2, 0, leftHalf);
    assert.deepEqual(data, step());
  });
});

describe('doubleResolution', () => {
  test('each new texel is 3/4 of its nearer and 1/4 of its farther neighbour along each axis, edges clamped', () => {
    const image = { width: 3, height: 2, channels: 1, data: Uint8Array.from([0, 100, 200, 40, 40, 40]) };
    const out = doubleResolution(image);
    assert.deepEqual([out.width, out.height, out.channels], [6, 4, 1]);
    assert.deepEqual(Array.from(out.data.subarray(0, 6)), [0, 25, 75, 125, 175, 200]);
    // Row 1: 3/4 of row 0, 1/4 of row 1 (all 40).
    assert.deepEqual(Array.from(out.data.subarray(6, 12)), [10, 29, 66, 104, 141, 160]);
    assert.deepEqual(Array.from(out.data.subarray(18, 24)), [40, 40, 40, 40, 40, 40]);
  });

  test('a flat colour stays flat, channel by channel', () => {
    const data = new Uint8Array(5 * 4 * 3);
    for (let i = 0; i < data.length; i += 3) data.set([12, 200, 99], i);
    const out = doubleResolution({ width: 5, height: 4, channels: 3, data });
    for (let i = 0; i < out.data.length; i += 3) assert.deepEqual(Array.from(out.data.subarray(i, i + 3)), [12, 200, 99]);
  });
});

describe('regionMask', () => {
  test('a region given by its triangles covers their UV area, softly at its outline', () => {
    const plateFaces = [mesh.indices.length / 3 - 2, mesh.indices.length / 3 - 1];
    const mask = regionMask(mesh, { faces: plateFaces }, { width: WIDTH, height: HEIGHT, softness: 4 });
    const at = (u: number, v: number) => mask.data[Math.floor(v * HEIGHT) * WIDTH + Math.floor(u * WIDTH)];
    assert.equal(at(0.5, 0.91), 255);
    assert.equal(at(0.3, 0.91), 0);
    assert.equal(at(0.5, 0.5), 0);
    const row = Math.floor(0.91 * HEIGHT) * WIDTH;
    const edge = Array.from(mask.data.subarray(row + Math.floor(0.4 * WIDTH) - 4, row + Math.floor(0.4 * WIDTH) + 4));
    assert.ok(edge.some((m) => m > 0 && m < 255), `no soft edge: ${edge}`);
  });

  test('a region given by vertices holds the triangles whose three vertices are in it', () => {
    const base = mesh.positions.length / 3 - 4;
    const mask = regionMask(mesh, { vertices: [base, base + 1, base + 2] }, { width: WIDTH, height: HEIGHT, softness: 0 });
    // Only the first plate triangle (top-left, top-right, bottom-left corners) is in.
    assert.equal(mask.data[Math.floor(0.87 * HEIGHT) * WIDTH + Math.floor(0.42 * WIDTH)], 255);
    assert.equal(mask.data[Math.floor(0.95 * HEIGHT) * WIDTH + Math.floor(0.58 * WIDTH)], 0);
  });
});

describe('recolorRegion', () => {
  function noisyTexture(width: number, height: number): RgbImage {
    const data = new Uint8Array(width * height * 3);
    let seed = 7;
    for (let i = 0; i < data.length; i += 3) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const n = (seed >>> 24) % 31 - 15;
      data[i] = 150 + n;
      data[i + 1] = 80 + n;
      data[i + 2] = 90 + n;
    }
    return { width, height, channels: 3, data };
  }

  test('recolouring a region changes only its texels, moves their mean to the target and keeps their detail', () => {
    const width = 64, height = 32;
    const texture = noisyTexture(width, height);
    const mask: Mask = { width, height, channels: 1, data: new Uint8Array(width * height) };
    for (let y = 8; y < 24; y++) for (let x = 16; x < 48; x++) mask.data[y * width + x] = 255;
    for (let x = 16; x < 48; x++) mask.data[7 * width + x] = 128; // a soft rim
    const target = { red: 200, green: 40, blue: 60 };
    const out = recolorRegion(texture, mask, target);
    let mean = [0, 0, 0], n = 0;
    for (let k = 0; k < width * height; k++) {
      if (mask.data[k] === 0) {
        assert.deepEqual(texel(out, k), texel(texture, k), `texel ${k} outside the region changed`);
      } else if (mask.data[k] === 255) {
        const before = texel(texture, k), after = texel(out, k);
        mean = mean.map((m, c) => m + after[c]);
        n++;
        // The same offset everywhere: differences between texels (the detail) are kept.
        const offset = after[0] - before[0];
        assert.ok(Math.abs(after[1] - before[1] - (target.green - 80)) <= 2 && Math.abs(offset - (target.red - 150)) <= 2);
      }
    }
    assert.ok(distance(mean.map((m) => m / n), [target.red, target.green, target.blue]) <= 2, `mean ${mean.map((m) => m / n)}`);
    const rim = texel(out, 7 * width + 20), rimBefore = texel(texture, 7 * width + 20);
    assert.ok(Math.abs(rim[0] - rimBefore[0] - (target.red - 150) / 2) <= 2, 'the soft rim moves half way');
    assert.deepEqual(texel(texture, 10 * width + 20).length, 3, 'the input is left as it was');
  });

  test('strength 0 leaves the texture as it is', () => {
    const texture = noisyTexture(16, 8);
    const mask: Mask = { width: 16, height: 8, channels: 1, data: new Uint8Array(128).fill(255) };
    assert.deepEqual(recolorRegion(texture, mask, { red: 0, green: 0, blue: 255 }, { strength: 0 }).data, texture.data);
  });
});

describe('evenLighting', () => {
  test('evening the lighting flattens broad shading across the skin and keeps fine detail', () => {
    const width = 512, height = 256;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // Light from the right: shading 0.55 at the left edge to 1.0 at the right; 1-texel stripes of detail.
        const shade = 0.55 + 0.45 * (x / (width - 1));
        const detail = x % 2 === 0 ? 8 : -8;
        const k = (y * width + x) * 3;
        data[k] = Math.round((200 + detail) * shade);
        data[k + 1] = Math.round((160 + detail) * shade);
        data[k + 2] = Math.round((140 + detail) * shade);
      }
    }
    const skin: Mask = { width, height, channels: 1, data: new Uint8Array(width * height).fill(255) };
    const out = evenLighting({ width, height, channels: 3, data }, skin);
    const luma = (img: Uint8Array, x: number, y: number) => {
      const k = (y * width + x) * 3;
      return (0.299 * (img[k] + img[k + 3]) + 0.587 * (img[k + 1] + img[k + 4]) + 0.114 * (img[k + 2] + img[k + 5])) / 2;
    };
    const ratioBefore = luma(data, 40, 128) / luma(data, 470, 128);
    const ratioAfter = luma(out.data, 40, 128) / luma(out.data, 470, 128);
    assert.ok(ratioBefore < 0.7, `the test shading is too weak: ${ratioBefore}`);
    assert.ok(Math.abs(1 - ratioAfter) < 0.08, `left/right luma ratio ${ratioAfter} after evening`);
    const stripe = (img: Uint8Array) => img[(128 * width + 256) * 3] - img[(128 * width + 257) * 3];
    assert.ok(Math.abs(stripe(out.data) - stripe(data)) <= 4, `detail ${stripe(data)} became ${stripe(out.data)}`);
  });

  test('towards a target colour, a colour cast that varies across the skin goes, and the skin takes the target', () => {
    const width = 512, height = 256;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // A green light on the left fading out to the right, over skin of (200, 150, 125); fine detail.
        const green = 1 - x / (width - 1);
        const detail = y % 2 === 0 ? 6 : -6;
        const k = (y * width + x) * 3;
        data[k] = Math.round((200 + detail) * (1 - 0.25 * green));
        data[k + 1] = Math.round((150 + detail) * (1 + 0.1 * green));
        data[k + 2] = Math.round((125 + detail) * (1 - 0.2 * green));
      }
    }
    const skin: Mask = { width, height, channels: 1, data: new Uint8Array(width * height).fill(255) };
    const target = { red: 205, green: 152, blue: 128 };
    const out = evenLighting({ width, height, channels: 3, data }, skin, { target });
    const mean = (img: Uint8Array, x0: number) => {
      const m = [0, 0, 0];
      for (let y = 100; y < 156; y++) for (let x = x0; x < x0 + 32; x++) for (let c = 0; c < 3; c++) m[c] += img[(y * width + x) * 3 + c] / (56 * 32);
      return m;
    };
    for (const x0 of [40, 240, 440]) {
      const m = mean(out.data, x0);
      assert.ok(Math.hypot(m[0] - target.red, m[1] - target.green, m[2] - target.blue) < 8, `at x ${x0}: ${m.map(Math.round)}`);
    }
    const before = mean(data, 40);
    assert.ok(Math.hypot(before[0] - target.red, before[1] - target.green, before[2] - target.blue) > 40, 'the test cast is too weak');
    const stripe = (img: Uint8Array) => img[(128 * width + 256) * 3] - img[(129 * width + 256) * 3];
    assert.ok(Math.abs(stripe(out.data) - stripe(data)) <= 4, `detail ${stripe(data)} became ${stripe(out.data)}`);
  });
});

describe('photoGrid', () => {
  test('beside the hair the photo fades in over the hair margin, instead of ending on the strands and shadow along its edge', () => {
    // A 200×200 photo at one cell per pixel, the mesh everywhere, a square face outline 160 px wide,
    // hair down to row 60.
    const size = 200;
    const depth = { x0: 0, y0: 0, scale: 1, width: size, height: size, depth: new Float32Array(size * size).fill(1) };
    const hair: Mask = { width: size, height: size, channels: 1, data: new Uint8Array(size * size) };
    hair.data.fill(255, 0, 60 * size);
    const faceOutline = [20, 20, 180, 20, 180, 180, 20, 180];
    const allowed = (grid: Float32Array, row: number) => grid[(row * size + 100) * GRID_STRIDE + 1];
    const sharp = photoGrid(depth, size, size, { hair, faceOutline });
    const soft = photoGrid(depth, size, size, { hair, faceOutline, hairMargin: HAIR_MARGIN });
    // The margin is 4 % of the face's size: 6.4 cells. Without it the photo is whole three cells below the hair (the erosions).
    const rows = Array.from({ length: 16 }, (_, k) => 58 + k);
    const hard = rows.map((r) => allowed(sharp, r)), ramp = rows.map((r) => allowed(soft, r));
    assert.equal(hard[rows.indexOf(64)], 1, `without the margin: ${hard.map((v) => v.toFixed(2))}`);
    for (let k = 1; k < ramp.length; k++) assert.ok(ramp[k] >= ramp[k - 1] - 1e-6, `rising: ${ramp.map((v) => v.toFixed(2))}`);
    assert.ok(ramp[rows.indexOf(63)] > 0.05 && ramp[rows.indexOf(63)] < 0.6, `a ramp beside the hair: ${ramp.map((v) => v.toFixed(2))}`);
    assert.ok(ramp[rows.indexOf(70)] > 0.95, `whole past the margin: ${ramp.map((v) => v.toFixed(2))}`);
    // No hair, no margin: the grid is the same with or without it.
    const bare = photoGrid(depth, size, size, { faceOutline, hairMargin: HAIR_MARGIN });
    assert.equal(allowed(bare, 62), 1);
  });
});

describe('orientedShadingIn', () => {
  test('shading a side light casts by the surface\'s orientation goes; a mole, and the skin\'s brightness, stay', (t) => {
    // A sphere lit by a key light from the upper right (Lambert, a little ambient): the shading of a
    // nose's side or an eye socket is this, narrower. Its texture is the skin times that shading, with
    // a dark mole on the lit side and fine stripes.
    const mesh = uvSphere({ rings: 64, segments: 128 });
    const width = 512, height = 256;
    const light = [0.75, 0.35, 0.56];
    const data = new Uint8Array(width * height * 3), skin = new Uint8Array(width * height);
    const normalAt = (x: number, y: number) => {
      const theta = ((y + 0.5) / height) * Math.PI, phi = ((x + 0.5) / width - 0.5) * 2 * Math.PI;
      return [Math.sin(theta) * Math.sin(phi), Math.cos(theta), Math.sin(theta) * Math.cos(phi)];
    };
    const mole = (x: number, y: number) => Math.hypot(x - 300, y - 110) < 5;
    const box = { x0: 128, y0: 40, x1: 383, y1: 215 };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const n = normalAt(x, y);
        const shade = 0.3 + 0.7 * Math.max(0, n[0] * light[0] + n[1] * light[1] + n[2] * light[2]);
        const albedo = mole(x, y) ? 0.45 : 1 + (x % 2 ? 0.03 : -0.03);
        const k = y * width + x;
        data.set([200, 160, 140].map((c) => Math.round(Math.min(255, c * albedo * shade))), k * 3);
        // The photo saw the front half of the sphere; the mole is not skin.
        if (x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1 && !mole(x, y)) skin[k] = 255;
      }
    }
    const luma = (img: Uint8Array, k: number) => 0.299 * img[k * 3] + 0.587 * img[k * 3 + 1] + 0.114 * img[k * 3 + 2];
    // The spread of the skin's luma (log), and the mole against the skin just beside it.
    const spread = (img: Uint8Array) => {
      let sum = 0, sum2 = 0, n = 0;
      for (let y = box.y0 + 8; y <= box.y1 - 8; y++) for (let x = box.x0 + 8; x <= box.x1 - 8; x++) {
        if (!skin[y * width + x] || Math.hypot(x - 300, y - 110) < 12) continue;
        const l = Math.log(luma(img, y * width + x));
        sum += l; sum2 += l * l; n++;
      }
      return Math.sqrt(sum2 / n - (sum / n) ** 2);
    };
    const contrast = (img: Uint8Array) => luma(img, 110 * width + 300) / luma(img, 110 * width + 310);
    const before = { spread: spread(data), contrast: contrast(data), mean: luma(data, 128 * width + 256) };
    const out = data.slice();
    const { explained } = orientedShadingIn(out, skin, width, height, box, mesh);
    const after = { spread: spread(out), contrast: contrast(out) };
    t.diagnostic(`skin log-luma spread ${before.spread.toFixed(3)} → ${after.spread.toFixed(3)}, explained ${explained.toFixed(3)}, the mole's contrast ${before.contrast.toFixed(3)} → ${after.contrast.toFixed(3)}`);
    assert.ok(before.spread > 0.3, `the test's shading is too weak: ${before.spread}`);
    assert.ok(after.spread < before.spread * 0.25, `the skin's log-luma spread ${before.spread.toFixed(3)} → ${after.spread.toFixed(3)}`);
    assert.ok(explained > 0.9, `explained ${explained}`);
    assert.ok(Math.abs(after.contrast - before.contrast) < 0.05, `the mole's contrast ${before.contrast.toFixed(3)} → ${after.contrast.toFixed(3)}`);
    // The skin keeps its brightness: its mean luma moves by under 10 %.
    let a = 0, b = 0;
    for (let k = 0; k < width * height; k++) if (skin[k]) { a += luma(data, k); b += luma(out, k); }
    assert.ok(Math.abs(b / a - 1) < 0.1, `the skin's mean luma × ${(b / a).toFixed(3)}`);
    assert.ok(before.mean > 0, 'lit');
  });

  test('the shadow a ledge casts on the face goes with the light that casts it', (t) => {
    // A sphere (radius 0.1) under a ledge that stands out in front of it, as a brow ridge over the
    // sockets, lit from above and in front: the texture is the skin times Lambert shading, and black
    // where the ledge hides the light. The ledge's UVs are one corner point: it has no texels.
    const sphere = uvSphere({ rings: 64, segments: 128 });
    const ledge = { y: 0.035, x0: -0.06, x1: 0.06, z0: 0.07, z1: 0.16 };
    const corners = [[ledge.x0, ledge.z0], [ledge.x1, ledge.z0], [ledge.x1, ledge.z1], [ledge.x0, ledge.z1]];
    const base = sphere.positions.length / 3;
    const mesh: Mesh = {
      positions: Float32Array.from([...sphere.positions, ...corners.flatMap(([x, z]) => [x, ledge.y, z])]),
      normals: Float32Array.from([...sphere.normals!, ...corners.flatMap(() => [0, 1, 0])]),
      uvs: Float32Array.from([...sphere.uvs!, ...corners.flatMap(() => [0.999, 0.001])]),
      indices: Uint32Array.from([...sphere.indices, base, base + 1, base + 2, base, base + 2, base + 3]),
    };
    const light = [0, 0.6, 0.8];
    const width = 512, height = 256;
    const box = { x0: 128, y0: 40, x1: 383, y1: 215 };
    const data = new Uint8Array(width * height * 3), skin = new Uint8Array(width * height);
    // 1 in the ledge's shadow, 2 lit; both facing the light (cosine over 0.5).
    const shadowed = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const theta = ((y + 0.5) / height) * Math.PI, phi = ((x + 0.5) / width - 0.5) * 2 * Math.PI;
        const n = [Math.sin(theta) * Math.sin(phi), Math.cos(theta), Math.sin(theta) * Math.cos(phi)];
        const cos = n[0] * light[0] + n[1] * light[1] + n[2] * light[2];
        // The ray to the light from the point below the ledge crosses the ledge's plane inside it.
        const p = n.map((c) => 0.1 * c), s = (ledge.y - p[1]) / light[1];
        const hit = p[1] < ledge.y && p[0] + s * light[0] >= ledge.x0 && p[0] + s * light[0] <= ledge.x1
          && p[2] + s * light[2] >= ledge.z0 && p[2] + s * light[2] <= ledge.z1;
        const shade = 0.6 + 0.4 * Math.max(0, cos) * (hit ? 0 : 1);
        const k = y * width + x;
        data.set([200, 160, 140].map((c) => Math.round(c * shade)), k * 3);
        if (x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1) skin[k] = 255;
        // Well inside the shadow and facing the light: what the test watches.
        if (cos > 0.5 && skin[k]) shadowed[k] = hit ? 1 : 2;
      }
    }
    const luma = (img: Uint8Array, k: number) => 0.299 * img[k * 3] + 0.587 * img[k * 3 + 1] + 0.114 * img[k * 3 + 2];
    // The shadow's mean luma against the lit skin's, facing the light as squarely.
    const contrast = (img: Uint8Array) => {
      let inShadow = 0, n = 0, lit = 0, m = 0;
      for (let k = 0; k < width * height; k++) {
        if (!skin[k]) continue;
        if (shadowed[k] === 1) {
          // Away from the penumbra, which the fit is not asked to draw sharp.
          const y = Math.floor(k / width), x = k % width;
          if (shadowed[(y - 6) * width + x] !== 1 || shadowed[(y + 6) * width + x] !== 1 || shadowed[k - 6] !== 1 || shadowed[k + 6] !== 1) continue;
          inShadow += luma(img, k); n++;
        } else if (shadowed[k] === 2) { lit += luma(img, k); m++; }
      }
      return (inShadow / n) / (lit / m);
    };
    const withShadows = data.slice(), without = data.slice();
    orientedShadingIn(withShadows, skin, width, height, box, mesh);
    orientedShadingIn(without, skin, width, height, box, mesh, { castShadows: false });
    const before = contrast(data), plain = contrast(without), after = contrast(withShadows);
    t.diagnostic(`the shadow against the lit skin: ${before.toFixed(3)} in the photo, ${plain.toFixed(3)} by orientation alone, ${after.toFixed(3)} with the cast shadow`);
    assert.ok(before < 0.72, `the test's shadow is too weak: ${before}`);
    assert.ok(plain < 0.8, `orientation alone cannot see a cast shadow, yet it brought it to ${plain}`);
    assert.ok(after > 0.82 && after < 1.15, `the cast shadow against the lit skin: ${after}`);
  });

  test('a texture the light does not shade is left as it was', () => {
    const mesh = uvSphere({ rings: 64, segments: 128 });
    const width = 512, height = 256;
    const data = new Uint8Array(width * height * 3), skin = new Uint8Array(width * height);
    for (let k = 0; k < width * height; k++) { data.set([200, 160, 140], k * 3); skin[k] = 255; }
    const out = data.slice();
    orientedShadingIn(out, skin, width, height, { x0: 128, y0: 40, x1: 383, y1: 215 }, mesh);
    let most = 0;
    for (let i = 0; i < out.length; i++) most = Math.max(most, Math.abs(out[i] - data[i]));
    assert.ok(most <= 2, `a flat texture changed by up to ${most}`);
  });
});

describe('resizeTexture', () => {
  test('a texture resizes to the requested size', async () => {
    const { texture } = baked();
    const small = await resizeTexture(texture, 256, 128);
    assert.deepEqual([small.width, small.height, small.channels, small.data.length], [256, 128, 3, 256 * 128 * 3]);
    const k = sphereTexel(35, 35);
    const x = (k % WIDTH) >> 2, y = Math.floor(k / WIDTH) >> 2;
    assert.ok(distance(texel(small, y * 256 + x), QUADRANT.topRight) <= 6);
  });
});

describe('symmetricCompletion', () => {
  // A face of skin 64×32 texels seen squarely on both sides, with one eye socket (the same box on
  // both sides, as the mirror texels put it). One side shows the eye, dark with liner; the other a
  // fair strand of hair across it, nearer the skin than the eye is.
  const W = 64, H = 32;
  const SKIN = [220, 180, 150], EYE = [70, 55, 50], STRAND = [200, 160, 100];
  const HAIR: Rgb = { red: 150, green: 120, blue: 75 };
  const socket = (x: number, y: number) => x >= 20 && x < 36 && y >= 8 && y < 20;
  const texels = (w: number, h: number, scale: number, inSocket: number[], likeness: number): PhotoTexels => {
    const t: PhotoTexels = {
      color: new Uint8Array(w * h * 3), weight: new Uint8Array(w * h).fill(255), source: new Uint8Array(w * h), likeness: new Uint8Array(w * h),
      facing: new Uint8Array(w * h).fill(255), coverage: new Uint8Array(w * h).fill(255), seen: { x0: 0, y0: 0, x1: w - 1, y1: h - 1 },
    };
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const k = y * w + x, s = socket(x * scale, y * scale);
        t.color.set(s ? inSocket : SKIN, k * 3);
        t.likeness[k] = s ? likeness : 255;
        t.source[k] = t.likeness[k];
      }
    }
    return t;
  };
  // Skin likeness as the bake measures it: the liner is far from the skin, the fair strand near it.
  const eye = (w: number, h: number, scale: number) => texels(w, h, scale, EYE, 40);
  const strand = (w: number, h: number, scale: number) => texels(w, h, scale, STRAND, 220);
  const hair: FacialHair = { color: HAIR, below: 1, brows: [], sockets: [[20 / W, 8 / H, 36 / W, 20 / H]] };
  const socketMean = (t: PhotoTexels) => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = 10; y < 18; y++) for (let x = 22; x < 34; x++, n++) for (let c = 0; c < 3; c++) sum[c] += t.color[(y * W + x) * 3 + c];
    return sum.map((v) => v / n);
  };
  const near = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

  test('in an eye socket, the clear eye is kept against a fair strand of hair across its mirror image', () => {
    const out = symmetricCompletion(eye(W, H, 1), strand(W / 2, H / 2, 2), W, H, { red: SKIN[0], green: SKIN[1], blue: SKIN[2] }, hair);
    const mean = socketMean(out);
    assert.ok(near(mean, EYE) < 12, `the eye became ${mean.map(Math.round)}`);
  });

  test('where this side stops being seen, its mirror image fades in over at least minRamp texels: a magnified face meets it without a cut', () => {
    // This side seen up to x = 128, then not at all; the other side seen everywhere, with stripes of
    // luma (detail no lighting correction evens out), so the output's stripes show the mirror's share.
    const w = 256, h = 16, edge = 128;
    const flat = (x: number) => (x < edge ? 255 : 0);
    const direct: PhotoTexels = {
      color: new Uint8Array(w * h * 3), weight: new Uint8Array(w * h), source: new Uint8Array(w * h), likeness: new Uint8Array(w * h).fill(255),
      facing: new Uint8Array(w * h).fill(255), coverage: new Uint8Array(w * h).fill(255), seen: { x0: 0, y0: 0, x1: edge - 1, y1: h - 1 },
    };
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const k = y * w + x;
      direct.weight[k] = direct.source[k] = flat(x);
      if (x < edge) direct.color.set(SKIN, k * 3);
    }
    const mw = w / 2, mh = h / 2;
    const mirrored: PhotoTexels = {
      color: new Uint8Array(mw * mh * 3), weight: new Uint8Array(mw * mh).fill(255), source: new Uint8Array(mw * mh).fill(255), likeness: new Uint8Array(mw * mh).fill(255),
      facing: new Uint8Array(mw * mh).fill(255), coverage: new Uint8Array(mw * mh).fill(255), seen: { x0: 0, y0: 0, x1: mw - 1, y1: mh - 1 },
    };
    for (let k = 0; k < mw * mh; k++) {
      const d = (k % mw) % 4 < 2 ? 24 : -24;
      mirrored.color.set(SKIN.map((c) => c + d), k * 3);
    }
    // The stripes' amplitude in red at each x of the middle row, over a window of one period (8 texels).
    const amplitude = (t: PhotoTexels) => Array.from({ length: w - 8 }, (_, x) => {
      let lo = 255, hi = 0;
      for (let i = x; i < x + 8; i++) { const r = t.color[((h >> 1) * w + i) * 3]; lo = Math.min(lo, r); hi = Math.max(hi, r); }
      return hi - lo;
    });
    // How many texels before the edge the mirror image shows a tenth of its full amplitude.
    const width = (a: number[]) => {
      const full = Math.max(...a.slice(edge + 8));
      return edge - (a.findIndex((v) => v > 0.1 * full) + 4);
    };
    const clone = (t: PhotoTexels): PhotoTexels => ({ ...t, color: t.color.slice(), weight: t.weight.slice(), source: t.source.slice(), likeness: t.likeness.slice(), facing: t.facing.slice(), coverage: t.coverage.slice(), seen: { ...t.seen } });
    const skin = { red: SKIN[0], green: SKIN[1], blue: SKIN[2] };
    const hard = width(amplitude(symmetricCompletion(clone(direct), clone(mirrored), w, h, skin)));
    const soft = width(amplitude(symmetricCompletion(clone(direct), clone(mirrored), w, h, skin, undefined, { ...SYMMETRIC_COMPLETION_DEFAULTS, minRamp: 24 })));
    assert.ok(soft >= 8 && soft > 2 * hard, `the mirror image starts ${soft} texels before the edge with minRamp 24, ${hard} without`);
  });

  test('a dark line whose mirror image lands a few texels away is kept; a blue hand over the cheek is still replaced', () => {
    // Skin seen squarely on both sides, 1024 × 64 texels (reach: 8 texels). This side has a liner
    // (a dark bar) and a hand (a blue square); the mirror image has the liner 6 texels lower, as an
    // asymmetric face or an inexact fit puts it, and no hand.
    const w = 1024, h = 64, LINER = [60, 45, 40], HAND = [40, 60, 160];
    const liner = (x: number, y: number, dy: number) => x >= 200 && x < 260 && y >= 20 + dy && y < 26 + dy;
    const hand = (x: number, y: number) => x >= 600 && x < 640 && y >= 12 && y < 52;
    const side = (sw: number, sh: number, scale: number, dy: number, withHand: boolean): PhotoTexels => {
      const t: PhotoTexels = {
        color: new Uint8Array(sw * sh * 3), weight: new Uint8Array(sw * sh).fill(255), source: new Uint8Array(sw * sh), likeness: new Uint8Array(sw * sh),
        facing: new Uint8Array(sw * sh).fill(255), coverage: new Uint8Array(sw * sh).fill(255), seen: { x0: 0, y0: 0, x1: sw - 1, y1: sh - 1 },
      };
      for (let y = 0; y < sh; y++) for (let x = 0; x < sw; x++) {
        const k = y * sw + x, X = x * scale, Y = y * scale;
        const [color, likeness] = withHand && hand(X, Y) ? [HAND, 20] : liner(X, Y, dy) ? [LINER, 40] : [SKIN, 255];
        t.color.set(color, k * 3);
        t.likeness[k] = t.source[k] = likeness;
      }
      return t;
    };
    const mean = (t: PhotoTexels, inside: (x: number, y: number) => boolean) => {
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (inside(x, y)) { n++; for (let c = 0; c < 3; c++) sum[c] += t.color[(y * w + x) * 3 + c]; }
      return sum.map((v) => v / n);
    };
    const skin = { red: SKIN[0], green: SKIN[1], blue: SKIN[2] };
    const run = (reach: number) => symmetricCompletion(side(w, h, 1, 0, true), side(w / 2, h / 2, 2, 6, false), w, h, skin, undefined, { ...SYMMETRIC_COMPLETION_DEFAULTS, occluderReach: reach });
    // The liner where its mirror image is not: its colour, and how much of it the bake keeps (the rest goes to the skin fill).
    const linerOnly = (x: number, y: number) => liner(x, y, 0) && !liner(x, y, 6);
    const keptShare = (t: PhotoTexels) => {
      let sum = 0, n = 0;
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (linerOnly(x, y)) { sum += t.weight[y * w + x] / 255; n++; }
      return sum / n;
    };
    const out = run(SYMMETRIC_COMPLETION_DEFAULTS.occluderReach);
    const kept = mean(out, linerOnly);
    assert.ok(near(kept, LINER) < 20 && keptShare(out) > 0.9, `the liner became ${kept.map(Math.round)}, kept at ${keptShare(out).toFixed(2)}`);
    const replaced = mean(out, (x, y) => x >= 610 && x < 630 && y >= 22 && y < 42);
    assert.ok(near(replaced, SKIN) < 20, `the hand became ${replaced.map(Math.round)}`);
    // Compared texel for texel, the liner was taken for an occluder and left to the fill.
    const before = keptShare(run(0));
    assert.ok(before < 0.5, `texel for texel, the liner was kept at ${before.toFixed(2)}`);
  });

  test('in an eye socket, a fair strand of hair across the eye is replaced by the mirror image of the clear eye', () => {
    const out = symmetricCompletion(strand(W, H, 1), eye(W / 2, H / 2, 2), W, H, { red: SKIN[0], green: SKIN[1], blue: SKIN[2] }, hair);
    const mean = socketMean(out);
    assert.ok(near(mean, EYE) < 12, `the strand became ${mean.map(Math.round)}`);
  });
});
