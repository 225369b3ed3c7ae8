import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { BlobStorage } from '../store/openBlobStore.js';
import { parseS3Url } from '../store/s3Url.js';
import { DEFAULT_MAX_PHOTO_PIXELS } from '../pipelines/photo.js';

/** Everything a Likeness server can be told. Each field has an environment variable and a CLI flag. */
export interface Config {
  /** LIKENESS_DATA_DIR, --data-dir: where the SQLite file and the blobs live. Default `./data`. */
  dataDir: string;
  /** LIKENESS_DATABASE_URL: `postgres://…` selects PostgreSQL. Default: `<dataDir>/likeness.sqlite`. */
  databaseUrl: string;
  /** LIKENESS_PUBLIC_URL: base of every absolute URL in responses. Default: taken from each request's Host. */
  publicUrl: string | null;
  /** HOST, --host. Default 127.0.0.1. */
  host: string;
  /** PORT, --port. Default 8080. */
  port: number;
  /** LIKENESS_WORKERS, --workers: computation threads. Default: cores − 1, at least 1.
   * 0 makes an API-only server that leaves computation to other servers on the same database. */
  workers: number;
  /** LIKENESS_WARM_UP: each computation thread builds every head template and level of detail when it
   * starts, so that no avatar pays for them (default). Off, it builds each on first use: a thread is
   * ready some 5 s of CPU sooner, for short-lived workers that mostly serve one pipeline. */
  warmUp: boolean;
  /** LIKENESS_THROTTLE_PER_MINUTE: requests per minute per client in developer access. Default 600. */
  throttlePerMinute: number;
  /** LIKENESS_PLAYER_THROTTLE_PER_MINUTE: requests per minute per player in client access. Default 300. */
  playerThrottlePerMinute: number;
  /**
   * LIKENESS_THROTTLE_WINDOW_S: the window the throttle counts requests over, in seconds, 1–60.
   * Default 60. A shorter one spreads a minute's budget over it (at least one request per window):
   * bursts are smaller and a throttled client waits at most the window.
   */
  throttleWindowS: number;
  /**
   * LIKENESS_AUTH_FAILURES_PER_MINUTE: failed client authentications at POST /o/token/ allowed per
   * client_id and per address in a minute; past it that client_id or address answers 429 until the
   * minute ends. Default 10; 0 turns the limit off.
   */
  authFailuresPerMinute: number;
  /** LIKENESS_MAX_PHOTO_BYTES. Default 16 MiB. */
  maxPhotoBytes: number;
  /** LIKENESS_MAX_PHOTO_PIXELS: width × height. Default 40 megapixels. */
  maxPhotoPixels: number;
  /** LIKENESS_COMPUTE_TIMEOUT_S: an avatar computing longer ends `Timed Out`. Default 120. */
  computeTimeoutSeconds: number;
  /**
   * LIKENESS_BLENDSHAPES_WAIT_S: how long GET /avatars/{code}/blendshapes/ waits for a download that
   * a worker is still making before it answers 503 with Retry-After. Default 60.
   */
  blendshapesWaitSeconds: number;
  /**
   * LIKENESS_OUTFITS_WAIT_S: how long a GET of an avatar's outfit file waits for the outfit's files,
   * which a worker makes on the first request, before it answers 503 with Retry-After. Default 30.
   */
  outfitsWaitSeconds: number;
  /** LIKENESS_TOKEN_TTL_S: lifetime of access tokens (`expires_in`). Default 36000. */
  tokenTtlSeconds: number;
  /** LIKENESS_TRUST_PROXY: believe X-Forwarded-Proto/Host/For from a reverse proxy. Default false. */
  trustProxy: boolean;
  /** LIKENESS_LOG_LEVEL: pino level. Default `info`. */
  logLevel: string;
  /**
   * LIKENESS_REDIS_URL: `redis://…`. With it, avatar and export jobs go through BullMQ and throttling is
   * shared by every API process; without it, the embedded queue in the database and per-process throttling.
   */
  redisUrl: string | null;
  /** LIKENESS_REDIS_PREFIX: prefix of every Redis key, so that several deployments share one Redis. Default `likeness`. */
  redisPrefix: string;
  /** LIKENESS_METRICS: `0` turns `/metrics` off (404). Default on. */
  metrics: boolean;
  /** LIKENESS_METRICS_PORT, --metrics-port: `likeness worker` only: a listener for /healthz, /readyz and /metrics. Default none. */
  metricsPort: number | null;
  /** LIKENESS_DRAIN_S: on SIGTERM, how long requests and jobs in flight may take to finish before jobs are handed back. Default 25. */
  drainSeconds: number;
  /** LIKENESS_JOB_LEASE_S: a running job whose process stops renewing it for this long is run again elsewhere. Default 30. */
  jobLeaseSeconds: number;
  /**
   * LIKENESS_STORAGE_URL: `s3://bucket/prefix` keeps the blobs in an S3-compatible bucket, reached
   * through LIKENESS_S3_ENDPOINT, LIKENESS_S3_REGION, LIKENESS_S3_FORCE_PATH_STYLE and
   * LIKENESS_S3_ACCESS_KEY_ID / LIKENESS_S3_SECRET_ACCESS_KEY (or the AWS SDK's own variables).
   * Default: files under `<dataDir>/blobs`.
   */
  storage: BlobStorage;
  /**
   * LIKENESS_CREATOR_FRAME_ANCESTORS: the `Content-Security-Policy: frame-ancestors` of the creator's
   * pages, the origins allowed to embed them in a frame (CSP source list). Default `*`.
   */
  creatorFrameAncestors: string;
}

export type ConfigFlags = Partial<Record<'data-dir' | 'host' | 'port' | 'workers' | 'database-url' | 'public-url' | 'metrics-port', string>>;

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function throttleWindow(value: string | undefined): number {
  const n = int(value, 60, 'LIKENESS_THROTTLE_WINDOW_S');
  if (n < 1 || n > 60) throw new Error(`LIKENESS_THROTTLE_WINDOW_S must be 1 to 60 seconds, got "${value}"`);
  return n;
}

function seconds(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number of seconds, got "${value}"`);
  return n;
}

function flag(value: string | undefined, name: string): boolean {
  const v = (value ?? '').toLowerCase();
  if (['', '0', 'false', 'no'].includes(v)) return false;
  if (['1', 'true', 'yes'].includes(v)) return true;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

/** A CSP source list goes into a header as it is: a newline, semicolon or comma would start another directive or header. */
function frameAncestors(value: string | undefined): string {
  const v = (value ?? '').trim();
  if (v === '') return '*';
  if (/[;,\r\n]/.test(v)) throw new Error(`LIKENESS_CREATOR_FRAME_ANCESTORS must be a CSP source list such as "'self' https://game.example", got "${value}"`);
  return v;
}

/** The blob store the environment names: an S3-compatible bucket, or the data dir's `blobs` folder. */
function blobStorage(dataDir: string, env: NodeJS.ProcessEnv): BlobStorage {
  const url = env.LIKENESS_STORAGE_URL;
  if (!url) return { kind: 'fs', root: join(dataDir, 'blobs') };
  if (!url.startsWith('s3://')) throw new Error(`LIKENESS_STORAGE_URL must be an s3://bucket/prefix URL, got "${url}"`);
  parseS3Url(url);
  const accessKeyId = env.LIKENESS_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.LIKENESS_S3_SECRET_ACCESS_KEY;
  if (!accessKeyId !== !secretAccessKey) throw new Error('LIKENESS_S3_ACCESS_KEY_ID and LIKENESS_S3_SECRET_ACCESS_KEY go together');
  return {
    kind: 's3',
    url,
    endpoint: env.LIKENESS_S3_ENDPOINT || null,
    region: env.LIKENESS_S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: flag(env.LIKENESS_S3_FORCE_PATH_STYLE, 'LIKENESS_S3_FORCE_PATH_STYLE'),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    presignedDownloadsMinBytes: flag(env.LIKENESS_S3_PRESIGNED_DOWNLOADS, 'LIKENESS_S3_PRESIGNED_DOWNLOADS')
      ? int(env.LIKENESS_S3_PRESIGNED_MIN_BYTES, 1024 * 1024, 'LIKENESS_S3_PRESIGNED_MIN_BYTES')
      : null,
  };
}

/** Flags win over environment variables, which win over defaults. */
export function loadConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(flags['data-dir'] ?? env.LIKENESS_DATA_DIR ?? './data');
  const publicUrl = flags['public-url'] ?? env.LIKENESS_PUBLIC_URL ?? null;
  return {
    dataDir,
    databaseUrl: flags['database-url'] ?? env.LIKENESS_DATABASE_URL ?? join(dataDir, 'likeness.sqlite'),
    publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : null,
    host: flags.host ?? env.HOST ?? '127.0.0.1',
    port: int(flags.port ?? env.PORT, 8080, 'PORT'),
    workers: int(flags.workers ?? env.LIKENESS_WORKERS, Math.max(1, availableParallelism() - 1), 'LIKENESS_WORKERS'),
    warmUp: env.LIKENESS_WARM_UP === undefined || env.LIKENESS_WARM_UP === '' ? true : flag(env.LIKENESS_WARM_UP, 'LIKENESS_WARM_UP'),
    throttlePerMinute: int(env.LIKENESS_THROTTLE_PER_MINUTE, 600, 'LIKENESS_THROTTLE_PER_MINUTE'),
    playerThrottlePerMinute: int(env.LIKENESS_PLAYER_THROTTLE_PER_MINUTE, 300, 'LIKENESS_PLAYER_THROTTLE_PER_MINUTE'),
    throttleWindowS: throttleWindow(env.LIKENESS_THROTTLE_WINDOW_S),
    authFailuresPerMinute: int(env.LIKENESS_AUTH_FAILURES_PER_MINUTE, 10, 'LIKENESS_AUTH_FAILURES_PER_MINUTE'),
    maxPhotoBytes: int(env.LIKENESS_MAX_PHOTO_BYTES, 16 * 1024 * 1024, 'LIKENESS_MAX_PHOTO_BYTES'),
    maxPhotoPixels: int(env.LIKENESS_MAX_PHOTO_PIXELS, DEFAULT_MAX_PHOTO_PIXELS, 'LIKENESS_MAX_PHOTO_PIXELS'),
    computeTimeoutSeconds: seconds(env.LIKENESS_COMPUTE_TIMEOUT_S, 120, 'LIKENESS_COMPUTE_TIMEOUT_S'),
    blendshapesWaitSeconds: seconds(env.LIKENESS_BLENDSHAPES_WAIT_S, 60, 'LIKENESS_BLENDSHAPES_WAIT_S'),
    outfitsWaitSeconds: seconds(env.LIKENESS_OUTFITS_WAIT_S, 30, 'LIKENESS_OUTFITS_WAIT_S'),
    tokenTtlSeconds: int(env.LIKENESS_TOKEN_TTL_S, 36000, 'LIKENESS_TOKEN_TTL_S'),
    trustProxy: ['1', 'true', 'yes'].includes((env.LIKENESS_TRUST_PROXY ?? '').toLowerCase()),
    logLevel: env.LIKENESS_LOG_LEVEL ?? 'info',
    redisUrl: env.LIKENESS_REDIS_URL || null,
    redisPrefix: env.LIKENESS_REDIS_PREFIX || 'likeness',
    metrics: !['0', 'false', 'no', 'off'].includes((env.LIKENESS_METRICS ?? '').toLowerCase()),
    metricsPort: (flags['metrics-port'] ?? env.LIKENESS_METRICS_PORT) ? int(flags['metrics-port'] ?? env.LIKENESS_METRICS_PORT, 0, 'LIKENESS_METRICS_PORT') : null,
    drainSeconds: int(env.LIKENESS_DRAIN_S, 25, 'LIKENESS_DRAIN_S'),
    jobLeaseSeconds: seconds(env.LIKENESS_JOB_LEASE_S, 30, 'LIKENESS_JOB_LEASE_S'),
    storage: blobStorage(dataDir, env),
    creatorFrameAncestors: frameAncestors(env.LIKENESS_CREATOR_FRAME_ANCESTORS),
  };
}
