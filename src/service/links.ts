import type { FastifyRequest } from 'fastify';
import type { Config } from './config.js';

/** The base of absolute URLs: LIKENESS_PUBLIC_URL when set, otherwise what the client called. */
export function baseUrl(config: Config, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
