import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { scryptOffPool } from './scryptThread.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random string over [A-Za-z0-9], the shape OAuth toolkits use for ids, secrets and tokens. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    if (bytes[i] < 248) out += ALPHABET[bytes[i] % 62];
  }
  return out.length === length ? out : out + randomToken(length - out.length);
}

/** Client secrets are slow-hashed: they are long-lived and checked only when a token is issued. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptOffPool(secret, salt, 32);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * The hash of a secret nobody knows, with the cost of real ones: an unknown client_id is checked
 * against it, so that it takes as long as a known one with a wrong secret and answers the same.
 */
export const DUMMY_SECRET_HASH = 'scrypt$Uz8307waZRmIZvb+ir6lhg==$Y6Q98NpRDFnO4tUsSYD4sB85C3/mDjAKoDJjOh/+8Mg=';

/** Whether `secret` matches `stored`, compared in constant time. Every call costs one scrypt. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptOffPool(secret, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** Bearer tokens are random and short-lived, so a fast hash is enough and keeps every request cheap. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
