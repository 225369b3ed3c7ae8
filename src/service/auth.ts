import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findTokenOwner, type TokenOwner } from '../store/tokens.js';
import { findPlayer } from '../store/players.js';
import type { Scope } from '../store/scope.js';
import type { Plan } from '../pipelines/catalogue/index.js';
import type { AppContext } from './context.js';
import { errors } from './errors.js';
import { hasScope, scopeNeeded } from './oauthScopes.js';

/** Who is calling, set on every authenticated request. */
export interface Caller {
  clientId: string;
  plan: Plan;
  scope: Scope;
  /** Client access: the request carries X-PlayerUID. */
  clientAccess: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** false for the few routes anyone may call (token, docs). */
    auth?: boolean;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1] : null;
  }
  // Browsers follow plain links to downloads, which cannot carry a header.
  if (request.method === 'GET' || request.method === 'HEAD') {
    const query = request.query as Record<string, unknown> | undefined;
    const token = query?.access_token;
    if (typeof token === 'string' && token) return token;
  }
  return null;
}

/** How long a token lookup is trusted before the database is asked again. Every API call needs one,
 * and it is most of the cost of a small GET. Only reads use the cache: a write always asks the
 * database, so a client deleted from the CLI (another process) cannot write with a cached token and
 * hit a foreign key; its reads in this time find nothing, since its data went with it. */
const TOKEN_CACHE_MS = 10_000;
const TOKEN_CACHE_SIZE = 10_000;

/** A token's owner, from the cache when `fresh` is false and the entry is recent. */
type TokenLookup = (token: string, fresh: boolean) => Promise<TokenOwner | null>;

function tokenCache(ctx: AppContext): TokenLookup {
  const entries = new Map<string, { owner: TokenOwner | null; until: number }>();
  return async (token, fresh) => {
    const now = Date.now();
    const hit = fresh ? undefined : entries.get(token);
    if (hit && hit.until > now) return hit.owner;
    const owner = await findTokenOwner(ctx.db, token);
    if (entries.size >= TOKEN_CACHE_SIZE) entries.clear();
    // An expired token must not outlive its expiry in the cache.
    const until = Math.min(now + TOKEN_CACHE_MS, owner ? owner.expiresAt : now + TOKEN_CACHE_MS);
    entries.set(token, { owner, until });
    return owner;
  };
}

async function authenticate(ctx: AppContext, request: FastifyRequest, lookup: TokenLookup): Promise<void> {
  const url = request.routeOptions.url;
  // Unknown paths answer 404 to everyone; the docs page, the creator's pages and their assets are public.
  if (request.method === 'OPTIONS' || !url || url.startsWith('/docs') || url.startsWith('/creator/') || request.routeOptions.config.auth === false) return;
  const token = bearerToken(request);
  if (!token) throw request.headers.authorization ? errors.invalidToken() : errors.notAuthenticated();
  const needed = scopeNeeded(request.method);
  let owner = await lookup(token, needed === 'write');
  if (!owner || owner.expiresAt <= Date.now()) throw errors.invalidToken();
  const playerHeader = request.headers['x-playeruid'];
  const playerCode = Array.isArray(playerHeader) ? playerHeader[0] : playerHeader;
  if (playerCode !== undefined) {
    // Unknown, deleted and malformed players all look the same from outside.
    if (!UUID.test(playerCode) || !(await findPlayer(ctx.db, owner.client_id, playerCode.toLowerCase()))) {
      // The players go with their client: a cached token of a deleted client is an invalid token, not an unknown player.
      owner = await lookup(token, true);
      if (!owner) throw errors.invalidToken();
      throw errors.unknownPlayer();
    }
  }
  if (!hasScope(owner.scope, needed)) throw errors.insufficientScope(request.method, needed, owner.scope);
  const code = playerCode?.toLowerCase() ?? null;
  request.caller = { clientId: owner.client_id, plan: owner.plan as Plan, scope: { clientId: owner.client_id, playerCode: code }, clientAccess: code !== null };
}

/** Bearer-token authentication (and X-PlayerUID scoping) for every route that does not opt out. */
export const authPlugin = fp(async (app: FastifyInstance, ctx: AppContext) => {
  app.decorateRequest('caller', null as unknown as Caller);
  const lookup = tokenCache(ctx);
  app.addHook('onRequest', async (request) => authenticate(ctx, request, lookup));
});
