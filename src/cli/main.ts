import { parseArgs } from 'node:util';
import { loadConfig, type ConfigFlags } from '../service/config.js';
import { startServer, startWorker, type CloseOptions } from '../service/server.js';
import { clientCommand } from './client.js';

const USAGE = `Usage:
  likeness serve [--host 127.0.0.1] [--port 8080] [--data-dir ./data] [--workers N]
  likeness worker [--data-dir ./data] [--workers N] [--metrics-port P]
  likeness client create --name NAME --plan plus|pro|enterprise [--json] [--data-dir DIR]
  likeness client list [--json] [--data-dir DIR]
  likeness client delete CLIENT_ID [--data-dir DIR]

Every flag has an environment variable (see the README): HOST, PORT, LIKENESS_DATA_DIR,
LIKENESS_DATABASE_URL, LIKENESS_WORKERS, LIKENESS_PUBLIC_URL, LIKENESS_REDIS_URL, ...`;

const OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  'public-url': { type: 'string' },
  workers: { type: 'string' },
  'metrics-port': { type: 'string' },
  name: { type: 'string' },
  plan: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Exit code of a server that could not start: its data dir, database or blob store failed a check. */
const START_FAILED = 3;

async function serve(flags: ConfigFlags): Promise<void> {
  const config = loadConfig(flags);
  let server;
  try {
    server = await startServer(config);
  } catch (err) {
    // Nothing listens and nothing runs: a supervisor sees a process that ended, and why.
    console.error(`likeness: the server did not start: ${(err as Error).message}`);
    process.exit(START_FAILED);
  }
  server.app.log.info(`Likeness listening on ${server.url}`);
  drainOnSignals((options) => server.close(options), config.drainSeconds);
}

/** `likeness worker`: takes jobs from the queue in the shared database (or Redis) and computes; no API. */
async function work(flags: ConfigFlags): Promise<void> {
  const config = loadConfig(flags);
  let worker;
  try {
    worker = await startWorker(config);
  } catch (err) {
    console.error(`likeness: the worker did not start: ${(err as Error).message}`);
    process.exit(START_FAILED);
  }
  drainOnSignals((options) => worker.close(options), config.drainSeconds);
}

/**
 * SIGTERM and SIGINT drain: no new requests or jobs are taken, those in flight get `drainSeconds` to
 * finish, and jobs still running then go back to the queue for another worker. A second signal stops at once.
 */
function drainOnSignals(close: (options: CloseOptions) => Promise<void>, drainSeconds: number): void {
  let draining = false;
  const stop = (signal: NodeJS.Signals) => {
    if (draining) {
      console.error(`likeness: ${signal} again: stopping without draining`);
      process.exit(1);
    }
    draining = true;
    close({ drainMs: drainSeconds * 1000 }).then(
      () => process.exit(0),
      (err) => {
        console.error(`likeness: the stop failed: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

export async function main(argv: string[]): Promise<void> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
    const [command, ...rest] = positionals;
    if (values.help || !command) {
      console.log(USAGE);
      return;
    }
    if (command === 'serve') return await serve(values);
    if (command === 'worker') return await work(values);
    if (command === 'client') return await clientCommand(rest, values);
    throw new Error(`unknown command "${command}"`);
  } catch (err) {
    console.error(`likeness: ${(err as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  }
}
