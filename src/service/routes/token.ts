import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { clientExists } from '../../store/clients.js';
import { issueToken } from '../../store/tokens.js';
import { ClientCredentials } from '../clientCredentials.js';
import { RedisFailureLedger } from '../authFailures.js';
import { readForm } from '../form.js';
import { grantScope, SCOPES } from '../oauthScopes.js';

/** RFC 6749 §5.2 error responses: OAuth clients expect exactly these, not DRF's `detail`. */
function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  if (status === 401) reply.header('WWW-Authenticate', 'Basic realm="oauth2", error="invalid_client"');
  return reply.code(status).header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send({ error, error_description: description });
}

function basicCredentials(request: FastifyRequest): { id: string; secret: string } | null | 'malformed' {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return 'malformed';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  // §2.3.1: both parts are form-urlencoded before being joined.
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')) };
  } catch {
    return 'malformed';
  }
}

/** POST /o/token/: the client credentials grant (RFC 6749 §4.4). */
export async function tokenRoutes(app: FastifyInstance, ctx: AppContext) {
  const limit = ctx.config.authFailuresPerMinute;
  const shared = ctx.redis && limit > 0 ? new RedisFailureLedger(ctx.redis, `${ctx.config.redisPrefix}:authfail:`, limit) : undefined;
  const credentials = new ClientCredentials(ctx.db, limit, shared);
  app.post(
    '/o/token/',
    {
      config: { auth: false },
      schema: {
        summary: 'Obtain an access token (OAuth2 client credentials grant)',
        tags: ['auth'],
        description:
          'Form fields: `grant_type=client_credentials`, optional `scope` (space-separated subset of `read write`; both by default): `read` allows GET and HEAD, `write` the other methods. ' +
          'Client credentials by HTTP Basic (`client_id:client_secret`) or as `client_id` and `client_secret` form fields. ' +
          'Errors follow RFC 6749 §5.2: `{"error": "...", "error_description": "..."}`. Past LIKENESS_AUTH_FAILURES_PER_MINUTE failed authentications of a client_id or from an address, 429 `temporarily_unavailable` with `Retry-After`.',
        security: [],
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        documentedBody: {
          type: 'object',
          required: ['grant_type'],
          properties: {
            grant_type: { type: 'string', enum: ['client_credentials'] },
            scope: { type: 'string', description: 'Space-separated subset of `read write`.' },
            client_id: { type: 'string', description: 'When not sent by HTTP Basic.' },
            client_secret: { type: 'string', description: 'When not sent by HTTP Basic.' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: { access_token: { type: 'string' }, token_type: { type: 'string' }, expires_in: { type: 'integer' }, scope: { type: 'string' } },
          },
        },
      },
    },
    async (request, reply) => {
      const { fields } = await readForm(request, 0).catch(() => ({ fields: {} as Record<string, string> }));
      const basic = basicCredentials(request);
      if (basic === 'malformed') return oauthError(reply, 401, 'invalid_client', 'The Authorization header is not valid HTTP Basic credentials.');
      const inForm = fields.client_id !== undefined || fields.client_secret !== undefined;
      if (basic && inForm) return oauthError(reply, 400, 'invalid_request', 'Client credentials must come by one method only: HTTP Basic or form fields.');
      if (!fields.grant_type) return oauthError(reply, 400, 'invalid_request', 'Missing grant_type parameter.');
      if (fields.grant_type !== 'client_credentials') {
        return oauthError(reply, 400, 'unsupported_grant_type', `Grant type "${fields.grant_type}" is not supported; use client_credentials.`);
      }
      const id = basic ? basic.id : fields.client_id;
      const secret = basic ? basic.secret : fields.client_secret;
      if (!id || secret === undefined) return oauthError(reply, 401, 'invalid_client', 'Client authentication failed: no client credentials were given.');
      const checked = await credentials.check(id, secret, request.ip);
      if ('retryAfter' in checked) {
        reply.header('Retry-After', String(checked.retryAfter));
        return oauthError(reply, 429, 'temporarily_unavailable', `Too many failed client authentications from this client_id or address; try again in ${checked.retryAfter} second${checked.retryAfter === 1 ? '' : 's'}.`);
      }
      const { client } = checked;
      if (!client) return oauthError(reply, 401, 'invalid_client', 'Client authentication failed.');
      const granted = grantScope(fields.scope);
      if ('unknown' in granted) return oauthError(reply, 400, 'invalid_scope', `Unknown scope: ${granted.unknown.join(' ')}; the scopes are ${SCOPES.join(' and ')}.`);
      const { scope } = granted;
      let token: string;
      try {
        token = await issueToken(ctx.db, client.client_id, scope, ctx.config.tokenTtlSeconds);
      } catch (err) {
        // Deleted from the CLI since its secret was checked: the token's foreign key has nothing to point at.
        if (!(await clientExists(ctx.db, client.client_id))) return oauthError(reply, 401, 'invalid_client', 'Client authentication failed.');
        throw err;
      }
      return reply
        .header('Cache-Control', 'no-store')
        .header('Pragma', 'no-cache')
        .send({ access_token: token, token_type: 'Bearer', expires_in: ctx.config.tokenTtlSeconds, scope });
    },
  );
}
