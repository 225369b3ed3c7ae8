import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../src/service/config.js';

test('LIKENESS_WARM_UP: on unless turned off; anything but a yes or a no is refused, naming the variable', () => {
  const base = { LIKENESS_DATA_DIR: '/tmp/likeness-config' };
  assert.equal(loadConfig({}, base).warmUp, true);
  assert.equal(loadConfig({}, { ...base, LIKENESS_WARM_UP: '' }).warmUp, true);
  for (const off of ['0', 'false', 'no']) assert.equal(loadConfig({}, { ...base, LIKENESS_WARM_UP: off }).warmUp, false, off);
  for (const on of ['1', 'true', 'yes']) assert.equal(loadConfig({}, { ...base, LIKENESS_WARM_UP: on }).warmUp, true, on);
  assert.throws(() => loadConfig({}, { ...base, LIKENESS_WARM_UP: 'later' }), /LIKENESS_WARM_UP must be true or false, got "later"/);
});
