import type { FastifyInstance } from 'fastify';
import { errors } from './errors.js';

const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const ALL = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Remembers the methods of every path as routes are added, so that each path can answer OPTIONS,
 * name its methods in `Allow` on every response, and answer other methods with 405 as DRF does. */
export function trackMethods(app: FastifyInstance): Map<string, Set<string>> {
  const methods = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    if (route.config && (route.config as { internal?: boolean }).internal) return;
    const set = methods.get(route.url) ?? new Set<string>();
    for (const m of [route.method].flat()) set.add(m);
    methods.set(route.url, set);
  });
  const allow = new Map<string, string>();
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.routeOptions.url ?? '';
    let header = allow.get(url);
    if (header === undefined) {
      const set = methods.get(url);
      header = set ? allowHeader(set) : '';
      allow.set(url, header);
    }
    if (header && !reply.hasHeader('Allow')) reply.header('Allow', header);
    done(null, payload);
  });
  return methods;
}

export function allowHeader(set: Set<string>): string {
  const all = new Set([...set, 'OPTIONS']);
  if (all.has('GET')) all.add('HEAD');
  return ORDER.filter((m) => all.has(m)).join(', ');
}

/** Adds OPTIONS and 405 routes for every tracked path; call once all resource routes are registered. */
export function addMethodRoutes(app: FastifyInstance, methods: Map<string, Set<string>>): void {
  for (const [url, set] of [...methods]) {
    if (url === '*' || url.includes('*')) continue;
    const allow = allowHeader(set);
    const missing = ALL.filter((m) => !set.has(m));
    const config = { auth: false, internal: true };
    const hide = { hide: true };
    if (!set.has('OPTIONS')) {
      app.route({
        method: 'OPTIONS',
        url,
        config,
        schema: hide,
        // The body mirrors DRF's metadata response closely enough for tools that read it.
        handler: async (_request, reply) => reply.header('Allow', allow).send({ name: url, renders: ['application/json'], parses: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'] }),
      });
    }
    if (missing.length) {
      app.route({
        method: missing,
        url,
        config,
        schema: hide,
        handler: async (request) => {
          throw errors.methodNotAllowed(request.method, allow);
        },
      });
    }
  }
}
