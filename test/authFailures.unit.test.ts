import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FailureCounter } from '../src/service/authFailures.js';

test('past the limit a key waits until its window ends, in whole seconds', () => {
  const failures = new FailureCounter(3, 60_000);
  for (let i = 0; i < 3; i++) {
    assert.equal(failures.retryAfter('a', 1000), 0);
    failures.add('a', 1000);
  }
  assert.equal(failures.retryAfter('a', 1000), 60);
  assert.equal(failures.retryAfter('a', 60_500), 1);
  assert.equal(failures.retryAfter('a', 61_000), 0, 'a new window');
  assert.equal(failures.retryAfter('b', 1000), 0, 'other keys are not affected');
});

test('an attempt taken back does not count', () => {
  const failures = new FailureCounter(2);
  failures.add('a', 0);
  failures.add('a', 0);
  failures.remove('a');
  assert.equal(failures.retryAfter('a', 0), 0);
  failures.add('a', 0);
  assert.ok(failures.retryAfter('a', 0) > 0);
});

test('the number of keys is bounded: expired windows go first, then the oldest', () => {
  const failures = new FailureCounter(1, 1000, 3);
  failures.add('old', 0);
  failures.add('b', 500);
  failures.add('c', 600);
  failures.add('d', 1200); // 'old' has expired and makes room
  assert.equal(failures.retryAfter('b', 1200), 1);
  failures.add('e', 1300); // nothing expired: 'b', the oldest, goes
  assert.equal(failures.retryAfter('b', 1300), 0);
  assert.ok(failures.retryAfter('c', 1300) > 0 && failures.retryAfter('e', 1300) > 0);
});
