import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Options } from '../../src/store/s3Blobs.js';
import { parseS3Url } from '../../src/store/s3Url.js';

/**
 * The S3 half of the tests runs against the bucket LIKENESS_TEST_S3_URL names (`s3://bucket/prefix`),
 * reached with LIKENESS_TEST_S3_ENDPOINT, _REGION, _FORCE_PATH_STYLE, _ACCESS_KEY_ID and
 * _SECRET_ACCESS_KEY: any S3-compatible server. `scripts/swift-s3.sh start` runs a Swift and prints them.
 * Every test takes a fresh prefix under it, so runs never see each other's objects.
 */
const env = process.env;
export const S3_URL = env.LIKENESS_TEST_S3_URL?.replace(/\/+$/, '');

export const S3_SKIP_REASON = S3_URL
  ? false
  : 'S3 tests skipped: set LIKENESS_TEST_S3_URL (s3://bucket/prefix) and LIKENESS_TEST_S3_ENDPOINT, _REGION, _FORCE_PATH_STYLE, _ACCESS_KEY_ID, _SECRET_ACCESS_KEY; `scripts/swift-s3.sh start` runs a local Swift and prints them';

/** A fresh `s3://bucket/prefix/<name>-<random>` under the test URL. */
export function freshS3Url(name: string): string {
  return `${S3_URL}/${name}-${randomBytes(4).toString('hex')}`;
}

/** The server variables for the test bucket at `url` (see the Configuration table of README.md). */
export function s3ServerEnv(url: string): Record<string, string> {
  const pass = (to: string, from: string): Record<string, string> => (env[from] ? { [to]: env[from]! } : {});
  return {
    LIKENESS_STORAGE_URL: url,
    ...pass('LIKENESS_S3_ENDPOINT', 'LIKENESS_TEST_S3_ENDPOINT'),
    ...pass('LIKENESS_S3_REGION', 'LIKENESS_TEST_S3_REGION'),
    ...pass('LIKENESS_S3_FORCE_PATH_STYLE', 'LIKENESS_TEST_S3_FORCE_PATH_STYLE'),
    ...pass('LIKENESS_S3_ACCESS_KEY_ID', 'LIKENESS_TEST_S3_ACCESS_KEY_ID'),
    ...pass('LIKENESS_S3_SECRET_ACCESS_KEY', 'LIKENESS_TEST_S3_SECRET_ACCESS_KEY'),
  };
}

/** The store options for the test bucket at `url`. */
export function s3Options(url: string, overrides: Partial<S3Options> = {}): S3Options {
  const id = env.LIKENESS_TEST_S3_ACCESS_KEY_ID;
  const secret = env.LIKENESS_TEST_S3_SECRET_ACCESS_KEY;
  return {
    url,
    endpoint: env.LIKENESS_TEST_S3_ENDPOINT || null,
    region: env.LIKENESS_TEST_S3_REGION || 'us-east-1',
    forcePathStyle: ['1', 'true', 'yes'].includes((env.LIKENESS_TEST_S3_FORCE_PATH_STYLE ?? '').toLowerCase()),
    credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : null,
    presignedDownloadsMinBytes: null,
    ...overrides,
  };
}

/** Makes the test bucket when it is not there yet (a fresh Swift has none). */
export async function ensureTestBucket(): Promise<void> {
  const options = s3Options(S3_URL!);
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: parseS3Url(S3_URL!).bucket }));
  } catch (err) {
    if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes((err as Error).name)) throw err;
  } finally {
    client.destroy();
  }
}
