/**
 * likeness/client in Node: the same client, where a photo may also be a file path and downloads
 * stream to disk (unzipped on request) instead of into memory. Browsers get index.ts, which has no
 * Node-only import.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Unzip, UnzipInflate } from 'fflate';
import { fileNameOf, isZip, safeName } from './download.js';
import { Likeness as BrowserLikeness, type CreateAvatarInput } from './likeness.js';
import type { PhotoSource } from './photo.js';
import type { Avatar, Export, PipelineName } from './types.js';

export * from './index.js';

/** In Node a photo may also be a file path. */
export type NodeCreateAvatarInput<P extends PipelineName> = Omit<CreateAvatarInput<P>, 'photo'> & { photo: PhotoSource | string };

export class Likeness extends BrowserLikeness {
  override async createAvatar<P extends PipelineName>(input: NodeCreateAvatarInput<P>): Promise<Avatar> {
    if (typeof input.photo !== 'string') return super.createAvatar(input as CreateAvatarInput<P>);
    // A Blob backed by the file: read as it is sent, and again if the request is retried.
    const photo = await openAsBlob(input.photo);
    return super.createAvatar({ ...input, photo, fileName: input.fileName ?? basename(input.photo) } as CreateAvatarInput<P>);
  }

  /**
   * A file streamed to `dir` under its server name, or with `unzip` a zip's entries streamed into
   * `dir`. Answers the paths written. Nothing is half-written: each file is written beside its
   * place and renamed into it.
   */
  async downloadTo(url: string, dir: string, options: { unzip?: boolean; signal?: AbortSignal } = {}): Promise<string[]> {
    const res = await this.fetchFile(url, options);
    const name = fileNameOf(res, url);
    await mkdir(dir, { recursive: true });
    if (!res.body) throw new Error(`no body in the answer from ${url}`);
    if (options.unzip && isZip(res, name)) return unzipStream(res.body, dir);
    const target = join(dir, name);
    await writeStream(Readable.fromWeb(res.body as never), target);
    return [target];
  }

  /** Every file of a `Completed` export, and its static files beside them, written into `dir`. */
  async downloadExportTo(exp: Export, dir: string, options: { unzip?: boolean; signal?: AbortSignal } = {}): Promise<string[]> {
    const written: string[] = [];
    for (const file of exp.files ?? []) {
      if (file.file) written.push(...(await this.downloadTo(file.file, dir, options)));
      for (const s of file.static_files ?? []) if (s.file) written.push(...(await this.downloadTo(s.file, dir, { signal: options.signal })));
    }
    return written;
  }
}

async function writeStream(source: Readable, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.part`;
  try {
    await pipeline(source, createWriteStream(partial));
    await rename(partial, target);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/** A zip's entries written into `dir` as its bytes arrive, without holding the archive in memory. */
async function unzipStream(body: ReadableStream<Uint8Array>, dir: string): Promise<string[]> {
  const written: string[] = [];
  const writes: Promise<void>[] = [];
  let failure: unknown = null;
  const unzip = new Unzip((entry) => {
    if (entry.name.endsWith('/')) return;
    const target = join(dir, safeName(entry.name));
    written.push(target);
    const chunks = new Readable({ read() {} });
    entry.ondata = (err, chunk, final) => {
      if (err) {
        failure ??= err;
        chunks.destroy(err);
        return;
      }
      chunks.push(Buffer.from(chunk));
      if (final) chunks.push(null);
    };
    writes.push(writeStream(chunks, target).catch((err) => void (failure ??= err)));
    entry.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) unzip.push(chunk);
  unzip.push(new Uint8Array(0), true);
  await Promise.all(writes);
  if (failure) throw failure;
  return written;
}
