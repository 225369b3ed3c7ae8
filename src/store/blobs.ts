import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rm, writeFile, rename, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored blob being read: its bytes as they come, and how many there are. */
export interface BlobStream {
  body: Readable;
  /** Null when the store did not say (an S3-compatible server answering in chunks). */
  size: number | null;
}

/** How a download may be answered with a redirect instead of the bytes (see `BlobStore.downloadUrl`). */
export interface DownloadHeaders {
  contentType: string;
  /** The file name the client saves it as. */
  filename: string;
}

/** Where avatar files live. Keys are relative paths such as `avatars/<code>/photo`. */
export interface BlobStore {
  put(key: string, data: Uint8Array): Promise<void>;
  /** Stores what `body` gives as it comes, never holding it whole; nothing is stored if it fails. */
  putStream(key: string, body: Readable): Promise<void>;
  /** The bytes, or null when there is no such blob. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream with their length, or null when there is no such blob. The caller must consume or destroy the stream. */
  getStream(key: string): Promise<BlobStream | null>;
  has(key: string): Promise<boolean>;
  /** Removes every blob whose key starts with `prefix`. */
  removePrefix(prefix: string): Promise<void>;
  /**
   * A short-lived URL the client may download the blob from directly, when the store offers one and
   * the blob is large enough to be worth it; null to send the bytes (or when there is no such blob).
   */
  downloadUrl?(key: string, headers: DownloadHeaders): Promise<string | null>;
  /**
   * The names of the blobs directly under the folder `prefix` (not in folders below it, no temporary
   * files), in no promised order, a page at a time: GET /static_files/ lists `static/` with it. Both
   * stores have it; a wrapper that lacks it makes that list answer 501.
   */
  files?(prefix: string): AsyncIterable<string[]>;
}

/**
 * The store a server runs on, with what it does at start: check that it takes a blob, and remove what
 * failed writes left behind.
 */
export interface BlobBackend extends BlobStore {
  /** Where the blobs are, for messages: a directory, or `s3://bucket/prefix`. */
  readonly location: string;
  /** Writes, reads back and removes a blob: whether blobs can be stored at all. */
  check(): Promise<void>;
  /** Removes the parts of writes that a crash or a failure left behind, begun before `before` (ms since the epoch). */
  removeTemporaryFiles(before: number): Promise<number>;
  /** The names of the folders directly under `prefix` (e.g. every avatar's under `avatars/`), a page at a time. */
  folders(prefix: string): AsyncIterable<string[]>;
  /** When anything under the folder `prefix` last changed (ms since the epoch), or null when it holds nothing. */
  folderModified(prefix: string): Promise<number | null>;
  /** Lets go of connections kept open to the store. */
  close(): void;
}

/** The temporary file a write goes through before its rename: `.<uuid>.tmp` beside the blob. */
const TEMPORARY = /^\.[0-9a-f-]{36}\.tmp$/;

/**
 * `mkdir -p` that fails with the true reason: Node's recursive mkdir reports ENOENT when the file
 * system is read-only. Made again one level at a time, the level that fails says why (EROFS).
 */
async function makeFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const missing: string[] = [];
  for (let level = dir; !(await stat(level).then(() => true, () => false)); level = dirname(level)) {
    missing.unshift(level);
    if (dirname(level) === level) break;
  }
  for (const level of missing) {
    await mkdir(level).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  }
}

/** Blobs as files under a root directory. Writes go through a temporary file and a rename,
 * so a crash never leaves a half-written blob behind. */
export class FsBlobStore implements BlobBackend {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  get location(): string {
    return this.root;
  }

  close(): void {}

  private path(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`blob key escapes the store: ${key}`);
    return path;
  }

  put(key: string, data: Uint8Array): Promise<void> {
    return this.write(key, (tmp) => writeFile(tmp, data));
  }

  putStream(key: string, body: Readable): Promise<void> {
    return this.write(key, (tmp) => pipeline(body, createWriteStream(tmp)));
  }

  private async write(key: string, writeTo: (tmp: string) => Promise<void>): Promise<void> {
    const path = this.path(key);
    await makeFolder(dirname(path));
    const tmp = join(dirname(path), `.${randomUUID()}.tmp`);
    try {
      await writeTo(tmp);
      await rename(tmp, path);
    } catch (err) {
      // A full disk leaves the part written so far; it must not hold space after the write failed.
      await rm(tmp, { force: true }).catch(() => undefined);
      // A failed write() names no file; the operator reading the log needs to know which one.
      if (err instanceof Error && !(err as NodeJS.ErrnoException).path) (err as NodeJS.ErrnoException).path = path;
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async getStream(key: string): Promise<BlobStream | null> {
    let file;
    try {
      file = await open(this.path(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    // Opened first, then measured: a blob replaced meanwhile is read whole, old or new, never mixed.
    try {
      const { size } = await file.stat();
      // 1 MiB reads rather than 64 KiB: a large download goes at the disk's pace, for 1 MiB held per download.
      return { body: file.createReadStream({ highWaterMark: 1024 * 1024 }), size };
    } catch (err) {
      await file.close();
      throw err;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix), { recursive: true, force: true });
  }

  /** Creates the root if needed and writes, reads back and removes a file. */
  async check(): Promise<void> {
    await makeFolder(this.root);
    const probe = join(this.root, `.${randomUUID()}.tmp`);
    try {
      await writeFile(probe, 'likeness');
      if ((await readFile(probe, 'utf8')) !== 'likeness') throw new Error(`the blob store at ${this.root} did not read back what was written`);
    } finally {
      await rm(probe, { force: true }).catch(() => undefined);
    }
  }

  /** Removes the temporary files of writes that a crash or a failure left behind, last changed before `before`. */
  async removeTemporaryFiles(before: number): Promise<number> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile() || !TEMPORARY.test(entry.name)) continue;
      const path = join(entry.parentPath, entry.name);
      const stats = await stat(path).catch(() => null);
      if (!stats || stats.mtimeMs >= before) continue;
      await rm(path, { force: true });
      removed++;
    }
    return removed;
  }

  async *files(prefix: string): AsyncIterable<string[]> {
    let entries;
    try {
      entries = await readdir(this.path(prefix), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    const names = entries.filter((e) => e.isFile() && !TEMPORARY.test(e.name)).map((e) => e.name);
    for (let i = 0; i < names.length; i += 1000) yield names.slice(i, i + 1000);
  }

  async *folders(prefix: string): AsyncIterable<string[]> {
    let entries;
    try {
      entries = await readdir(this.path(prefix), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    const names = entries.filter((e) => e.isDirectory()).map((e) => e.name);
    for (let i = 0; i < names.length; i += 1000) yield names.slice(i, i + 1000);
  }

  /** The folder's own modified time: it changes whenever a file is added to it or removed. */
  async folderModified(prefix: string): Promise<number | null> {
    const stats = await stat(this.path(prefix)).catch(() => null);
    return stats?.isDirectory() ? stats.mtimeMs : null;
  }
}
