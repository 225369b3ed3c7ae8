import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

const run = promisify(execFile);
const SCRIPT = join(process.cwd(), 'scripts', 'swift-s3.sh');

/** Why a test or benchmark that runs a Swift of its own cannot, or false when it can. */
export const SWIFT_SKIP_REASON = existsSync('/usr/bin/swift-ring-builder') && existsSync('/usr/bin/swift-proxy-server')
  ? false
  : 'skipped: OpenStack Swift is not installed (apt-get install --no-install-recommends swift swift-proxy swift-account swift-container swift-object), so no Swift of its own can be started';

/** A single-node Swift of a test's own (scripts/swift-s3.sh), which it may stop and start again. */
export interface OwnSwift {
  dir: string;
  /** The server variables of a fresh prefix of its bucket (LIKENESS_STORAGE_URL and the LIKENESS_S3_ ones). */
  serverEnv: Record<string, string>;
  bucket: string;
  prefix: string;
  client: S3Client;
  /** Stops its servers, keeping its objects. */
  down(): Promise<void>;
  /** Starts them again and waits until they answer. */
  up(): Promise<void>;
  /** Stops it and removes everything it stored. */
  stop(): Promise<void>;
}

/** Four consecutive free ports on loopback (the proxy, then the object, container and account servers). */
async function freePorts(): Promise<number> {
  const net = await import('node:net');
  const free = (port: number) => new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
  for (;;) {
    const base = 20000 + Math.floor(Math.random() * 40000);
    let ok = true;
    for (let p = base; p < base + 4 && ok; p++) ok = await free(p);
    if (ok) return base;
  }
}

/** Starts a Swift in a new temporary directory on free ports, with a bucket, and returns how to reach it. */
export async function startOwnSwift(name: string): Promise<OwnSwift> {
  const dir = join(tmpdir(), `likeness-swift-${name}-${randomBytes(4).toString('hex')}`);
  const port = await freePorts();
  await run('bash', [SCRIPT, 'start', dir], { env: { ...process.env, SWIFT_PORT: String(port), SWIFT_BUCKET: 'likeness' } });
  const vars = Object.fromEntries([...(await readFile(join(dir, 'env'), 'utf8')).matchAll(/^export (\w+)='?([^'\n]*)'?$/gm)].map((m) => [m[1], m[2]]));
  const endpoint = vars.LIKENESS_TEST_S3_ENDPOINT!;
  const credentials = { accessKeyId: vars.LIKENESS_TEST_S3_ACCESS_KEY_ID!, secretAccessKey: vars.LIKENESS_TEST_S3_SECRET_ACCESS_KEY! };
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  const bucket = 'likeness';
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const prefix = name;
  return {
    dir,
    bucket,
    prefix,
    client,
    serverEnv: {
      LIKENESS_STORAGE_URL: `s3://${bucket}/${prefix}`,
      LIKENESS_S3_ENDPOINT: endpoint,
      LIKENESS_S3_FORCE_PATH_STYLE: 'true',
      LIKENESS_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      LIKENESS_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    down: async () => void (await run('bash', [SCRIPT, 'down', dir])),
    up: async () => void (await run('bash', [SCRIPT, 'up', dir])),
    stop: async () => {
      client.destroy();
      await run('bash', [SCRIPT, 'stop', dir]);
    },
  };
}
