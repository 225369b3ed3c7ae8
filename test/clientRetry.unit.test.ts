import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Likeness, ServerError, ThrottledError } from '../src/client/index.js';
import { nextLink } from '../src/client/http.js';
import { retryAfterMs } from '../src/client/retry.js';

/**
 * The retry rules of likeness/client, with answers no live server gives on demand (a proxy's 502
 * and 504, storage that is unavailable). The 429 with Retry-After is tested live in client.test.ts.
 */

/** A fetch that answers from a list, and records what was asked. */
function scripted(answers: Array<[number, Record<string, string>?]>) {
  const calls: string[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
    const [status, headers] = answers.shift() ?? [500];
    return new Response(status === 204 ? null : JSON.stringify(status < 300 ? [] : { detail: `answer ${status}` }), { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { calls, fetchFn };
}

const client = (fetchFn: typeof fetch) => new Likeness({ baseUrl: 'http://likeness.test/api', accessToken: 't', fetch: fetchFn, retry: { baseDelayMs: 5 } });

test('503, 502 and 504 are asked again with backoff, and the answer that follows is returned', async () => {
  const { calls, fetchFn } = scripted([[503], [502], [504], [200]]);
  for await (const _ of client(fetchFn).players()) assert.fail('no players');
  assert.deepEqual(calls, Array(4).fill('GET http://likeness.test/api/players/'));
});

test('a POST is sent again after 503 (nothing was kept) but not after 502 or 504 (a proxy may have passed it on)', async () => {
  const unavailable = scripted([[503], [201]]);
  await client(unavailable.fetchFn).createPlayer();
  assert.equal(unavailable.calls.length, 2);
  for (const status of [502, 504]) {
    const gateway = scripted([[status], [201]]);
    await assert.rejects(client(gateway.fetchFn).createPlayer(), (err: unknown) => err instanceof ServerError && err.status === status);
    assert.equal(gateway.calls.length, 1);
  }
});

test('retries stop after `retries`, and a Retry-After longer than maxDelayMs is not waited for', async () => {
  const many = scripted(Array(10).fill([503]));
  await assert.rejects(new Likeness({ baseUrl: 'http://likeness.test', accessToken: 't', fetch: many.fetchFn, retry: { retries: 2, baseDelayMs: 1 } }).getPlayer('p'), ServerError);
  assert.equal(many.calls.length, 3);
  const long = scripted([[429, { 'retry-after': '3600' }], [200]]);
  await assert.rejects(client(long.fetchFn).getPlayer('p'), (err: unknown) => err instanceof ThrottledError && err.detail === 'answer 429');
  assert.equal(long.calls.length, 1);
});

test('Retry-After is read as seconds or as an HTTP date', () => {
  assert.equal(retryAfterMs('12'), 12_000);
  const inTen = new Date(Date.now() + 10_000).toUTCString();
  assert.ok(Math.abs(retryAfterMs(inTen)! - 10_000) <= 1000);
  assert.equal(retryAfterMs('soon'), null);
  assert.equal(retryAfterMs(null), null);
});

test('the next page is the rel="next" entry of Link, wherever it stands', () => {
  const link = '<http://h/avatars/?page=1>; rel="first", <http://h/avatars/?page=3>; rel="next", <http://h/avatars/?page=9>; rel="last"';
  assert.equal(nextLink(link), 'http://h/avatars/?page=3');
  assert.equal(nextLink('<http://h/avatars/?page=1>; rel="prev"'), null);
  assert.equal(nextLink(null), null);
});

test('a base URL with a path keeps it for every request', async () => {
  const { calls, fetchFn } = scripted([[200]]);
  await client(fetchFn).getAvatar('abc');
  assert.deepEqual(calls, ['GET http://likeness.test/api/avatars/abc/']);
});
