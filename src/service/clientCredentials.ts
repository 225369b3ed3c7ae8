import { createHash } from 'node:crypto';
import type { Db } from '../store/database.js';
import { findClientCredentials, type Client } from '../store/clients.js';
import { verifySecret } from '../store/secrets.js';
import { MemoryFailureLedger, type FailureLedger } from './authFailures.js';

export type CredentialCheck = { client: Client | null } | { retryAfter: number };

/** How long, and for how many clients, a secret that matched is remembered. */
const VERIFIED_MS = 10 * 60_000;
const VERIFIED_SIZE = 10_000;

/**
 * Client authentication at POST /o/token/.
 *
 * - An unknown client_id is checked against a dummy hash at the cost of a real one, and its failures
 *   count alike: neither the time nor the answer tells whether an id exists.
 * - Failures are throttled per client_id and per address, before any work: a throttled attempt asks
 *   neither the database nor scrypt. With Redis the count is shared by every API process.
 * - A secret that matched in the last minutes is remembered by a fast hash of the id and the secret,
 *   and passes without scrypt and without the throttle: a client keeps getting tokens while someone
 *   guesses at its id. It is remembered with the stored hash it matched, so a deleted client or a
 *   changed secret no longer passes.
 */
export class ClientCredentials {
  private readonly failures: FailureLedger | null;
  private readonly verified = new Map<string, { secretHash: string; until: number }>();

  /** `failures`: a ledger shared by the fleet (Redis); by default this process's own, of `failuresPerMinute`. */
  constructor(private readonly db: Db, failuresPerMinute: number, failures?: FailureLedger) {
    this.failures = failuresPerMinute > 0 ? failures ?? new MemoryFailureLedger(failuresPerMinute) : null;
  }

  async check(id: string, secret: string, address: string): Promise<CredentialCheck> {
    const rememberedAs = verifiedKey(id, secret);
    const remembered = this.verified.get(rememberedAs);
    if (remembered) {
      const { client, secretHash } = await findClientCredentials(this.db, id);
      if (client && remembered.until > Date.now() && secretHash === remembered.secretHash) return { client };
      this.verified.delete(rememberedAs);
    }
    const keys = [`client_id:${id}`, `address:${address}`];
    const { failures } = this;
    if (failures) {
      // Counted before the check, so that a burst of concurrent guesses cannot all pass before the first fails.
      const retryAfter = await failures.admit(keys);
      if (retryAfter) return { retryAfter };
    }
    const { client, secretHash } = await findClientCredentials(this.db, id);
    const matches = await verifySecret(secret, secretHash);
    if (!client || !matches) return { client: null };
    if (failures) await failures.forgive(keys);
    if (this.verified.size >= VERIFIED_SIZE) this.verified.clear();
    this.verified.set(rememberedAs, { secretHash, until: Date.now() + VERIFIED_MS });
    return { client };
  }
}

/** The id's length first, so that no other id and secret join to the same text. */
function verifiedKey(id: string, secret: string): string {
  return createHash('sha256').update(`${id.length}:${id}${secret}`).digest('base64');
}
