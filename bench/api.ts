import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { fork } from 'node:child_process';
import { type Figure, median, printFigures } from './figure.js';
import { Api } from '../test/support/api.js';
import { fetchToken } from '../test/support/server.js';
import { exited, freePort, likeness, serve } from '../test/support/process.js';
import './warmUp.js';

const PHOTO = join(process.cwd(), 'test', 'fixtures', 'photos', 'astronaut.png');

async function rps(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, connections: 32, duration: 10, headers });
  if (result.non2xx) throw new Error(`${result.non2xx} non-2xx answers from ${url}`);
  return result.requests.average;
}

/** The same JSON a GET of an avatar answers, from a bare fastify route in its own process. */
async function bareRoute(body: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const child = fork(new URL('./bareServer.js', import.meta.url), { env: { ...process.env, BARE_BODY: JSON.stringify(body), BARE_PORT: String(port) } });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/bare/`,
    close: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

function rssPeakMiB(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((s) => Number(/VmHWM:\s+(\d+)/.exec(s)![1]) / 1024);
}

/** The server as users run it: `likeness serve` in its own process, its workers included. */
export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'likeness-bench-'));
  const env = { LIKENESS_DATA_DIR: dataDir, LIKENESS_THROTTLE_PER_MINUTE: '0', LIKENESS_PLAYER_THROTTLE_PER_MINUTE: '0' };
  try {
    const { client_id, client_secret } = JSON.parse(await likeness(['client', 'create', '--name', 'bench', '--plan', 'enterprise', '--json'], env));

    const starts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const t0 = performance.now();
      const child = await serve(env, port);
      starts.push(performance.now() - t0);
      child.kill('SIGTERM');
      await exited(child);
    }
    figures.push({ name: 'cold start to the first 200 (median of 3)', value: median(starts), unit: 'ms', target: '<= 5000 ms' });

    const port = await freePort();
    const server = await serve(env, port);
    const base = `http://127.0.0.1:${port}`;
    const api = new Api(base, await fetchToken(base, client_id, client_secret));
    const photo = await readFile(PHOTO);
    // A 1-megapixel photo for the head target: the same real portrait, scaled up.
    const megapixel = await sharp(photo).resize(1000, 1000).jpeg({ quality: 92 }).toBuffer();
    const parameters = JSON.stringify({ model_info: { plus: ['age', 'gender', 'race', 'skin_color', 'hair_color', 'facial_landmarks_68'] } });
    const complete = async (pipeline: string, subtype: string, image: Buffer) => {
      const t0 = performance.now();
      const created = await api.createAvatar({ pipeline, pipeline_subtype: subtype, name: 'bench', photo: image, parameters });
      for (;;) {
        const { body } = await api.get(`/avatars/${created.body.code}/`);
        if (body.status === 'Completed') return { ms: performance.now() - t0, code: created.body.code as string };
        if (body.status === 'Failed' || body.status === 'Timed Out') throw new Error(body.failure_reason);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    await complete('head_1.2', 'base/static', megapixel); // warm-up: the worker loads its models and templates
    const personas: number[] = [];
    const heads: number[] = [];
    const bodies: number[] = [];
    let code = '';
    await complete('body_0.3', 'male', photo); // warm-up of the body model and its levels of detail
    for (let i = 0; i < 7; i++) {
      personas.push((await complete('persona_2.0', 'male', photo)).ms);
      const head = await complete('head_1.2', 'base/static', megapixel);
      heads.push(head.ms);
      code = head.code;
      if (i < 5) bodies.push((await complete('body_0.3', 'male', photo)).ms);
    }
    figures.push({ name: 'POST /avatars/ to Completed, persona_2.0 male (median of 7)', value: median(personas), unit: 'ms', target: '<= 5000 ms' });
    figures.push({ name: 'POST /avatars/ to Completed, head_1.2 base/static, 1 MP photo, LOD0-7 + 4096x2048 texture (median of 7)', value: median(heads), unit: 'ms', target: '<= 2000 ms' });
    figures.push({ name: 'POST /avatars/ to Completed, body_0.3 male, LOD0-7 + 4096x4096 atlas (median of 5)', value: median(bodies), unit: 'ms', target: '<= 5000 ms' });

    const headers = { Authorization: `Bearer ${api.token}` };
    const avatar = (await api.get(`/avatars/${code}/`)).body;
    // Alternating rounds: this machine's speed drifts over tens of seconds, and both sides should see the same drift.
    const bare = await bareRoute(avatar);
    const bareRuns: number[] = [];
    const ourRuns: number[] = [];
    for (let round = 0; round < 3; round++) {
      bareRuns.push(await rps(bare.url, {}));
      ourRuns.push(await rps(`${base}/avatars/${code}/`, headers));
    }
    await bare.close();
    const bareRps = median(bareRuns);
    const ourRps = median(ourRuns);
    figures.push({ name: 'bare fastify route, same JSON (autocannon 32 conn, 10 s; median of 3)', value: bareRps, unit: 'req/s' });
    figures.push({ name: 'GET /avatars/{code}/ (autocannon 32 conn, 10 s; median of 3)', value: ourRps, unit: 'req/s' });
    figures.push({ name: 'GET /avatars/{code}/ as a share of the bare route', value: (100 * ourRps) / bareRps, unit: '%', target: '>= 50 %' });
    figures.push({ name: 'peak RSS of the server with its worker threads', value: await rssPeakMiB(server.pid!), unit: 'MiB', target: '<= 1536 MiB' });
    server.kill('SIGTERM');
    await exited(server);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printFigures('API', await run());
