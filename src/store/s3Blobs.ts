import { createHash, randomUUID } from 'node:crypto';
import { finished, PassThrough, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { BlobBackend, BlobStream, DownloadHeaders } from './blobs.js';
import { parseS3Url } from './s3Url.js';

/** An S3-compatible bucket and how to reach it. */
export interface S3Options {
  /** `s3://bucket/prefix`: every key is stored under the prefix (which may be empty). */
  url: string;
  /** The server, e.g. `http://127.0.0.1:8080` for a Swift or MinIO; null for AWS at `region`. */
  endpoint: string | null;
  region: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: what most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Null: the SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Downloads at least this large are redirected to a presigned URL of the bucket; null: never. */
  presignedDownloadsMinBytes: number | null;
  /** Keys per listing page and per batch delete: 1000 (S3's most) unless a test wants many pages of few keys. */
  pageSize?: number;
}

/** How long a presigned download URL works. */
export const PRESIGNED_URL_SECONDS = 300;

/**
 * Parts of a streamed upload (a photo as it arrives), sent one at a time: S3 wants each part's length
 * before its bytes, so a part is gathered in memory first. 5 MiB is the least S3 takes, and one part
 * at a time holds no more than that per upload; a photo shorter than a part is sent in one PUT.
 */
const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
const UPLOAD_QUEUE = 1;

/**
 * Node's codes for a connection that broke while a body was on its way, which a code of the E… form
 * (ECONNRESET, EPIPE: "socket hang up" is an ECONNRESET) does not cover.
 */
const BROKEN_CONNECTION = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ERR_SOCKET_CLOSED', 'ERR_SOCKET_CONNECTION_TIMEOUT', 'ERR_HTTP2_STREAM_ERROR', 'ERR_HTTP2_SESSION_ERROR']);

/**
 * A failed request to the object store, told apart from a bug: `code` is `S3_` and the store's error
 * code (`S3_NoSuchBucket`, `S3_SlowDown`) or the network's (`S3_ECONNREFUSED`), `status` its HTTP
 * status when it answered, and `path` the object, so that storageFault can answer 503 or 507 and the
 * log names what failed.
 */
export class ObjectStoreError extends Error {
  constructor(message: string, readonly code: string, readonly path: string, readonly status: number | null, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ObjectStoreError';
  }
}

function isMissing(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');
}

/**
 * Blobs as objects of an S3-compatible bucket (AWS S3, Swift's s3api, MinIO, Ceph RGW, …). An object
 * is written whole or not at all, so there are no temporary files; a streamed upload that dies half-way
 * leaves an unfinished multipart upload, which `removeTemporaryFiles` aborts.
 */
export class S3BlobStore implements BlobBackend {
  readonly bucket: string;
  readonly prefix: string;
  readonly client: S3Client;

  constructor(readonly options: S3Options) {
    ({ bucket: this.bucket, prefix: this.prefix } = parseS3Url(options.url));
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 requires them: the newer default (CRC32 trailers in aws-chunked bodies)
      // is not understood by many S3-compatible servers, Swift's s3api among them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that does not answer fails the request in seconds (a 503), rather than holding it.
      requestHandler: { connectionTimeout: 5000, requestTimeout: 60_000, httpAgent: { keepAlive: true, maxSockets: 256 }, httpsAgent: { keepAlive: true, maxSockets: 256 } },
    });
    // DeleteObjects must carry a Content-MD5 for S3-compatible servers that do not know the SDK's CRC32 (Swift's s3api).
    this.client.middlewareStack.add(
      (next, context) => async (args) => {
        const request = args.request as { headers?: Record<string, string>; body?: unknown };
        if (context.commandName === 'DeleteObjectsCommand' && request.headers && (typeof request.body === 'string' || request.body instanceof Uint8Array)) {
          request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
        }
        return next(args);
      },
      { step: 'build', name: 'deleteObjectsContentMd5' },
    );
  }

  get location(): string {
    return `s3://${this.bucket}/${this.prefix}`;
  }

  close(): void {
    this.client.destroy();
  }

  /** The object key of a blob key; refuses keys that would leave the prefix or name nothing. */
  private objectKey(key: string): string {
    const segments = key.split('/');
    if (!key || key.startsWith('/') || key.includes('\0') || segments.some((s, i) => s === '.' || s === '..' || (s === '' && i < segments.length - 1))) {
      throw new Error(`blob key escapes the store: ${key}`);
    }
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  private where(objectKey: string): string {
    return `s3://${this.bucket}/${objectKey}`;
  }

  /** The error as a storage fault when the store or the network failed; anything else (a bug) as it is. */
  private fault(err: unknown, objectKey: string): unknown {
    if (err instanceof S3ServiceException) {
      const status = err.$metadata?.httpStatusCode ?? null;
      return new ObjectStoreError(`the object store answered ${err.name}${status ? ` (HTTP ${status})` : ''}: ${err.message} at ${this.where(objectKey)}`, `S3_${err.name}`, this.where(objectKey), status, { cause: err });
    }
    const code = (err as { code?: unknown } | null)?.code;
    const name = (err as { name?: unknown } | null)?.name;
    if (typeof code === 'string' && (/^E[A-Z]+$/.test(code) || BROKEN_CONNECTION.has(code))) {
      return new ObjectStoreError(`the object store cannot be reached (${code}) at ${this.where(objectKey)}`, `S3_${code}`, this.where(objectKey), null, { cause: err });
    }
    if (name === 'TimeoutError') {
      return new ObjectStoreError(`the object store did not answer in time at ${this.where(objectKey)}`, 'S3_TimeoutError', this.where(objectKey), null, { cause: err });
    }
    return err;
  }

  private async send<T>(objectKey: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      throw this.fault(err, objectKey);
    }
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const Key = this.objectKey(key);
    await this.send(Key, () => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: data, ContentLength: data.byteLength })));
  }

  async putStream(key: string, body: Readable): Promise<void> {
    const Key = this.objectKey(key);
    // What `body` fails with is the caller's (an upload whose client went away), not the store's: it is thrown as it is.
    let given: unknown = null;
    body.once('error', (err) => (given = err));
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key, Body: body }, partSize: UPLOAD_PART_BYTES, queueSize: UPLOAD_QUEUE, leavePartsOnError: false });
    try {
      await upload.done();
    } catch (err) {
      throw given ?? this.fault(err, Key);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const found = await this.getStream(key);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async getStream(key: string): Promise<BlobStream | null> {
    const Key = this.objectKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      return { body: this.faultsOf(answer.Body as Readable, Key), size: answer.ContentLength ?? null };
    } catch (err) {
      if (isMissing(err)) return null;
      throw this.fault(err, Key);
    }
  }

  /**
   * The body of an answer, failing with a storage fault when the connection breaks half-way (the store
   * restarted, a proxy cut it): a reader sees the same error as for a store it cannot reach.
   */
  private faultsOf(body: Readable, objectKey: string): Readable {
    const out = new PassThrough({ highWaterMark: body.readableHighWaterMark });
    // finished() also reports a body closed before its end with no error of its own (ERR_STREAM_PREMATURE_CLOSE).
    finished(body, (err) => void (err && out.destroy(this.fault(err, objectKey) as Error)));
    // A reader that stops early (a client gone) lets go of the connection too.
    out.on('close', () => body.destroy());
    body.pipe(out);
    return out;
  }

  /** The size of a blob, or null when there is none. */
  private async size(Key: string): Promise<number | null> {
    try {
      return (await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }))).ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw this.fault(err, Key);
    }
  }

  async has(key: string): Promise<boolean> {
    return (await this.size(this.objectKey(key))) !== null;
  }

  /** Every object key under `objectPrefix`, a listing page (at most 1000) at a time. */
  private async *list(objectPrefix: string): AsyncIterable<{ key: string; modifiedMs: number }[]> {
    let token: string | undefined;
    do {
      const page = await this.send(objectPrefix, () => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: objectPrefix, ContinuationToken: token, MaxKeys: this.options.pageSize })));
      yield (page.Contents ?? []).map((o) => ({ key: o.Key!, modifiedMs: o.LastModified?.getTime() ?? 0 }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** A key as a folder: `avatars/x` and `avatars/x/` both mean what is under `avatars/x/`, never `avatars/xy`. */
  private folderKey(prefix: string): string {
    const key = this.objectKey(prefix);
    return key.endsWith('/') ? key : `${key}/`;
  }

  /** As on disk, where a prefix names a file or a folder: `avatars/x/photo` is that blob, `avatars/x` that blob and the folder. */
  async removePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) {
      const Key = this.objectKey(prefix);
      await this.send(Key, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })));
    }
    const folder = this.folderKey(prefix);
    for await (const page of this.list(folder)) {
      if (!page.length) continue;
      const answer = await this.send(folder, () =>
        this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: page.map((o) => ({ Key: o.key })), Quiet: true } })),
      );
      const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) {
        const first = failed[0]!;
        throw new ObjectStoreError(`the object store did not remove ${failed.length} object(s) under ${this.where(folder)}: ${first.Code} ${first.Message ?? ''}`.trim(), `S3_${first.Code}`, this.where(first.Key ?? folder), 500);
      }
    }
  }

  async check(): Promise<void> {
    const probe = `.check-${randomUUID()}`;
    try {
      await this.put(probe, Buffer.from('likeness'));
      if ((await this.get(probe))?.toString() !== 'likeness') throw new Error(`the bucket ${this.location} did not read back what was written`);
    } finally {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(probe) })).catch(() => undefined);
    }
  }

  /** Aborts the multipart uploads under the prefix begun before `before`: streamed writes that never finished. */
  async removeTemporaryFiles(before: number): Promise<number> {
    const Prefix = this.prefix ? `${this.prefix}/` : undefined;
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadMarker: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix, KeyMarker: keyMarker, UploadIdMarker: uploadMarker, MaxUploads: this.options.pageSize }));
      } catch (err) {
        // A store without multipart uploads has none to abort.
        if (err instanceof S3ServiceException && err.name === 'NotImplemented') return removed;
        throw this.fault(err, Prefix ?? '');
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) >= before) continue;
        await this.send(upload.Key, () => this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId })));
        removed++;
      }
      [keyMarker, uploadMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
    } while (keyMarker);
    return removed;
  }

  async *files(prefix: string): AsyncIterable<string[]> {
    const folder = this.folderKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.send(folder, () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, Delimiter: '/', ContinuationToken: token, MaxKeys: this.options.pageSize })),
      );
      const names = (page.Contents ?? []).map((o) => o.Key!.slice(folder.length)).filter((name) => name !== '');
      if (names.length) yield names;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async *folders(prefix: string): AsyncIterable<string[]> {
    const folder = this.folderKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.send(folder, () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, Delimiter: '/', ContinuationToken: token, MaxKeys: this.options.pageSize })),
      );
      const names = (page.CommonPrefixes ?? []).map((p) => p.Prefix!.slice(folder.length).replace(/\/$/, '')).filter((name) => name !== '');
      if (names.length) yield names;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** The newest object under the folder: S3 has no folders, only keys that share a prefix. */
  async folderModified(prefix: string): Promise<number | null> {
    let newest: number | null = null;
    for await (const page of this.list(this.folderKey(prefix))) {
      for (const o of page) newest = Math.max(newest ?? 0, o.modifiedMs);
    }
    return newest;
  }

  async downloadUrl(key: string, headers: DownloadHeaders): Promise<string | null> {
    const min = this.options.presignedDownloadsMinBytes;
    if (min === null) return null;
    const Key = this.objectKey(key);
    const size = await this.size(Key);
    if (size === null || size < min) return null;
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key,
      ResponseContentType: headers.contentType,
      ResponseContentDisposition: `attachment; filename="${headers.filename}"`,
    });
    return this.send(Key, () => getSignedUrl(this.client, command, { expiresIn: PRESIGNED_URL_SECONDS }));
  }
}
