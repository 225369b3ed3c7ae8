import type { ClientCredentials } from './auth.js';
import { errorFor, noAnswer } from './errors.js';
import { RETRY_DEFAULTS, retryDelay, sleep, type RetryOptions } from './retry.js';

/** Where requests go and how they are authorised: one per `Likeness`, shared by its player views. */
export interface Connection {
  baseUrl: string;
  fetch: typeof fetch;
  credentials: ClientCredentials | null;
  accessToken: string | null;
  retry: Required<RetryOptions>;
  /** Called before each wait for a retry, e.g. to log it. */
  onRetry?: (info: RetryInfo) => void;
}

export interface RetryInfo {
  method: string;
  url: string;
  status: number;
  attempt: number;
  waitMs: number;
}

export interface RequestOptions {
  method?: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Made again for every try, since a body can be read only once. */
  body?: () => BodyInit;
  headers?: Record<string, string>;
  playerUid?: string | null;
  signal?: AbortSignal;
}

/** An absolute URL: a path is taken from the base URL, a link the server gave is used as it is. */
export function urlOf(connection: Connection, pathOrUrl: string, query: RequestOptions['query'] = {}): URL {
  const url = /^https?:\/\//.test(pathOrUrl) ? new URL(pathOrUrl) : new URL(pathOrUrl.replace(/^\//, ''), connection.baseUrl.replace(/\/?$/, '/'));
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  return url;
}

/**
 * One request with the token, `X-PlayerUID`, and the retries: 429 after `Retry-After`, 502/503/504
 * with backoff, a refused token once with a new one. Answers the response when it is 2xx (or 304),
 * throws the typed error otherwise.
 */
export async function send(connection: Connection, pathOrUrl: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  const url = urlOf(connection, pathOrUrl, options.query);
  let renewed = false;
  for (let attempt = 0; ; attempt++) {
    const token = connection.credentials ? await connection.credentials.token() : connection.accessToken;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.playerUid) headers['X-PlayerUID'] = options.playerUid;
    let res: Response;
    try {
      res = await connection.fetch(url, { method, headers, body: options.body?.(), signal: options.signal });
    } catch (err) {
      if (options.signal?.aborted) throw err;
      throw noAnswer(url, err);
    }
    if (res.ok || res.status === 304) return res;
    if (res.status === 401 && connection.credentials && token && !renewed) {
      // Revoked or expired early (a server restart with another clock): one new token, once.
      connection.credentials.invalidate(token);
      renewed = true;
      await res.body?.cancel();
      continue;
    }
    const wait = retryDelay(res.status, method, res.headers.get('retry-after'), attempt, connection.retry);
    if (wait === null) throw errorFor(res.status, await readBody(res));
    await res.body?.cancel();
    connection.onRetry?.({ method, url: url.toString(), status: res.status, attempt: attempt + 1, waitMs: wait });
    await sleep(wait, options.signal);
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function sendJson<T>(connection: Connection, pathOrUrl: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(connection, pathOrUrl, options);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** The `rel="next"` target of a `Link` header, or null. */
export function nextLink(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (match && match[2].split(/\s+/).includes('next')) return match[1];
  }
  return null;
}

/** Every item of a paginated list, page after page as `Link` says, fetched only as they are read. */
export async function* paginate<T>(connection: Connection, path: string, options: RequestOptions = {}): AsyncGenerator<T, void, undefined> {
  let next: string | null = urlOf(connection, path, options.query).toString();
  while (next) {
    const res = await send(connection, next, { ...options, query: undefined });
    const page = (await res.json()) as T[];
    yield* page;
    next = nextLink(res.headers.get('link'));
  }
}

export const defaultRetry = (options: RetryOptions = {}): Required<RetryOptions> => ({ ...RETRY_DEFAULTS, ...options });
