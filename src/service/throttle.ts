import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './context.js';
import { errors } from './errors.js';

/** Throttling per client in developer access. In client access a leaked key must not let one
 * installation starve the others, so each player gets its own budget instead of sharing the client's.
 * With Redis the budgets live there, shared by every API process: N processes behind a load balancer
 * allow what one does. While Redis is away requests pass unthrottled, rather than fail. */
export const throttlePlugin = fp(async (app: FastifyInstance, ctx: AppContext) => {
  const { throttlePerMinute, playerThrottlePerMinute, throttleWindowS } = ctx.config;
  // A minute's budget spread over the window; a budget is 0 only when throttling is off.
  const perWindow = (perMinute: number) => (perMinute === 0 ? 0 : Math.max(1, Math.round((perMinute * throttleWindowS) / 60)));
  if (throttlePerMinute === 0 && playerThrottlePerMinute === 0) return;
  await app.register(rateLimit, {
    global: true,
    ...(ctx.redis ? { redis: ctx.redis, nameSpace: `${ctx.config.redisPrefix}:throttle:`, skipOnError: true } : {}),
    // After authentication, so that the budget is the caller's and not the IP address's.
    hook: 'preHandler',
    timeWindow: throttleWindowS * 1000,
    max: (request: FastifyRequest) => perWindow(request.caller?.clientAccess ? playerThrottlePerMinute : throttlePerMinute),
    keyGenerator: (request: FastifyRequest) =>
      request.caller?.clientAccess ? `player:${request.caller.scope.playerCode}` : `client:${request.caller?.clientId ?? request.ip}`,
    allowList: (request: FastifyRequest) => !request.caller || (request.caller.clientAccess ? playerThrottlePerMinute : throttlePerMinute) === 0,
    addHeadersOnExceeding: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: (_request, context) => errors.throttled(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
});
