import { ClientCredentials } from './auth.js';
import { fileNameOf, isZip, unzipBlob, type DownloadedFile } from './download.js';
import { defaultRetry, paginate, send, sendJson, type Connection, type RetryInfo } from './http.js';
import { photoBlob, type PhotoSource } from './photo.js';
import type { RetryOptions } from './retry.js';
import type {
  Avatar,
  AvatarFilter,
  ComputationParameters,
  Export,
  ExportParameters,
  ExportPipelineName,
  ParameterListing,
  PipelineName,
  Player,
} from './types.js';
import { waitFor, type WaitOptions } from './wait.js';

export interface LikenessOptions {
  /** The server, e.g. `http://127.0.0.1:8080` (a path prefix is kept: `https://example.com/api`). */
  baseUrl: string;
  /** Client credentials: tokens are asked for and renewed before they expire. */
  clientId?: string;
  clientSecret?: string;
  /** `read`, `write` or `read write` (default) for tokens from client credentials. */
  scope?: string;
  /** Or a token obtained elsewhere (it is not renewed). */
  accessToken?: string;
  /** Client access: every request carries `X-PlayerUID` and sees only this player's avatars. */
  playerUid?: string;
  retry?: RetryOptions;
  /** Called before each retry of a throttled or unavailable answer. */
  onRetry?: (info: RetryInfo) => void;
  /** Renew tokens this long before they expire (default: a tenth of their lifetime, at most 60 s). */
  renewBeforeMs?: number;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
}

/** What `createAvatar` takes; `P` makes `parameters` and `exportParameters` exact for the pipeline. */
export interface CreateAvatarInput<P extends PipelineName> {
  photo: PhotoSource;
  pipeline: P;
  /** Default: the pipeline's first subtype. */
  pipelineSubtype?: string;
  name: string;
  description?: string;
  parameters?: ComputationParameters<P>;
  exportParameters?: P extends ExportPipelineName ? ExportParameters<P> : never;
  /** The photo's file name in the upload. */
  fileName?: string;
  signal?: AbortSignal;
}

export interface CreateExportOptions {
  comment?: string;
  signal?: AbortSignal;
}

const path = (s: string) => encodeURIComponent(s);

/**
 * The Likeness API from code, in Node 20+ and in browsers.
 *
 * ```js
 * const likeness = new Likeness({ baseUrl: 'http://127.0.0.1:8080', clientId, clientSecret });
 * const avatar = await likeness.createAvatar({ photo, pipeline: 'head_1.2', pipelineSubtype: 'base/static', name: 'me' });
 * const done = await likeness.waitForAvatar(avatar.code, { onProgress: (p) => console.log(p) });
 * ```
 */
export class Likeness {
  protected readonly connection: Connection;
  /** The player of client access, or null in developer access. */
  readonly playerUid: string | null;

  constructor(options: LikenessOptions, connection?: Connection) {
    this.playerUid = options.playerUid ?? null;
    if (connection) {
      this.connection = connection;
      return;
    }
    const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
    const hasCredentials = options.clientId !== undefined && options.clientSecret !== undefined;
    if (!hasCredentials && options.accessToken === undefined) throw new TypeError('Likeness: give clientId and clientSecret, or an accessToken');
    this.connection = {
      baseUrl: options.baseUrl,
      fetch: fetchFn,
      credentials: hasCredentials
        ? new ClientCredentials({ baseUrl: options.baseUrl, clientId: options.clientId!, clientSecret: options.clientSecret!, scope: options.scope, fetch: fetchFn, renewBeforeMs: options.renewBeforeMs })
        : null,
      accessToken: options.accessToken ?? null,
      retry: defaultRetry(options.retry),
      onRetry: options.onRetry,
    };
  }

  /** The same connection in client access as this player (or in developer access with null). */
  asPlayer(playerUid: string | null): this {
    const Self = this.constructor as new (options: LikenessOptions, connection: Connection) => this;
    return new Self({ baseUrl: this.connection.baseUrl, playerUid: playerUid ?? undefined }, this.connection);
  }

  /** Token requests made so far with the client credentials. */
  get tokenRequests(): number {
    return this.connection.credentials?.requests ?? 0;
  }

  protected json<T>(pathOrUrl: string, options: Parameters<typeof send>[2] = {}): Promise<T> {
    return sendJson<T>(this.connection, pathOrUrl, { playerUid: this.playerUid, ...options });
  }

  // Avatars

  async createAvatar<P extends PipelineName>(input: CreateAvatarInput<P>): Promise<Avatar> {
    const photo = await photoBlob(input.photo);
    const fields: Record<string, string> = { pipeline: input.pipeline, name: input.name };
    if (input.pipelineSubtype !== undefined) fields.pipeline_subtype = input.pipelineSubtype;
    if (input.description !== undefined) fields.description = input.description;
    if (input.parameters !== undefined) fields.parameters = JSON.stringify(input.parameters);
    if (input.exportParameters !== undefined) fields.export_parameters = JSON.stringify(input.exportParameters);
    const body = () => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      form.append('photo', photo, input.fileName ?? 'photo');
      return form;
    };
    return this.json<Avatar>('/avatars/', { method: 'POST', body, signal: input.signal });
  }

  getAvatar(code: string, options: { signal?: AbortSignal } = {}): Promise<Avatar> {
    return this.json<Avatar>(`/avatars/${path(code)}/`, options);
  }

  async deleteAvatar(code: string): Promise<void> {
    await this.json<void>(`/avatars/${path(code)}/`, { method: 'DELETE' });
  }

  /** Every avatar (of this player in client access), newest first, page after page. */
  avatars(filter: AvatarFilter = {}): AsyncGenerator<Avatar, void, undefined> {
    return paginate<Avatar>(this.connection, '/avatars/', { playerUid: this.playerUid, query: filter as Record<string, string> });
  }

  /** Resolves with the `Completed` avatar, or rejects with a JobFailedError carrying its `failure_reason`. */
  waitForAvatar(code: string, options: WaitOptions<Avatar> = {}): Promise<Avatar> {
    return waitFor(() => this.getAvatar(code, { signal: options.signal }), options);
  }

  // Exports

  /** `P` pins the pipeline's export parameters; by default any export pipeline's are accepted, and a key none of them has is still an error. */
  createExport<P extends ExportPipelineName = ExportPipelineName>(avatarCode: string, parameters: ExportParameters<P> = {} as ExportParameters<P>, options: CreateExportOptions = {}): Promise<Export> {
    const body = JSON.stringify({ parameters, ...(options.comment !== undefined ? { comment: options.comment } : {}) });
    return this.json<Export>(`/avatars/${path(avatarCode)}/exports/`, { method: 'POST', body: () => body, headers: { 'Content-Type': 'application/json' }, signal: options.signal });
  }

  getExport(avatarCode: string, exportCode: string, options: { signal?: AbortSignal } = {}): Promise<Export> {
    return this.json<Export>(`/avatars/${path(avatarCode)}/exports/${path(exportCode)}/`, options);
  }

  exports(avatarCode: string): AsyncGenerator<Export, void, undefined> {
    return paginate<Export>(this.connection, `/avatars/${path(avatarCode)}/exports/`, { playerUid: this.playerUid });
  }

  /** Resolves with the `Completed` export (its `files` ready to download), or rejects with its `failure_reason`. */
  waitForExport(avatarCode: string, exportCode: string, options: WaitOptions<Export> = {}): Promise<Export> {
    return waitFor(() => this.getExport(avatarCode, exportCode, { signal: options.signal }), options);
  }

  // Players (developer access registers them; client access then uses their code as PlayerUID)

  createPlayer(options: { comment?: string } = {}): Promise<Player> {
    const body = JSON.stringify(options.comment !== undefined ? { comment: options.comment } : {});
    return this.json<Player>('/players/', { method: 'POST', body: () => body, headers: { 'Content-Type': 'application/json' } });
  }

  getPlayer(code: string): Promise<Player> {
    return this.json<Player>(`/players/${path(code)}/`);
  }

  async deletePlayer(code: string): Promise<void> {
    await this.json<void>(`/players/${path(code)}/`, { method: 'DELETE' });
  }

  players(): AsyncGenerator<Player, void, undefined> {
    return paginate<Player>(this.connection, '/players/', { playerUid: this.playerUid });
  }

  // The catalogue

  /** What this client's plan may send to a pipeline (`which: 'available'`), or what applies when nothing is sent. */
  parameters(pipeline: PipelineName, options: { subtype?: string; which?: 'available' | 'default' } = {}): Promise<ParameterListing> {
    return this.json(`/parameters/${options.which ?? 'available'}/${path(pipeline)}/`, { query: { pipeline_subtype: options.subtype } });
  }

  exportParameters(pipeline: ExportPipelineName, options: { subtype?: string; which?: 'available' | 'default' } = {}): Promise<ParameterListing> {
    return this.json(`/export_parameters/${options.which ?? 'available'}/${path(pipeline)}/`, { query: { pipeline_subtype: options.subtype } });
  }

  // Downloads

  /** Any file the API links to (an export's `files[].file`, a mesh, a preview), authorised, as a Response to stream. */
  fetchFile(url: string, options: { signal?: AbortSignal } = {}): Promise<Response> {
    return send(this.connection, url, { playerUid: this.playerUid, headers: { Accept: '*/*' }, signal: options.signal });
  }

  /** A file as a Blob. */
  async download(url: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
    return (await this.fetchFile(url, options)).blob();
  }

  /** A file as named files: the entries of a zip with `unzip`, otherwise the one file under its server name. */
  async downloadFiles(url: string, options: { unzip?: boolean; signal?: AbortSignal } = {}): Promise<DownloadedFile[]> {
    const res = await this.fetchFile(url, options);
    const name = fileNameOf(res, url);
    const blob = await res.blob();
    return options.unzip && isZip(res, name) ? unzipBlob(blob) : [{ name, blob }];
  }

  /** Every file of a `Completed` export and its static files, in memory. */
  async downloadExport(exp: Export, options: { unzip?: boolean; signal?: AbortSignal } = {}): Promise<DownloadedFile[]> {
    const out: DownloadedFile[] = [];
    for (const file of exp.files ?? []) {
      if (file.file) out.push(...(await this.downloadFiles(file.file, options)));
      for (const s of file.static_files ?? []) if (s.file) out.push(...(await this.downloadFiles(s.file, { signal: options.signal })));
    }
    return out;
  }
}
