import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { exportContext, resolveExportParameters, TATTOO_DEFAULTS } from '../src/pipelines/catalogue/index.js';

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
