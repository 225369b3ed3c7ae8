import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

export const FIXTURES = join(process.cwd(), 'test', 'fixtures', 'photos');
export const photo = (name: string) => readFileSync(join(FIXTURES, name));

/** A small valid PNG, for tests that exercise the API rather than the analysis. */
export async function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 150, b: 120 } } }).png().toBuffer();
}

export interface Call {
  status: number;
  headers: Headers;
  body: any;
}

/** A client of the API as a game developer would write it: fetch, a bearer token, maybe a PlayerUID. */
export class Api {
  constructor(
    readonly base: string,
    readonly token?: string,
    readonly playerUid?: string,
  ) {}

  as(playerUid: string | undefined): Api {
    return new Api(this.base, this.token, playerUid);
  }

  async request(method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Call> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    if (this.playerUid) headers['X-PlayerUID'] = this.playerUid;
    const res = await fetch(path.startsWith('http') ? path : `${this.base}${path}`, { method, headers, body: init.body });
    const text = await res.text();
    let body: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
    return { status: res.status, headers: res.headers, body };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  delete(path: string) {
    return this.request('DELETE', path);
  }

  post(path: string, fields: Record<string, string | Blob> = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v as string | Blob);
    return this.request('POST', path, { body: form });
  }

  createAvatar(fields: { photo?: Buffer; [k: string]: string | Buffer | undefined }) {
    const out: Record<string, string | Blob> = {};
    for (const [k, v] of Object.entries(fields)) {
      if (v === undefined) continue;
      out[k] = Buffer.isBuffer(v) ? new Blob([new Uint8Array(v)]) : v;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(out)) {
      if (v instanceof Blob) form.append(k, v, k === 'photo' ? 'photo.jpg' : k);
      else form.append(k, v);
    }
    return this.request('POST', '/avatars/', { body: form });
  }

  /** Polls an avatar until `until` holds or the time runs out. */
  async waitFor(code: string, until: (avatar: any) => boolean, timeoutMs = 30_000): Promise<any> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const { status, body, headers } = await this.get(`/avatars/${code}/`);
      // Throttled: wait as told instead of spending the next minute's requests on 429s.
      if (status === 429) {
        await new Promise((r) => setTimeout(r, Math.max(200, Number(headers.get?.('retry-after') ?? 1) * 1000)));
        continue;
      }
      if (until(body) || Date.now() > end) return body;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * POST an export of `avatar` (its `exports` URL) with `parameters`, and wait until it is final:
   * the export as the API last answered, which must be Completed (anything else throws with its reason).
   */
  async exportAvatar(avatar: { exports: string }, parameters: unknown, timeoutMs = 120_000): Promise<any> {
    const res = await this.post(avatar.exports.replace(this.base, ''), { parameters: JSON.stringify(parameters) });
    if (res.status !== 201) throw new Error(`export refused: ${res.status} ${JSON.stringify(res.body)}`);
    const end = Date.now() + timeoutMs;
    for (;;) {
      const got = (await this.get(res.body.url.replace(this.base, ''))).body;
      if (['Completed', 'Failed', 'Timed Out'].includes(got.status)) {
        if (got.status !== 'Completed') throw new Error(`export ${got.status}: ${got.failure_reason}`);
        return got;
      }
      if (Date.now() > end) throw new Error('export did not finish');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
