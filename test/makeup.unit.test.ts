import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { bakedFace } from './support/bakedFace.js';
import type { RgbImage } from '../src/texture/index.js';
import type { FaceLayout } from '../src/texture/layout/faceLayout.js';
import { textureMask } from '../src/texture/layout/polygonMask.js';
import { paintMakeup } from '../src/texture/edits/paintMakeup.js';
import { makeupArea } from '../src/texture/edits/makeupAreas.js';
import { exportContext, MAKEUP_DEFAULTS, resolveExportParameters } from '../src/pipelines/catalogue/index.js';

const WIDTH = 2048, HEIGHT = 1024;

let texture: RgbImage;
let layout: FaceLayout;

before(async () => {
  ({ texture, layout } = await bakedFace('astronaut.png', WIDTH, HEIGHT));
});

const changed = (a: RgbImage, b: RgbImage): number[] => {
  const out: number[] = [];
  for (let i = 0; i < a.width * a.height; i++) if (a.data[i * 3] !== b.data[i * 3] || a.data[i * 3 + 1] !== b.data[i * 3 + 1] || a.data[i * 3 + 2] !== b.data[i * 3 + 2]) out.push(i);
  return out;
};

describe('avatar.makeup painting', () => {
  test('lipstick changes the lips and nothing outside them, and keeps the lips\' shading', () => {
    const color = { red: 190, green: 20, blue: 60 };
    const out = paintMakeup(texture, layout, [{ name: 'lipstick', color, opacity: 0.8 }]);
    const lips = textureMask([layout.lips], WIDTH, HEIGHT);
    const diff = changed(texture, out);
    assert.ok(diff.length > 300, `${diff.length} texels changed`);
    for (const i of diff) assert.ok(lips.data[i] > 0, `texel ${i} outside the lips changed`);
    // The middle of the upper lip (landmark 0) is redder; a texel on the forehead (landmark 10) is untouched.
    const lip = (Math.round(layout.landmarks[1]) + 2) * WIDTH + Math.round(layout.landmarks[0]);
    assert.ok(out.data[lip * 3] - out.data[lip * 3 + 1] > texture.data[lip * 3] - texture.data[lip * 3 + 1] + 20, 'the lip is redder');
    const brow = Math.round(layout.landmarks[21]) * WIDTH + Math.round(layout.landmarks[20]);
    assert.deepEqual([...out.data.subarray(brow * 3, brow * 3 + 3)], [...texture.data.subarray(brow * 3, brow * 3 + 3)]);
    // Shading shows through: the lips are not one flat colour.
    const reds = diff.filter((i) => lips.data[i] === 255).map((i) => out.data[i * 3]);
    assert.ok(Math.max(...reds) - Math.min(...reds) > 20, 'the lips keep their light and shade');
  });

  test('each layer lands in its own place: eyeshadow above the eyes, blush on the cheeks, soft-edged', () => {
    const eyeY = (layout.eyes[0].opening[1] + layout.eyes[1].opening[1]) / 2;
    const browY = (layout.brows[0].box.y0 + layout.brows[0].box.y1) / 2;
    const up = Math.sign(browY - eyeY);
    const shadow = makeupArea(layout, 'eyeshadow');
    let above = 0, below = 0, soft = 0;
    for (let i = 0; i < shadow.data.length; i++) {
      if (!shadow.data[i]) continue;
      const y = Math.floor(i / WIDTH);
      if ((y - eyeY) * up > 0) above++;
      else below++;
      if (shadow.data[i] < 255) soft++;
    }
    assert.ok(above > 200 && below < above / 10, `${above} texels above the eyes, ${below} below`);
    assert.ok(soft > above / 3, 'the shadow fades out');
    const blush = makeupArea(layout, 'blush');
    const cheek = Math.round(layout.landmarks[50 * 2 + 1]) * WIDTH + Math.round(layout.landmarks[50 * 2]);
    assert.equal(blush.data[cheek], 255);
    assert.equal(blush.data[Math.round(layout.landmarks[1]) * WIDTH + Math.round(layout.landmarks[0])], 0, 'no blush on the lips');
  });

  test('the painting is deterministic and opacity 0 changes nothing', () => {
    const layers = (['lipstick', 'eyeshadow', 'eyeliner', 'blush'] as const).map((name) => ({ name, ...MAKEUP_DEFAULTS[name] }));
    const a = paintMakeup(texture, layout, layers), b = paintMakeup(texture, layout, layers);
    assert.deepEqual(a.data, b.data);
    assert.equal(changed(texture, paintMakeup(texture, layout, layers.map((l) => ({ ...l, opacity: 0 })))).length, 0);
  });
});

describe('avatar.makeup parameters', () => {
  const ctx = exportContext('persona_2.0', 'female', 'pro');
  const errors = (makeup: unknown) => {
    const r = resolveExportParameters({ avatar: { makeup } }, ctx);
    assert.ok(!r.ok, 'a 400 was expected');
    return (r as { errors: Record<string, string[]> }).errors;
  };

  test('a layer takes its default colour and opacity; layers come in the catalogue\'s order; none by default', () => {
    const r = resolveExportParameters({ avatar: { makeup: [{ name: 'blush' }, { name: 'lipstick', color: { red: 1, green: 2, blue: 3 }, opacity: 0.25 }] } }, ctx);
    assert.ok(r.ok, JSON.stringify(r));
    const avatar = (r.value as unknown as { persona: { avatar: { makeup: unknown } } }).persona.avatar;
    assert.deepEqual(avatar.makeup, [
      { name: 'lipstick', color: { red: 1, green: 2, blue: 3 }, opacity: 0.25 },
      { name: 'blush', ...MAKEUP_DEFAULTS.blush },
    ]);
    const none = resolveExportParameters({}, ctx);
    assert.ok(none.ok);
    assert.deepEqual((none.value as unknown as { persona: { avatar: { makeup: unknown } } }).persona.avatar.makeup, []);
  });

  test('a bad layer is a 400 naming its key', () => {
    assert.ok(errors([{ name: 'lipstick', opacity: 1.5 }])['parameters.avatar.makeup[0].opacity']);
    assert.ok(errors([{ name: 'lipstick' }, { name: 'mascara' }])['parameters.avatar.makeup[1].name']);
    assert.ok(errors([{ opacity: 0.5 }])['parameters.avatar.makeup[0].name']);
    assert.ok(errors([{ name: 'blush', colour: {} }])['parameters.avatar.makeup[0].colour']);
    assert.ok(errors([{ name: 'blush' }, { name: 'blush' }])['parameters.avatar.makeup[1].name']);
    assert.ok(errors([{ name: 'blush', color: { red: 300, green: 0, blue: 0 } }])['parameters.avatar.makeup[0].color.red']);
    assert.ok(errors({ name: 'blush' })['parameters.avatar.makeup']);
  });
});
