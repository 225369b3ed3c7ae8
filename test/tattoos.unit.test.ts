import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { exportContext, resolveExportParameters, TATTOO_DEFAULTS } from '../src/pipelines/catalogue/index.js';
import { paintTattoos } from '../src/texture/edits/paintTattoos.js';

describe('avatar.tattoos parameters', () => {
  const ctx = exportContext('persona_2.0', 'female', 'pro');
  const errors = (tattoos: unknown) => {
    const r = resolveExportParameters({ avatar: { tattoos } }, ctx);
    assert.ok(!r.ok, 'a 400 was expected');
    return (r as { errors: Record<string, string[]> }).errors;
  };
  const tattoosOf = (r: { value?: unknown }) => (r.value as unknown as { persona: { avatar: { tattoos: unknown } } }).persona.avatar.tattoos;

  test('a tattoo takes the default ink, opacity and scale; tattoos come in the catalogue\'s placement order; none by default', () => {
    const r = resolveExportParameters({ avatar: { tattoos: [{ name: 'anchor', placement: 'upper_back' }, { name: 'rose', placement: 'left_forearm', color: { red: 90, green: 10, blue: 20 }, opacity: 0.5, scale: 0.6 }] } }, ctx);
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual(tattoosOf(r), [
      { name: 'rose', placement: 'left_forearm', color: { red: 90, green: 10, blue: 20 }, opacity: 0.5, scale: 0.6 },
      { name: 'anchor', placement: 'upper_back', ...TATTOO_DEFAULTS },
    ]);
    const none = resolveExportParameters({}, ctx);
    assert.ok(none.ok);
    assert.deepEqual(tattoosOf(none), []);
  });

  test('bad designs, placements and values are 400s naming the field', () => {
    assert.ok(errors([{ name: 'skull', placement: 'left_forearm' }])['parameters.avatar.tattoos[0].name']);
    assert.ok(errors([{ name: 'rose', placement: 'forehead' }])['parameters.avatar.tattoos[0].placement']);
    assert.ok(errors([{ name: 'rose' }])['parameters.avatar.tattoos[0].placement']);
    assert.ok(errors([{ placement: 'left_calf' }])['parameters.avatar.tattoos[0].name']);
    assert.ok(errors([{ name: 'rose', placement: 'left_calf', opacity: 2 }])['parameters.avatar.tattoos[0].opacity']);
    assert.ok(errors([{ name: 'rose', placement: 'left_calf', scale: 0.1 }])['parameters.avatar.tattoos[0].scale']);
    assert.ok(errors([{ name: 'rose', placement: 'left_calf' }, { name: 'anchor', placement: 'left_calf' }])['parameters.avatar.tattoos[1].placement']);
    assert.ok(errors(new Array(7).fill(0).map((_, i) => ({ name: 'rose', placement: ['left_forearm', 'right_forearm', 'left_upper_arm', 'right_upper_arm', 'chest_left', 'upper_back', 'left_calf'][i] })))['parameters.avatar.tattoos']);
    assert.ok(errors({ name: 'rose', placement: 'left_calf' })['parameters.avatar.tattoos']);
  });
});

describe('avatar.tattoos painting', () => {
  test('the ink lands inside the placement\'s area only, darker than the skin, with the skin\'s detail kept under it', async () => {
    const width = 256, height = 128;
    const data = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) [data[i * 3], data[i * 3 + 1], data[i * 3 + 2]] = [200 + (i % 7), 150 + (i % 5), 120];
    const texture = { width, height, channels: 3 as const, data };
    const area = new Uint8Array(width * height);
    for (let y = 20; y < 100; y++) for (let x = 60; x < 140; x++) area[y * width + x] = 1;
    // The design square on the box, one texel of it per texel.
    const texels = Uint32Array.from([...area.keys()].filter((i) => area[i]));
    const at = Float32Array.from([...texels].flatMap((i) => [((i % width) + 0.5 - 60) / 80, (Math.floor(i / width) + 0.5 - 20) / 80]));
    const inked = await paintTattoos(texture, [{ name: 'anchor', texels, at, color: { red: 29, green: 35, blue: 48 }, opacity: 0.85, scale: 1 }]);
    let inside = 0;
    for (let i = 0; i < width * height; i++) {
      const same = [0, 1, 2].every((c) => inked.data[i * 3 + c] === data[i * 3 + c]);
      if (!area[i]) assert.ok(same, `texel ${i} outside the placement changed`);
      else if (!same) {
        inside++;
        assert.ok(inked.data[i * 3] < data[i * 3], 'ink darkens');
      }
    }
    assert.ok(inside > 300, `${inside} inked texels`);
    // Multiplied, not pasted: two skin texels of different lightness stay different under full ink.
    const under = new Set<number>();
    for (let i = 0; i < width * height; i++) if (area[i] && inked.data[i * 3] < 80) under.add(inked.data[i * 3]);
    assert.ok(under.size > 1, 'the skin\'s variation shows through the ink');
  });
});
