import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/store/database.js';
import { backends, fetchToken, freshPostgresDatabase, startTestServer } from './support/server.js';
import { formatInstant, timestamp } from '../src/store/time.js';
import { Api, photo } from './support/api.js';
import { exited, freePort, likeness, serve } from './support/process.js';

for (const backend of backends()) {
  describe(`a server killed with SIGKILL while Computing finishes the avatar after its next start (${backend.name})`, () => {
    let dataDir: string;
    let env: Record<string, string>;
    let drop: (() => Promise<void>) | undefined;
    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'likeness-recovery-'));
      // A short lease: on a shared database the restarted server takes the killed run's job back
      // only once its lease has run out (30 s by default), which the test would otherwise wait out.
      env = { LIKENESS_DATA_DIR: dataDir, LIKENESS_WORKERS: '1', LIKENESS_JOB_LEASE_S: '3' };
      if (backend.name === 'postgres') {
        const pgdb = await freshPostgresDatabase(backend.url!);
        env.LIKENESS_DATABASE_URL = pgdb.url;
        drop = pgdb.drop;
      }
    });
    after(async () => {
      await drop?.();
      await rm(dataDir, { recursive: true, force: true });
    });

    test('a server stopped with SIGTERM while Computing computes the avatar again after its next start', async () => {
      const { client_id, client_secret } = JSON.parse(await likeness(['client', 'create', '--name', 'sigterm', '--plan', 'pro', '--json'], env));
      const port = await freePort();
      // No time to drain: the job is handed back, not finished before the exit (fleet.test.ts has that).
      let server = await serve({ ...env, LIKENESS_DRAIN_S: '0' }, port);
      const base = `http://127.0.0.1:${port}`;
      const api = new Api(base, await fetchToken(base, client_id, client_secret));
      const created = await api.createAvatar({ pipeline: 'head_1.2', name: 'stopped', photo: photo('astronaut.png') });
      const computing = await api.waitFor(created.body.code, (a) => a.status !== 'Uploading' && a.status !== 'Queued', 20_000);
      assert.equal(computing.status, 'Computing');
      server.kill('SIGTERM');
      await exited(server);
      const stopped = await openDatabase({ url: env.LIKENESS_DATABASE_URL ?? join(dataDir, 'likeness.sqlite') });
      const row = await stopped.db.selectFrom('avatars').select(['status']).where('code', '=', created.body.code).executeTakeFirstOrThrow();
      await stopped.close();
      assert.notEqual(row.status, 'Failed', 'a stop is not the avatar\'s failure');
      server = await serve(env, port);
      try {
        const done = await api.waitFor(created.body.code, (a) => ['Completed', 'Failed', 'Timed Out'].includes(a.status), 60_000);
        assert.equal(done.status, 'Completed', done.failure_reason);
      } finally {
        server.kill('SIGTERM');
        await exited(server);
      }
    });

    test('nothing is lost and nothing is computed twice to completion', async () => {
      const { client_id, client_secret } = JSON.parse(await likeness(['client', 'create', '--name', 'recovery', '--plan', 'pro', '--json'], env));
      const port = await freePort();
      let server = await serve(env, port);
      const base = `http://127.0.0.1:${port}`;
      const api = new Api(base, await fetchToken(base, client_id, client_secret));
      const created = await api.createAvatar({ pipeline: 'head_1.2', name: 'survivor', photo: photo('astronaut.png'), parameters: JSON.stringify({}) });
      assert.equal(created.status, 201);
      const computing = await api.waitFor(created.body.code, (a) => a.status !== 'Uploading' && a.status !== 'Queued', 20_000);
      assert.equal(computing.status, 'Computing', 'caught the avatar while computing');
      server.kill('SIGKILL');
      await exited(server);

      server = await serve(env, port);
      try {
        const done = await api.waitFor(created.body.code, (a) => ['Completed', 'Failed', 'Timed Out'].includes(a.status), 60_000);
        assert.equal(done.status, 'Completed', done.failure_reason);
        assert.equal(done.progress, 100);
        const info = await api.get(`/avatars/${created.body.code}/model_info/`);
        assert.equal(info.status, 200);
      } finally {
        server.kill('SIGTERM');
        await exited(server);
      }
      const { db, close } = await openDatabase({ url: env.LIKENESS_DATABASE_URL ?? join(dataDir, 'likeness.sqlite') });
      const jobs = await db.selectFrom('jobs').selectAll().where('avatar_code', '=', created.body.code).execute();
      await close();
      assert.equal(jobs.length, 1);
      assert.equal(jobs[0].state, 'done');
      assert.equal(jobs[0].attempt, 2, 'the killed attempt did not complete; the second one did');
    });
  });
}

for (const backend of backends()) {
  describe(`a job whose lease ran out is taken back while the server runs, not only at its next start (${backend.name})`, () => {
    test('a running job with an expired lease is claimed again and finished within seconds', async () => {
      const server = await startTestServer({ backend, workers: 1 });
      try {
        const { db } = server.database;
        // What a job looks like after its bookkeeping failed on a full disk: running, its lease never renewed.
        const { id } = await db.insertInto('jobs').values({
          avatar_code: 'gone', kind: 'compute', export_code: null, target: null, state: 'running', attempt: 1,
          owner: 'a-server-that-gave-up', lease_until: formatInstant(Date.now() - 60_000), created_on: timestamp(),
        }).returning('id').executeTakeFirstOrThrow();
        const end = Date.now() + 30_000;
        let job = await db.selectFrom('jobs').select(['state', 'attempt']).where('id', '=', id).executeTakeFirstOrThrow();
        while (job.state !== 'done' && Date.now() < end) {
          await new Promise((r) => setTimeout(r, 200));
          job = await db.selectFrom('jobs').select(['state', 'attempt']).where('id', '=', id).executeTakeFirstOrThrow();
        }
        assert.deepEqual(job, { state: 'done', attempt: 2 }, 'reclaimed, claimed again and finished by this server');
      } finally {
        await server.stop();
      }
    });
  });
}
