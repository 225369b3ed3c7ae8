/**
 * A 20 MiB file through the API, on files on disk and (with LIKENESS_TEST_S3_URL, see docs/scale-out.md)
 * on S3: how fast the store takes and gives it, how fast the API serves it, and how much the serving
 * process grows while it serves it 8 times at once (its peak RSS, VmHWM, before and after).
 *
 *   node dist/bench/blobThroughput.js
 *
 * LIKENESS_BENCH_SERVE=/path/to/bin/likeness.js serves with another build (say, one that read files
 * whole before sending them), on files on disk, for comparison.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig } from '../src/service/config.js';
import { openBlobStore } from '../src/store/openBlobStore.js';
import { openDatabase } from '../src/store/database.js';
import { createClient } from '../src/store/clients.js';
import { putStaticFile } from '../src/store/staticFiles.js';
import { staticKey } from '../src/store/keys.js';
import { printFigures, median, type Figure } from './figure.js';
import { ensureTestBucket, freshS3Url, s3ServerEnv, S3_URL } from '../test/support/s3.js';
import { fetchToken } from '../test/support/server.js';
import './warmUp.js';

const SIZE = 20 * 1024 * 1024;
const MiB = 1024 * 1024;

async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function drain(res: Response): Promise<number> {
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) size += chunk.length;
  return size;
}

function startServe(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [process.env.LIKENESS_BENCH_SERVE ?? 'bin/likeness.js', 'serve', '--port', '0'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /Likeness listening on (http:\/\/[^" ]+)/.exec(out);
      if (match) resolve({ child, url: match[1]! });
    });
    child.stderr!.on('data', (chunk) => void (out += chunk));
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

async function measure(label: string, env: Record<string, string>): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'likeness-bench-blobs-'));
  const all = { LIKENESS_DATA_DIR: dataDir, LIKENESS_WORKERS: '0', LIKENESS_THROTTLE_PER_MINUTE: '0', LIKENESS_LOG_LEVEL: 'info', ...env };
  const config = loadConfig({}, all);
  const blobs = await openBlobStore(config.storage);
  const figures: Figure[] = [];
  try {
    const data = randomBytes(SIZE);
    let start = performance.now();
    await blobs.putStream('bench/stream', Readable.from([data.subarray(0, SIZE / 2), data.subarray(SIZE / 2)]));
    figures.push({ name: `${label}: putStream of 20 MiB`, value: SIZE / MiB / ((performance.now() - start) / 1000), unit: 'MiB/s' });
    start = performance.now();
    const read = (await blobs.getStream('bench/stream'))!;
    let got = 0;
    for await (const chunk of read.body) got += (chunk as Buffer).length;
    if (got !== SIZE) throw new Error(`read ${got} bytes`);
    figures.push({ name: `${label}: getStream of 20 MiB`, value: SIZE / MiB / ((performance.now() - start) / 1000), unit: 'MiB/s' });
    await blobs.removePrefix('bench/');
    await putStaticFile(blobs, { identity: 'bench-20mib', name: 'bench.bin', contentType: 'application/octet-stream', data });

    const database = await openDatabase({ url: config.databaseUrl });
    const client = await createClient(database.db, { name: 'bench', plan: 'enterprise' });
    await database.close();
    const { child, url } = await startServe(all);
    try {
      const token = await fetchToken(url, client.client_id, client.client_secret);
      const before = await peakRss(child.pid!);
      const download = async () => {
        const res = await fetch(`${url}/static_files/bench-20mib/file/`, { headers: { Authorization: `Bearer ${token}` } });
        if (res.status !== 200 || (await drain(res)) !== SIZE) throw new Error(`download: ${res.status}`);
      };
      await download();
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await download();
        times.push(performance.now() - t);
      }
      figures.push({ name: `${label}: GET of 20 MiB through the API (median of 5)`, value: SIZE / MiB / (median(times) / 1000), unit: 'MiB/s' });
      start = performance.now();
      await Promise.all(Array.from({ length: 8 }, download));
      figures.push({ name: `${label}: 8 GETs of 20 MiB at once`, value: (8 * SIZE) / MiB / ((performance.now() - start) / 1000), unit: 'MiB/s' });
      figures.push({ name: `${label}: API peak RSS before the GETs`, value: before, unit: 'MiB' });
      figures.push({ name: `${label}: API peak RSS growth over the 14 GETs`, value: (await peakRss(child.pid!)) - before, unit: 'MiB', target: '< 40 MiB; 8 files held at once would be 160' });
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await blobs.removePrefix('static/');
  } finally {
    blobs.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}

export async function run(): Promise<Figure[]> {
  const figures = await measure('files', {});
  if (S3_URL && !process.env.LIKENESS_BENCH_SERVE) {
    await ensureTestBucket();
    figures.push(...(await measure('S3', s3ServerEnv(freshS3Url('bench')))));
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) printFigures('Blobs through the API', await run());
