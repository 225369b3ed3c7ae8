import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Likeness } from '../../client/node.js';
import { MissingCredentials, UsageError } from './exitCodes.js';

/** The options every remote command takes. */
export interface ConnectionFlags {
  url?: string;
  player?: string;
  config?: string;
}

/** `~/.config/likeness/config.json` (or $XDG_CONFIG_HOME): where the CLI finds a server and credentials when no flag or variable says. */
export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'likeness', 'config.json');
}

interface ConfigFile {
  url?: string;
  client_id?: string;
  client_secret?: string;
  player?: string;
}

async function readConfig(path: string, explicit: boolean): Promise<ConfigFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if (!explicit && (err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UsageError(`cannot read the config file ${path}: ${(err as Error).message}`);
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a JSON object');
    return parsed as ConfigFile;
  } catch (err) {
    throw new UsageError(`the config file ${path} is not valid: ${(err as Error).message}`);
  }
}

/**
 * The client for a command: flags first, then LIKENESS_URL / LIKENESS_CLIENT_ID /
 * LIKENESS_CLIENT_SECRET / LIKENESS_PLAYER, then the config file (--config, LIKENESS_CONFIG, or the default path).
 */
export async function connect(flags: ConnectionFlags, env: NodeJS.ProcessEnv = process.env, onRetry?: (waitMs: number, status: number) => void): Promise<Likeness> {
  const configPath = flags.config ?? env.LIKENESS_CONFIG ?? defaultConfigPath(env);
  const file = await readConfig(configPath, Boolean(flags.config ?? env.LIKENESS_CONFIG));
  const baseUrl = flags.url ?? env.LIKENESS_URL ?? file.url ?? 'http://127.0.0.1:8080';
  const clientId = env.LIKENESS_CLIENT_ID ?? file.client_id;
  const clientSecret = env.LIKENESS_CLIENT_SECRET ?? file.client_secret;
  if (!clientId || !clientSecret) {
    throw new MissingCredentials(
      `no credentials: set LIKENESS_CLIENT_ID and LIKENESS_CLIENT_SECRET, or put "client_id" and "client_secret" in ${configPath} (make them with \`likeness client create\`)`,
    );
  }
  try {
    new URL(baseUrl);
  } catch {
    throw new UsageError(`--url: "${baseUrl}" is not a URL`);
  }
  return new Likeness({
    baseUrl,
    clientId,
    clientSecret,
    playerUid: flags.player ?? env.LIKENESS_PLAYER ?? file.player,
    onRetry: onRetry ? (info) => onRetry(info.waitMs, info.status) : undefined,
  });
}
