import type { Db } from './database.js';
import { DUMMY_SECRET_HASH, hashSecret, randomToken } from './secrets.js';
import { timestamp } from './time.js';

export interface Client {
  client_id: string;
  name: string;
  plan: string;
  created_on: string;
}

export async function createClient(db: Db, input: { name: string; plan: string }): Promise<Client & { client_secret: string }> {
  const client_id = randomToken(40);
  const client_secret = randomToken(64);
  const row = { client_id, name: input.name, plan: input.plan, secret_hash: await hashSecret(client_secret), created_on: timestamp() };
  await db.insertInto('clients').values(row).execute();
  return { client_id, name: row.name, plan: row.plan, created_on: row.created_on, client_secret };
}

export async function listClients(db: Db): Promise<Client[]> {
  return db.selectFrom('clients').select(['client_id', 'name', 'plan', 'created_on']).orderBy('created_on').execute();
}

/** A client and its stored secret hash; for an unknown id, no client and the dummy hash, so that checking it costs the same. */
export async function findClientCredentials(db: Db, clientId: string): Promise<{ client: Client | null; secretHash: string }> {
  const row = await db.selectFrom('clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  if (!row) return { client: null, secretHash: DUMMY_SECRET_HASH };
  return { client: { client_id: row.client_id, name: row.name, plan: row.plan, created_on: row.created_on }, secretHash: row.secret_hash };
}

/** Whether the client still exists (it may be deleted from the CLI while a request is on its way). */
export async function clientExists(db: Db, clientId: string): Promise<boolean> {
  return !!(await db.selectFrom('clients').select('client_id').where('client_id', '=', clientId).executeTakeFirst());
}

/** Deletes the client with its tokens, players and avatar records; returns the avatar codes so their files can go too. */
export async function deleteClient(db: Db, clientId: string): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('clients').select('client_id').where('client_id', '=', clientId).executeTakeFirst();
    if (!found) return null;
    const avatars = await trx.selectFrom('avatars').select('code').where('client_id', '=', clientId).execute();
    const codes = avatars.map((a) => a.code);
    if (codes.length) {
      await trx.deleteFrom('jobs').where('avatar_code', 'in', codes).execute();
      await trx.deleteFrom('exports').where('avatar_code', 'in', codes).execute();
    }
    await trx.deleteFrom('avatars').where('client_id', '=', clientId).execute();
    await trx.deleteFrom('players').where('client_id', '=', clientId).execute();
    await trx.deleteFrom('tokens').where('client_id', '=', clientId).execute();
    await trx.deleteFrom('clients').where('client_id', '=', clientId).execute();
    return codes;
  });
}
