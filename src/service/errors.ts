/** Every error the API answers with, in one place. Bodies follow Django REST Framework:
 * `{"detail": "..."}` for request-level errors and `{"field": ["..."]}` for field errors. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

const detail = (status: number, text: string, headers?: Record<string, string>) => new ApiError(status, { detail: text }, headers);

export const errors = {
  notAuthenticated: () =>
    detail(401, 'Authentication credentials were not provided.', { 'WWW-Authenticate': 'Bearer realm="api"' }),
  invalidToken: () =>
    detail(401, 'Invalid or expired access token.', { 'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"' }),
  /** RFC 6750 §3.1: the token is good but its scope does not cover the request. */
  insufficientScope: (method: string, needed: string, granted: string) =>
    detail(403, `This access token's scope "${granted}" does not allow ${method} requests; they need the "${needed}" scope. Request a token with scope=${needed}, or without a scope for both.`, {
      'WWW-Authenticate': `Bearer realm="api", error="insufficient_scope", scope="${needed}"`,
    }),
  unknownPlayer: () => detail(403, 'The player in X-PlayerUID is unknown or was deleted.'),
  planTooLow: (what: string, plan: string) => detail(403, `${what} needs the ${plan} plan or higher.`),
  notFound: (what = 'Not found.') => detail(404, what),
  notProduced: (asset: string, why: string) => detail(404, `The ${asset} of this avatar is not available: ${why}`),
  /** A file a Completed avatar was stored with is gone from the blob store (see routes/avatarAssets.ts). */
  storedFileMissing: (asset: string) =>
    detail(500, `A stored file of this avatar (${asset}) is missing from the server's storage: it was made, but it is gone. The server log names the file; the server's operator can restore it, or the avatar can be created again.`),
  notImplemented: (what: string) => detail(501, `${what} is not implemented by this server yet.`),
  notReady: (what: string, retryAfter: number) =>
    detail(503, `The ${what} is still being made; ask again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`, { 'Retry-After': String(retryAfter) }),
  failed: (what: string) => detail(500, `The ${what} could not be made because of an internal error; the server log has the details.`),
  invalidPage: () => detail(404, 'Invalid page.'),
  fields: (fieldErrors: Record<string, string[]>) => new ApiError(400, fieldErrors),
  badRequest: (text: string) => detail(400, text),
  tooLarge: (text: string) => detail(413, text),
  fieldTooLarge: (field: string, limit: number) => detail(413, `The field "${field}" is larger than the limit of ${limit} bytes.`),
  bodyTooLarge: (limit: number) => detail(413, `The request body is larger than the limit of ${limit} bytes.`),
  bodyTooDeep: (levels: number) => detail(400, `JSON parse error: nested deeper than ${levels} levels.`),
  unsupportedMediaType: (type: string) => detail(415, `Unsupported media type "${type}" in request.`),
  methodNotAllowed: (method: string, allow: string) => detail(405, `Method "${method}" not allowed.`, { Allow: allow }),
  /** The disk or the database is full: nothing the client sent was kept. */
  storageFull: (cause: string) =>
    detail(507, `The server's storage is full (${cause}); nothing was saved. Try again once the operator has freed space.`),
  /** The disk or the database refuses writes (read-only, no permission, I/O error): an operator can fix it. */
  storageUnavailable: (cause: string) =>
    detail(503, `The server's storage is unavailable (${cause}); nothing was saved. Try again later.`, { 'Retry-After': '60' }),
  /** /readyz: a dependency the process needs to serve does not answer. */
  unready: (failures: string[]) =>
    detail(503, `This server cannot serve: ${failures.join('; ')}.`, { 'Retry-After': '5' }),
  throttled: (seconds: number) =>
    detail(429, `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`, { 'Retry-After': String(seconds) }),
};
