import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from './errors.js';
import type { PageRequest } from '../store/page.js';
import type { Config } from './config.js';
import { baseUrl } from './links.js';

export const MAX_PAGE_SIZE = 100;

/** `page` (1-based) and `page_size` (1–100, default 100) from the query string. */
export function pageRequest(query: Record<string, unknown>): PageRequest {
  const parse = (value: unknown, fallback: number): number => {
    if (value === undefined || value === '') return fallback;
    const text = String(Array.isArray(value) ? value[value.length - 1] : value);
    const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
    return n >= 1 ? n : NaN;
  };
  const page = parse(query.page, 1);
  if (Number.isNaN(page)) throw errors.invalidPage();
  const size = parse(query.page_size, MAX_PAGE_SIZE);
  if (Number.isNaN(size) || size > MAX_PAGE_SIZE) throw errors.fields({ page_size: [`A positive integer up to ${MAX_PAGE_SIZE} is required.`] });
  return { page, size };
}

/** Sets the Link header (first, prev, next, last), leaving it out when everything fits on one page.
 * A page past the end is 404 "Invalid page.", as in Django REST Framework; page 1 of nothing is an empty list. */
export function paginate(config: Config, request: FastifyRequest, reply: FastifyReply, page: PageRequest, total: number): void {
  const last = Math.max(1, Math.ceil(total / page.size));
  if (page.page > last) throw errors.invalidPage();
  if (last === 1) return;
  // Built from text, not parsed as a URL: a Host header that is not a valid URL must not break the list.
  const [path, query = ''] = request.url.split('?', 2);
  const params = new URLSearchParams(query);
  const base = baseUrl(config, request) + path;
  const link = (n: number, rel: string) => {
    params.set('page', String(n));
    return `<${base}?${params.toString()}>; rel="${rel}"`;
  };
  const entries = [link(1, 'first')];
  if (page.page > 1) entries.push(link(page.page - 1, 'prev'));
  if (page.page < last) entries.push(link(page.page + 1, 'next'));
  entries.push(link(last, 'last'));
  reply.header('Link', entries.join(', '));
}
