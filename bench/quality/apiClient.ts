import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip } from '../../src/formats/zip.js';
import { Api } from '../../test/support/api.js';
import { fetchToken } from '../../test/support/server.js';
import { exited, freePort, likeness, serve } from '../../test/support/process.js';
import '../warmUp.js';

/**
 * `likeness serve` as users run it, in its own process with a throw-away data directory and an
 * enterprise client, unthrottled; `fn` gets a client of it. Stopped and removed afterwards.
 */
export async function withLikeness<T>(fn: (api: Api) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'likeness-sheets-'));
  const env = { LIKENESS_DATA_DIR: dataDir, LIKENESS_THROTTLE_PER_MINUTE: '0', LIKENESS_PLAYER_THROTTLE_PER_MINUTE: '0' };
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  try {
    const { client_id, client_secret } = JSON.parse(await likeness(['client', 'create', '--name', 'sheets', '--plan', 'enterprise', '--json'], env));
    const port = await freePort();
    server = await serve(env, port);
    const base = `http://127.0.0.1:${port}`;
    return await fn(new Api(base, await fetchToken(base, client_id, client_secret)));
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await exited(server);
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** POST /avatars/ and wait for Completed (anything else throws); with the time it took. */
export async function completedAvatar(api: Api, fields: { photo: Buffer; [k: string]: string | Buffer }): Promise<{ avatar: any; ms: number }> {
  const t0 = performance.now();
  const created = await api.createAvatar({ name: 'sheet', ...fields });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const avatar = await api.waitFor(created.body.code, (a) => ['Completed', 'Failed', 'Timed Out'].includes(a.status), 120_000);
  if (avatar.status !== 'Completed') throw new Error(`avatar ${avatar.status}: ${avatar.failure_reason}`);
  return { avatar, ms: performance.now() - t0 };
}

/** An export of `avatar` with `parameters`, waited for; its first file's zip entries, with the time it took. */
export async function exportedFiles(api: Api, avatar: { code: string }, parameters: unknown): Promise<{ files: Record<string, Uint8Array>; ms: number }> {
  const t0 = performance.now();
  const exported = await api.post(`/avatars/${avatar.code}/exports/`, { parameters: JSON.stringify(parameters) });
  if (exported.status !== 201) throw new Error(JSON.stringify(exported.body));
  for (;;) {
    const got = (await api.get(exported.body.url)).body;
    if (got.status === 'Completed') {
      const res = await fetch(got.files[0].file, { headers: { Authorization: `Bearer ${api.token}` } });
      return { files: readZip(new Uint8Array(await res.arrayBuffer())), ms: performance.now() - t0 };
    }
    if (got.status === 'Failed') throw new Error(got.failure_reason);
    await new Promise((r) => setTimeout(r, 50));
  }
}
