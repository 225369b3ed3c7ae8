import type { Db } from './database.js';
import { hashToken, randomToken } from './secrets.js';
import { formatInstant, timestamp } from './time.js';

export interface TokenOwner {
  client_id: string;
  plan: string;
  scope: string;
  /** Expiry, in ms since the epoch. */
  expiresAt: number;
}

export async function issueToken(db: Db, clientId: string, scope: string, ttlSeconds: number): Promise<string> {
  const token = randomToken(40);
  const now = Date.now();
  await db
    .insertInto('tokens')
    .values({ token_hash: hashToken(token), client_id: clientId, scope, expires_on: formatInstant(now + ttlSeconds * 1000), created_on: timestamp() })
    .execute();
  // Expired tokens are swept here rather than by a timer: issuing is rare and this keeps the table small.
  await db.deleteFrom('tokens').where('expires_on', '<', formatInstant(now)).execute();
  return token;
}

/** Who a bearer token belongs to, or null when it is unknown or expired. */
export async function findTokenOwner(db: Db, token: string): Promise<TokenOwner | null> {
  const row = await db
    .selectFrom('tokens')
    .innerJoin('clients', 'clients.client_id', 'tokens.client_id')
    .select(['tokens.client_id', 'clients.plan', 'tokens.scope', 'tokens.expires_on'])
    .where('tokens.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.expires_on <= formatInstant(Date.now())) return null;
  return { client_id: row.client_id, plan: row.plan, scope: row.scope, expiresAt: Date.parse(row.expires_on) };
}
