import { parseArgs } from 'node:util';
import { loadConfig, type ConfigFlags } from '../service/config.js';
import type { CloseOptions } from '../service/server.js';
import { REMOTE_COMMANDS, remoteCommand } from './remote/program.js';

const USAGE = `Usage:
  likeness serve [--host 127.0.0.1] [--port 8080] [--data-dir ./data] [--workers N]
  likeness worker [--data-dir ./data] [--workers N] [--metrics-port P]
  likeness client create --name NAME --plan plus|pro|enterprise [--json] [--data-dir DIR]
  likeness client list [--json] [--data-dir DIR]
  likeness client delete CLIENT_ID [--data-dir DIR]

Against a running server (--url, LIKENESS_CLIENT_ID/LIKENESS_CLIENT_SECRET or a config file, --player, --json):
  likeness avatar create PHOTO --pipeline P [--subtype S] [--param k=v ...] [--parameters FILE]
                               [--export glb|gltf|fbx] [--export-param k=v ...] [--out DIR]
  likeness avatar list|get CODE|delete CODE
  likeness export create AVATAR [--export F] [--export-param k=v ...] [--out DIR]
  likeness export list AVATAR | export download AVATAR EXPORT [--out DIR]
  likeness player create [--comment C] | player list | player delete CODE
  likeness parameters PIPELINE [--subtype S] [--default] [--export]
  likeness <command> --help   for each command's options

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
    // Imported when asked for: the server's modules (fastify, the stores, the queue) take most of a
    // second to load, which every remote command and `likeness client` would otherwise pay.
    const { startServer } = await import('../service/server.js');
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
    const { startWorker } = await import('../service/server.js');
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

/** The command word, past the remote commands' global options (`likeness --url U avatar list`). */
function commandOf(argv: string[]): string {
  for (let i = 0; i < argv.length; i++) {
    if (['--url', '--player', '--config'].includes(argv[i])) i++;
    else if (!argv[i].startsWith('-')) return argv[i];
  }
  return '';
}

export async function main(argv: string[]): Promise<void> {
  // The remote commands parse their own options (commander), which serve's parser does not know.
  if (REMOTE_COMMANDS.includes(commandOf(argv))) return remoteCommand(argv);
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
    const [command, ...rest] = positionals;
    if (values.help || !command) {
      console.log(USAGE);
      return;
    }
    if (command === 'serve') return await serve(values);
    if (command === 'worker') return await work(values);
    if (command === 'client') return await (await import('./client.js')).clientCommand(rest, values);
    throw new Error(`unknown command "${command}"`);
  } catch (err) {
    console.error(`likeness: ${(err as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  }
}
