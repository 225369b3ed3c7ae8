import { after } from 'node:test';
import { startTestServer, type Backend, type TestServer } from './server.js';

/**
 * One warm server per database backend, shared by the HTTP suites that need a computing server and
 * nothing special about it. Its workers load the face models once for all of them, instead of once per
 * file. test/sharedServer.ts runs those suites in one process; a suite run alone gets its own.
 *
 * Two workers, unthrottled: the suites queue several avatars at once and poll them. A suite that
 * needs another configuration (a throttle, a time limit, one worker, no worker) starts its own
 * server with startTestServer.
 */
// The shared servers make avatars of every head subtype, so they warm up as a production server does.
export const SHARED_SERVER_OPTIONS = { workers: 2, env: { LIKENESS_THROTTLE_PER_MINUTE: '0', LIKENESS_WARM_UP: '1' } } as const;

const servers = new Map<Backend['name'], Promise<TestServer>>();

/** The shared server of `backend` (SQLite by default), started by the first suite that asks. */
export function sharedServer(backend: Backend = { name: 'sqlite' }): Promise<TestServer> {
  let server = servers.get(backend.name);
  if (!server) {
    server = startTestServer({ backend, workers: SHARED_SERVER_OPTIONS.workers, env: { ...SHARED_SERVER_OPTIONS.env } });
    servers.set(backend.name, server);
  }
  return server;
}

// A hook at the top level belongs to the process's root test: it runs once every suite has finished.
after(async () => {
  for (const server of servers.values()) await (await server).stop();
});
