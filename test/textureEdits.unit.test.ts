import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { bakedFace } from './support/bakedFace.js';
import type { FaceAnalysis, Mask, Rgb } from '../src/analysis/index.js';
import { FACE_OVAL, LEFT_CHEEK, LIPS_INNER, LIPS_OUTER, RIGHT_CHEEK } from '../src/analysis/regions.js';
import type { RgbImage } from '../src/texture/index.js';
import { cartoonishTexture } from '../src/texture/styles/cartoonishTexture.js';
import { eyeColours } from '../src/texture/eyes/eyeColours.js';
import type { FaceLayout } from '../src/texture/layout/faceLayout.js';
import { lipsMask } from '../src/texture/maps/lipsMask.js';
import { metallicMap } from '../src/texture/maps/metallicMap.js';
import { parametricEyes } from '../src/texture/eyes/parametricEyes.js';
import { parametricEyesV2 } from '../src/texture/eyes/parametricEyesV2.js';
import { maskAt, textureMask } from '../src/texture/layout/polygonMask.js';
import { recolorLips } from '../src/texture/edits/recolorLips.js';
import { recolorBrows } from '../src/texture/edits/recolorBrows.js';
import { recolorSkin, skinColorOf } from '../src/texture/edits/recolorSkin.js';
import { recolorTeeth, teethMask } from '../src/texture/edits/recolorTeeth.js';
import { roughnessMap } from '../src/texture/maps/roughnessMap.js';
import { slightlyCartoonishTexture } from '../src/texture/styles/slightlyCartoonishTexture.js';
import { smoothEyelashesTexture } from '../src/texture/styles/smoothEyelashesTexture.js';
import { uniformTexture } from '../src/texture/maps/uniformTexture.js';

const WIDTH = 4096, HEIGHT = 2048;

let analysis: FaceAnalysis;
let texture: RgbImage;
let layout: FaceLayout;

before(async () => {
  ({ analysis, texture, layout } = await bakedFace('astronaut.png', WIDTH, HEIGHT));
});

const BLUE: Rgb = { red: 60, green: 110, blue: 190 };
const WHITE: Rgb = { red: 236, green: 233, blue: 228 };
const at = (t: RgbImage, i: number): [number, number, number] => [t.data[i * 3], t.data[i * 3 + 1], t.data[i * 3 + 2]];
const same = (a: RgbImage, b: RgbImage, i: number): boolean => a.data[i * 3] === b.data[i * 3] && a.data[i * 3 + 1] === b.data[i * 3 + 1] && a.data[i * 3 + 2] === b.data[i * 3 + 2];
const distance = (c: number[], target: Rgb): number => Math.hypot(c[0] - target.red, c[1] - target.green, c[2] - target.blue);
const landmark = (i: number): [number, number] => [Math.round(layout.landmarks[i * 2]), Math.round(layout.landmarks[i * 2 + 1])];

/** Texels (indices) that differ between two textures. */
function changed(a: RgbImage, b: RgbImage): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.width * a.height; i++) if (!same(a, b, i)) out.push(i);
  return out;
}

/** Mean colour of a texture over the texels `pick` accepts. */
function meanColour(t: RgbImage, pick: (i: number) => boolean): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < t.width * t.height; i++) {
    if (!pick(i)) continue;
    for (let c = 0; c < 3; c++) sum[c] += t.data[i * 3 + c];
    n++;
  }
  assert.ok(n > 0, 'no texels picked');
  return sum.map((s) => s / n) as [number, number, number];
}

/**
 * Mean absolute difference of the luma from its 17×17 mean over the box of some landmarks (every
 * other texel): how much detail a texture has there at the scale of skin texture in a baked photo.
 */
function detail(t: RgbImage, landmarks: readonly number[]): number {
  const points = landmarks.map(landmark);
  const x0 = Math.min(...points.map((p) => p[0])), x1 = Math.max(...points.map((p) => p[0]));
  const y0 = Math.min(...points.map((p) => p[1])), y1 = Math.max(...points.map((p) => p[1]));
  const luma = (x: number, y: number): number => {
    const k = (y * t.width + x) * 3;
    return 0.299 * t.data[k] + 0.587 * t.data[k + 1] + 0.114 * t.data[k + 2];
  };
  const r = 8;
  let sum = 0, n = 0;
  for (let y = y0 + r; y < y1 - r; y += 2) {
    for (let x = x0 + r; x < x1 - r; x += 2) {
      let mean = 0;
      for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) mean += luma(x + dx, y + dy);
      sum += Math.abs(luma(x, y) - mean / (2 * r + 1) ** 2);
      n++;
    }
  }
  return sum / n;
}

const eyes = (): Mask => textureMask(layout.eyes.map((e) => e.mask), WIDTH, HEIGHT);

describe('the face layout in the texture', () => {
  test('the person\'s right eye is left of their left eye, both above the lips, irises inside the openings', () => {
    const [right, left] = layout.eyes;
    assert.ok(right.iris.x < left.iris.x);
    for (const eye of layout.eyes) {
      assert.ok(eye.iris.y < layout.lips.box.y0, 'eyes above the lips');
      assert.ok(maskAt(eye.mask, Math.round(eye.iris.x), Math.round(eye.iris.y)) === 255, 'iris centre inside the opening');
      assert.ok(eye.iris.radius > 20 && eye.iris.radius < 80, `iris radius ${eye.iris.radius} texels`);
    }
  });

  test('the mouth opening lies inside the outer lip contour and the lips ring around it', () => {
    const [mx, my] = landmark(13); // inner upper lip, middle
    const [ux, uy] = [Math.round((layout.landmarks[0] + layout.landmarks[13 * 2]) / 2), Math.round((layout.landmarks[1] + layout.landmarks[13 * 2 + 1]) / 2)];
    assert.equal(maskAt(layout.lips, ux, uy), 255, 'middle of the upper lip is lips');
    assert.equal(maskAt(layout.mouth, ux, uy), 0, 'middle of the upper lip is not mouth');
    assert.ok(maskAt(layout.mouth, mx, my + 6) > 0, 'just below the inner upper lip is mouth (the photo smiles with teeth)');
  });
});

describe('lips_color and teeth_color', () => {
  test('lips_color recolours lip texels only: everything outside the lips mask is byte-identical, lips move to the colour', () => {
    const red: Rgb = { red: 170, green: 30, blue: 60 };
    const out = recolorLips(texture, layout, red);
    const lips = textureMask([layout.lips], WIDTH, HEIGHT);
    const diff = changed(texture, out);
    assert.ok(diff.length > 1000, `${diff.length} texels changed`);
    for (const i of diff) assert.ok(lips.data[i] > 0, `texel ${i} outside the lips changed`);
    const before = meanColour(texture, (i) => lips.data[i] === 255), after = meanColour(out, (i) => lips.data[i] === 255);
    assert.ok(distance(after, red) < 15 && distance(after, red) < distance(before, red) / 4, `lips ${after} vs ${before}`);
  });

  test('teeth_color recolours only the bright, unsaturated texels inside the mouth: not the lips, not the dark of the mouth', () => {
    const target: Rgb = { red: 120, green: 180, blue: 255 };
    const out = recolorTeeth(texture, layout, target);
    const mouth = textureMask([layout.mouth], WIDTH, HEIGHT);
    const teeth = teethMask(texture, layout);
    const diff = changed(texture, out);
    assert.ok(diff.length > 1000, `${diff.length} texels changed`);
    for (const i of diff) {
      assert.ok(mouth.data[i] > 0, `texel ${i} outside the mouth changed`);
      const [r, g, b] = at(texture, i);
      assert.ok(0.299 * r + 0.587 * g + 0.114 * b > 100, `a dark texel (${r}, ${g}, ${b}) changed`);
    }
    const before = meanColour(texture, (i) => teeth.data[i] >= 200), after = meanColour(out, (i) => teeth.data[i] >= 200);
    assert.ok(distance(after, target) < distance(before, target) / 3, `teeth ${after} vs ${before}`);
  });
});

describe('avatar.colors: skin and eyebrows', () => {
  test('the texture\'s skin colour is found near the photo\'s, and a skin recolour moves the cheeks to it, keeping their detail', () => {
    const from = skinColorOf(texture, analysis.colors.skin);
    assert.ok(distance([from.red, from.green, from.blue], analysis.colors.skin) < 40, `texture skin ${JSON.stringify(from)} vs photo ${JSON.stringify(analysis.colors.skin)}`);
    const dark: Rgb = { red: 120, green: 80, blue: 60 };
    const out = recolorSkin(texture, from, dark);
    const cheek = (t: RgbImage) => {
      const [x, y] = landmark(LEFT_CHEEK[0]);
      return meanColour(t, (i) => Math.abs((i % WIDTH) - x) < 20 && Math.abs(Math.floor(i / WIDTH) - y) < 20);
    };
    const before = cheek(texture), after = cheek(out);
    assert.ok(distance(after, dark) < distance(before, dark) / 3, `cheek ${after} (was ${before}), target ${JSON.stringify(dark)}`);
    // Shading and pores survive: the detail scales with the skin's luminance, it is not flattened.
    const ratio = (0.299 * dark.red + 0.587 * dark.green + 0.114 * dark.blue) / (0.299 * from.red + 0.587 * from.green + 0.114 * from.blue);
    assert.ok(detail(out, RIGHT_CHEEK) > detail(texture, RIGHT_CHEEK) * ratio * 0.6, 'the cheek keeps its detail');
    // The irises are not skin: they move far less than the cheeks (only by the blur of the weights at their rim).
    const [iris] = layout.eyes.map((e) => e.iris);
    const ii = Math.round(iris.y) * WIDTH + Math.round(iris.x);
    const moved = distance(at(out, ii), { red: texture.data[ii * 3], green: texture.data[ii * 3 + 1], blue: texture.data[ii * 3 + 2] });
    assert.ok(moved < distance(after, { red: before[0], green: before[1], blue: before[2] }) / 3, `the iris centre moved by ${moved}`);
  });

  test('an eyebrow recolour moves the brow hairs to the colour and leaves everything outside the brows as it was', () => {
    const blond: Rgb = { red: 200, green: 170, blue: 110 };
    const out = recolorBrows(texture, layout, blond);
    const brows = textureMask(layout.brows, WIDTH, HEIGHT);
    const diff = changed(texture, out);
    assert.ok(diff.length > 500, `${diff.length} texels changed`);
    for (const i of diff) assert.ok(brows.data[i] > 0, `texel ${i} outside the brows changed`);
    // The darkest quarter of each brow area (the hairs) is much nearer the colour than it was.
    const darkest = (t: RgbImage, from: RgbImage) => {
      const idx = [...Array(WIDTH * HEIGHT).keys()].filter((i) => brows.data[i] === 255);
      const luma = (i: number) => 0.299 * from.data[i * 3] + 0.587 * from.data[i * 3 + 1] + 0.114 * from.data[i * 3 + 2];
      idx.sort((a, b) => luma(a) - luma(b));
      const pick = new Set(idx.slice(0, Math.ceil(idx.length / 4)));
      return meanColour(t, (i) => pick.has(i));
    };
    const before = darkest(texture, texture), after = darkest(out, texture);
    assert.ok(distance(after, blond) < distance(before, blond) / 2, `brow hairs ${after} (were ${before})`);
  });
});

describe('parametric eyes', () => {
  const options = { iris: BLUE, sclera: WHITE };
  /** Texels well inside an eye opening, between two radii (in iris radii) of that eye's iris centre. */
  const irisTexels = (radius0: number, radius1: number, openings: Mask) => (i: number): boolean => {
    if (openings.data[i] !== 255) return false;
    const x = i % WIDTH, y = Math.floor(i / WIDTH);
    const { iris } = layout.eyes.find((eye) => maskAt(eye.mask, x, y) === 255)!;
    const r = Math.hypot(x - iris.x, y - iris.y) / iris.radius;
    return r >= radius0 && r <= radius1;
  };

  for (const [name, paint] of [['v1', parametricEyes], ['v2', parametricEyesV2]] as const) {
    test(`${name} changes only texels inside the eye openings, with the iris and sclera near their colours`, () => {
      const out = paint(texture, layout, options);
      const openings = eyes();
      const diff = changed(texture, out);
      assert.ok(diff.length > 5000, `${diff.length} texels changed`);
      for (const i of diff) assert.ok(openings.data[i] > 0, `texel ${i} outside the eye openings changed`);
      // The iris outside the pupil; v1 without its glare (tested apart), v2 with its window reflection.
      const plain = paint === parametricEyes ? parametricEyes(texture, layout, { ...options, glare: false }) : out;
      const iris = meanColour(plain, irisTexels(0.45, 0.98, openings));
      assert.ok(distance(iris, BLUE) < 20, `iris ${iris.map(Math.round)}`);
      const sclera = meanColour(out, irisTexels(1.05, 100, openings));
      assert.ok(distance(sclera, WHITE) < 30, `sclera ${sclera.map(Math.round)}`);
    });
  }

  test('glare on and off differ only inside the irises', () => {
    const on = parametricEyes(texture, layout, { ...options, glare: true }), off = parametricEyes(texture, layout, { ...options, glare: false });
    const diff = changed(on, off);
    assert.ok(diff.length > 50, `${diff.length} texels differ`);
    const inIris = (i: number): boolean => layout.eyes.some(({ iris }) => Math.hypot(i % WIDTH - iris.x, Math.floor(i / WIDTH) - iris.y) < iris.radius);
    for (const i of diff) assert.ok(inIris(i), `texel ${i} outside the irises`);
    const differs = new Set(diff);
    const glare = meanColour(on, (i) => differs.has(i)), plain = meanColour(off, (i) => differs.has(i));
    assert.ok(glare[0] + glare[1] + glare[2] > plain[0] + plain[1] + plain[2], 'the glare is brighter');
  });

  test('the eyelid shadow darkens the top of the eye opening', () => {
    const lit = parametricEyes(texture, layout, options), shaded = parametricEyes(texture, layout, { ...options, eyelidShadow: true });
    const [eye] = layout.eyes;
    const top = (i: number): boolean => maskAt(eye.mask, i % WIDTH, Math.floor(i / WIDTH)) === 255 && Math.floor(i / WIDTH) < eye.iris.y - eye.iris.radius * 0.5;
    const a = meanColour(lit, top), b = meanColour(shaded, top);
    assert.ok(b[0] + b[1] + b[2] < 0.9 * (a[0] + a[1] + a[2]), `${b} not darker than ${a}`);
  });

  test('v2 is a different style from v1', () => {
    const v1 = parametricEyes(texture, layout, options), v2 = parametricEyesV2(texture, layout, options);
    const openings = eyes();
    const inside = changed(v1, v2).filter((i) => openings.data[i] === 255).length;
    const total = openings.data.reduce((n, v) => n + (v === 255 ? 1 : 0), 0);
    assert.ok(inside > total / 3, `${inside} of ${total} texels differ`);
  });

  test('without colours asked for, implausible measured eye colours are made plausible and good ones kept', () => {
    const good = { iris: { red: 88, green: 59, blue: 25 }, sclera: { red: 200, green: 192, blue: 186 } };
    assert.deepEqual(eyeColours(good), good);
    const { iris, sclera } = eyeColours({ iris: { red: 156, green: 135, blue: 134 }, sclera: { red: 115, green: 95, blue: 88 } });
    const luma = (c: Rgb): number => 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue;
    assert.ok(luma(sclera) >= 174 && luma(iris) < luma(sclera) * 0.61);
  });
});

describe('additional textures', () => {
  test('smooth_eyelashes_texture changes only the eyelash band, and smooths it', () => {
    const out = smoothEyelashesTexture(texture, layout);
    const band = textureMask([layout.eyelashes], WIDTH, HEIGHT);
    const diff = changed(texture, out);
    assert.ok(diff.length > 1000);
    for (const i of diff) assert.ok(band.data[i] > 0, `texel ${i} outside the band changed`);
    const rough = (t: RgbImage): number => {
      let sum = 0;
      for (const i of diff) if (band.data[i] === 255) sum += Math.abs(t.data[i * 3 + 1] - t.data[(i + 1) * 3 + 1]);
      return sum;
    };
    assert.ok(rough(out) < rough(texture) * 0.7, 'the band is smoother');
  });

  test('slightly cartoonish smooths the skin, keeping the mean colour', () => {
    const slightly = slightlyCartoonishTexture(texture);
    assert.ok(detail(slightly, RIGHT_CHEEK) < detail(texture, RIGHT_CHEEK) * 0.7, `${detail(slightly, RIGHT_CHEEK)} vs ${detail(texture, RIGHT_CHEEK)}`);
    const mean = meanColour(texture, () => true);
    assert.ok(distance(meanColour(slightly, () => true), { red: mean[0], green: mean[1], blue: mean[2] }) < 1);
  });

  test('cartoonish smooths more than slightly cartoonish, flattens brightness to levels, outlines features, and keeps the mean colour', () => {
    const cartoon = cartoonishTexture(texture);
    const smoothOnly = cartoonishTexture(texture, { flatten: 0, outline: 0 });
    assert.ok(detail(smoothOnly, RIGHT_CHEEK) < detail(slightlyCartoonishTexture(texture), RIGHT_CHEEK));
    // Levels are multiples of 255 / 6: flattened texels of the face sit nearer to them.
    const face = FACE_OVAL.map(landmark);
    const x0 = Math.min(...face.map((p) => p[0])), x1 = Math.max(...face.map((p) => p[0]));
    const y0 = Math.min(...face.map((p) => p[1])), y1 = Math.max(...face.map((p) => p[1]));
    const offLevel = (t: RgbImage): number => {
      let sum = 0, n = 0;
      for (let y = y0; y < y1; y += 3) {
        for (let x = x0; x < x1; x += 3) {
          const [r, g, b] = at(t, y * WIDTH + x);
          const q = ((0.299 * r + 0.587 * g + 0.114 * b) / 255) * 6;
          sum += Math.abs(q - Math.round(q));
          n++;
        }
      }
      return sum / n;
    };
    const [flattened, unflattened] = [offLevel(cartoon), offLevel(cartoonishTexture(texture, { flatten: 0 }))];
    assert.ok(flattened < unflattened * 0.85, `brightness nearer the levels: ${flattened.toFixed(4)} off them against ${unflattened.toFixed(4)} unflattened`);
    // The upper lid margins are outlined: darker than without outlines.
    const lids = [159, 386].map(landmark).map(([x, y]) => y * WIDTH + x);
    const noOutline = cartoonishTexture(texture, { outline: 0 });
    for (const i of lids) assert.ok(at(cartoon, i)[1] < at(noOutline, i)[1] * 0.9, `lid texel ${at(cartoon, i)} vs ${at(noOutline, i)}`);
    const mean = meanColour(texture, () => true);
    assert.ok(distance(meanColour(cartoon, () => true), { red: mean[0], green: mean[1], blue: mean[2] }) < 12);
  });

  test('lips_mask is the lips: full on the upper lip, inside the face, empty elsewhere', () => {
    const mask = lipsMask(layout);
    assert.equal(mask.width, WIDTH);
    const [ux, uy] = [Math.round((layout.landmarks[0] + layout.landmarks[13 * 2]) / 2), Math.round((layout.landmarks[1] + layout.landmarks[13 * 2 + 1]) / 2)];
    assert.equal(mask.data[uy * WIDTH + ux], 255);
    const face = FACE_OVAL.map(landmark);
    const [fx0, fx1] = [Math.min(...face.map((p) => p[0])), Math.max(...face.map((p) => p[0]))];
    const [fy0, fy1] = [Math.min(...face.map((p) => p[1])), Math.max(...face.map((p) => p[1]))];
    const lipPoints = [...LIPS_OUTER, ...LIPS_INNER].map(landmark);
    const lx0 = Math.min(...lipPoints.map((p) => p[0])) - 8, lx1 = Math.max(...lipPoints.map((p) => p[0])) + 8;
    const ly0 = Math.min(...lipPoints.map((p) => p[1])) - 8, ly1 = Math.max(...lipPoints.map((p) => p[1])) + 8;
    let count = 0;
    for (let i = 0; i < mask.data.length; i++) {
      if (mask.data[i] === 0) continue;
      count++;
      const x = i % WIDTH, y = Math.floor(i / WIDTH);
      assert.ok(x > fx0 && x < fx1 && y > fy0 && y < fy1, `lips texel (${x}, ${y}) outside the face`);
      assert.ok(x >= lx0 && x <= lx1 && y >= ly0 && y <= ly1, `lips texel (${x}, ${y}) away from the lip landmarks`);
    }
    assert.ok(count > 5000, `${count} lip texels`);
  });

  test('roughness is lower on the lips than on cheek skin, and lowest in the eyes', () => {
    const map = roughnessMap(layout);
    const value = ([x, y]: [number, number]): number => map.data[y * WIDTH + x];
    const cheek = value(landmark(RIGHT_CHEEK[2]));
    const lip = value([Math.round((layout.landmarks[0] + layout.landmarks[13 * 2]) / 2), Math.round((layout.landmarks[1] + layout.landmarks[13 * 2 + 1]) / 2)]);
    const eye = value([Math.round(layout.eyes[0].iris.x), Math.round(layout.eyes[0].iris.y)]);
    assert.ok(cheek >= 0.55 * 255 && cheek <= 0.65 * 255, `cheek ${cheek}`);
    assert.ok(lip < cheek, `lips ${lip} vs cheek ${cheek}`);
    assert.ok(eye < lip, `eye ${eye} vs lips ${lip}`);
  });

  test('metallic is zero everywhere: skin, eyes and lips are dielectrics', () => {
    const map = metallicMap(WIDTH, HEIGHT);
    assert.equal(map.data.length, WIDTH * HEIGHT);
    assert.ok(map.data.every((v) => v === 0));
  });

  test('the uniform texture is one colour, the one given', () => {
    const tone = { red: 212, green: 181, blue: 154 };
    const plain = uniformTexture(WIDTH, HEIGHT, tone);
    assert.equal(plain.data.length, WIDTH * HEIGHT * 3);
    for (let i = 0; i < WIDTH * HEIGHT; i++) if (distance(at(plain, i), tone) !== 0) assert.fail(`texel ${i} is ${at(plain, i)}`);
  });
});
