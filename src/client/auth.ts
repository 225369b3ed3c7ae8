import { AuthenticationError, errorFor, noAnswer } from './errors.js';

/** A token as /o/token/ answers it. */
interface TokenAnswer {
  access_token: string;
  expires_in: number;
}

export interface ClientCredentialsOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** `read`, `write` or `read write` (the default: both). */
  scope?: string;
  fetch: typeof fetch;
  /** Renew this long before the token runs out; by default a tenth of its lifetime, at most 60 s. */
  renewBeforeMs?: number;
}

/** `application/x-www-form-urlencoded` as RFC 6749 §2.3.1 wants each half of Basic credentials. */
const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

/** Base64 of UTF-8, with what both browsers and Node have. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Access tokens from the client credentials grant, renewed before they run out: a request never
 * starts with a token about to expire, and requests made together share one token request.
 */
export class ClientCredentials {
  #token: string | null = null;
  #renewAt = 0;
  #pending: Promise<string> | null = null;
  /** Token requests made so far (for logs and tests). */
  requests = 0;

  constructor(private readonly options: ClientCredentialsOptions) {}

  async token(): Promise<string> {
    if (this.#token && Date.now() < this.#renewAt) return this.#token;
    this.#pending ??= this.#request().finally(() => (this.#pending = null));
    return this.#pending;
  }

  /** Forget the token (the server refused it): the next `token()` asks for a new one. */
  invalidate(token: string): void {
    if (this.#token === token) this.#token = null;
  }

  async #request(): Promise<string> {
    const { baseUrl, clientId, clientSecret, scope } = this.options;
    const body = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
    // Throttled token requests (too many failures) are not retried: they come back only after a minute.
    this.requests++;
    const started = Date.now();
    const url = new URL('o/token/', baseUrl.replace(/\/?$/, '/'));
    const res = await this.options
      .fetch(url, {
        method: 'POST',
        headers: { Authorization: `Basic ${base64(`${formEncode(clientId)}:${formEncode(clientSecret)}`)}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      })
      .catch((err: unknown) => {
        throw noAnswer(url, err);
      });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the error.
    }
    if (!res.ok) {
      const error = errorFor(res.status, parsed);
      throw res.status === 401 || res.status === 400 ? new AuthenticationError(res.status, error.message, parsed) : error;
    }
    const answer = parsed as TokenAnswer;
    const lifetimeMs = answer.expires_in * 1000;
    const renewBefore = this.options.renewBeforeMs ?? Math.min(60_000, lifetimeMs / 10);
    this.#token = answer.access_token;
    // From when it was asked for: the server's clock started no later than that.
    this.#renewAt = started + lifetimeMs - renewBefore;
    return answer.access_token;
  }
}
