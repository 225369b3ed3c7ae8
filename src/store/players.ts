import { randomUUID } from 'node:crypto';
import type { Db } from './database.js';
import type { PlayerTable } from './schema.js';
import { newestFirst, type Page, type PageRequest } from './page.js';
import { timestamp } from './time.js';

export type Player = PlayerTable;

export async function createPlayer(db: Db, clientId: string, comment: string): Promise<Player> {
  const row = { code: randomUUID(), client_id: clientId, comment, created_on: timestamp() };
  await db.insertInto('players').values(row).execute();
  return row;
}

export async function findPlayer(db: Db, clientId: string, code: string): Promise<Player | null> {
  return (await db.selectFrom('players').selectAll().where('client_id', '=', clientId).where('code', '=', code).executeTakeFirst()) ?? null;
}

/** Players of a client, newest first; `only` narrows it to one player (client access sees only itself). */
export async function listPlayers(db: Db, clientId: string, only: string | null, page: PageRequest): Promise<Page<Player>> {
  let query = db.selectFrom('players').where('client_id', '=', clientId);
  if (only) query = query.where('code', '=', only);
  return newestFirst(query, page);
}

/** Deletes a player and every avatar it created; returns those avatar codes so their files can be removed. */
export async function deletePlayer(db: Db, clientId: string, code: string): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('players').select('code').where('client_id', '=', clientId).where('code', '=', code).executeTakeFirst();
    if (!found) return null;
    const avatars = await trx.selectFrom('avatars').select('code').where('client_id', '=', clientId).where('player_code', '=', code).execute();
    const codes = avatars.map((a) => a.code);
    if (codes.length) {
      await trx.deleteFrom('jobs').where('avatar_code', 'in', codes).execute();
      await trx.deleteFrom('exports').where('avatar_code', 'in', codes).execute();
      await trx.deleteFrom('avatars').where('code', 'in', codes).execute();
    }
    await trx.deleteFrom('players').where('code', '=', code).execute();
    return codes;
  });
}
