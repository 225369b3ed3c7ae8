import { randomBytes } from 'node:crypto';
import type { Db } from './database.js';

const cache = new WeakMap<Db, Map<string, Buffer>>();

/**
 * A random secret shared by every server on the database, made on first use (e.g. the key that signs
 * public export links). Several servers racing to make it agree: the first insert wins and all read it.
 */
export async function serverSecret(db: Db, name: string): Promise<Buffer> {
  let forDb = cache.get(db);
  if (!forDb) cache.set(db, (forDb = new Map()));
  const known = forDb.get(name);
  if (known) return known;
  await db.insertInto('settings').values({ key: name, value: randomBytes(32).toString('hex') }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', name).executeTakeFirstOrThrow();
  const secret = Buffer.from(row.value, 'hex');
  forDb.set(name, secret);
  return secret;
}
