import { mkdir, readFile, readdir, rm, writeFile, rename, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';

/** Where avatar files live. Keys are relative paths such as `avatars/<code>/photo`. */
export interface BlobStore {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The bytes, or null when there is no such blob. */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /** Removes every blob whose key starts with `prefix`. */
  removePrefix(prefix: string): Promise<void>;
}

/** A folder directly under a prefix, with when it last changed. */
export interface BlobFolder {
  name: string;
  modifiedMs: number;
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
export class FsBlobStore implements BlobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`blob key escapes the store: ${key}`);
    return path;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const path = this.path(key);
    await makeFolder(dirname(path));
    const tmp = join(dirname(path), `.${randomUUID()}.tmp`);
    try {
      await writeFile(tmp, data);
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

  /** Creates the root if needed and writes, reads back and removes a file: whether blobs can be stored at all. */
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

  /** Removes the temporary files of writes that a crash or a failure left behind, last changed before `before` (ms since the epoch). */
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

  /** The folders directly under `prefix` (e.g. every avatar's under `avatars/`). */
  async folders(prefix: string): Promise<BlobFolder[]> {
    const dir = this.path(prefix);
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const folders: BlobFolder[] = [];
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const stats = await stat(join(dir, entry.name)).catch(() => null);
      if (stats) folders.push({ name: entry.name, modifiedMs: stats.mtimeMs });
    }
    return folders;
  }
}
