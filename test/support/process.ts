import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';

export const CLI = join(process.cwd(), 'bin', 'likeness.js');
const run = promisify(execFile);

/**
 * What every server and worker a test starts has unless the test says otherwise: computation threads
 * that build each head template on first use (LIKENESS_WARM_UP=0). A test's processes live seconds and
 * make one or two kinds of avatar, and building all of them at every start cost CI minutes of CPU.
 * The shared servers (support/sharedServer.ts) and the benchmarks warm up as production servers do.
 */
export function testProcessEnv(): Record<string, string> {
  // A benchmark sets LIKENESS_WARM_UP=1 in its own environment, to measure what production runs.
  return { LIKENESS_WARM_UP: process.env.LIKENESS_WARM_UP ?? '0' };
}

/** Runs `likeness …` to completion and returns its stdout. */
export async function likeness(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, ...testProcessEnv(), ...env } });
  return stdout;
}

/** Starts `likeness serve` as a separate process and waits until it answers. */
export async function serve(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'serve'], { env: { ...process.env, ...testProcessEnv(), LIKENESS_LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`likeness serve exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/openapi.json`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('likeness serve did not start in 20 s');
}

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts `likeness worker` as a separate process, with its /readyz listener on `port`, and waits until
 * it is ready. `stdio` 'inherit' shows its log; the log is kept in `log` either way.
 */
export async function worker(env: Record<string, string>, port: number): Promise<ChildProcess & { log: string[] }> {
  const child = spawn(process.execPath, [CLI, 'worker'], {
    env: { ...process.env, ...testProcessEnv(), LIKENESS_LOG_LEVEL: 'info', ...env, LIKENESS_METRICS_PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  }) as ChildProcess & { log: string[] };
  child.log = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => child.log.push(...chunk.split('\n').filter(Boolean)));
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`likeness worker exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('likeness worker did not start in 30 s');
}
