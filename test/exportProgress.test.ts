import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase, type OpenDatabase } from '../src/store/database.js';
import { createClient } from '../src/store/clients.js';
import { insertAvatar, findAvatarByCode, updateAvatar } from '../src/store/avatars.js';
import { exportProgress, findExportByCode, insertExport, startExport } from '../src/store/exports.js';
import { exportContext, resolveExportParameters } from '../src/pipelines/catalogue/index.js';
import { backends, freshPostgresDatabase } from './support/server.js';

for (const backend of backends()) {
  describe(`progress never goes back, for exports as for avatars (${backend.name})`, () => {
    let dir: string;
    let database: OpenDatabase;
    let drop: (() => Promise<void>) | undefined;
    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'likeness-progress-'));
      let url = join(dir, 'likeness.sqlite');
      if (backend.name === 'postgres') {
        const pgdb = await freshPostgresDatabase(backend.url!);
        url = pgdb.url;
        drop = pgdb.drop;
      }
      database = await openDatabase({ url });
    });
    after(async () => {
      await database.close();
      await drop?.();
      await rm(dir, { recursive: true, force: true });
    });

    async function avatarWithExport() {
      const { db } = database;
      const client = await createClient(db, { name: 'progress', plan: 'enterprise' });
      const code = randomUUID();
      await insertAvatar(db, {
        code, client_id: client.client_id, player_code: null, name: 'progress', description: '', pipeline: 'head_1.2', pipeline_subtype: 'head/mobile',
        parameters: {}, export_parameters: null,
      });
      const resolved = resolveExportParameters({}, exportContext('head_1.2', 'head/mobile', 'enterprise'));
      assert.ok(resolved.ok);
      const exported = await insertExport(db, { code: randomUUID(), avatar_code: code, client_id: client.client_id, player_code: null, comment: '', parameters: resolved.value });
      return { avatar: code, export: exported.code };
    }

    test('an export run again after a restart keeps the progress it had (55 stays 55, not 5)', async () => {
      const { db } = database;
      const { export: code } = await avatarWithExport();
      await startExport(db, code);
      await exportProgress(db, code, 55);
      // The server dies; the next one claims the job again and starts the export over.
      await startExport(db, code);
      assert.equal((await findExportByCode(db, code))!.progress, 55);
      assert.equal((await findExportByCode(db, code))!.status, 'Computing');
      await exportProgress(db, code, 30);
      assert.equal((await findExportByCode(db, code))!.progress, 55, 'the second run reporting 30 does not lower it');
      await exportProgress(db, code, 70);
      assert.equal((await findExportByCode(db, code))!.progress, 70, 'and passing it raises it');
    });

    test('an avatar computed again keeps its progress too', async () => {
      const { db } = database;
      const { avatar } = await avatarWithExport();
      await updateAvatar(db, avatar, { status: 'Computing', progress: 5 });
      await updateAvatar(db, avatar, { progress: 55 });
      await updateAvatar(db, avatar, { status: 'Computing', progress: 5 });
      assert.equal((await findAvatarByCode(db, avatar))!.progress, 55);
    });
  });
}
