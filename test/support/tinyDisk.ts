import { execFile } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/**
 * A tmpfs of `size` (e.g. "2m") mounted on `dir`: a real small disk, to fill up or make read-only.
 * False when mounting is refused (not root, or in a container without the capability).
 */
export async function mountTinyDisk(dir: string, size: string): Promise<boolean> {
  await mkdir(dir, { recursive: true });
  try {
    await exec('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
    return true;
  } catch (err) {
    console.log(`# mounting a tmpfs on ${dir} was refused (${(err as Error).message.trim()}); the tests on a real small disk are skipped, the same logic is tested with an injected failing store`);
    return false;
  }
}

export async function unmount(dir: string): Promise<void> {
  await exec('umount', [dir]).catch(() => undefined);
}

export async function remountReadOnly(dir: string, readOnly: boolean): Promise<void> {
  await exec('mount', ['-o', `remount,${readOnly ? 'ro' : 'rw'}`, dir]);
}

/** Fills the disk until a write fails: what is written of `name` stays, so the disk is full. */
export async function fill(dir: string, name = 'filler'): Promise<void> {
  try {
    await writeFile(join(dir, name), Buffer.alloc(64 * 1024 * 1024, 1));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
    return;
  }
  throw new Error(`${dir} took 64 MiB: it is not a small disk`);
}

/** Every file and folder under `dir`, as relative paths. */
export async function contents(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.map((e) => relative(dir, join(e.parentPath, e.name))).sort();
}
