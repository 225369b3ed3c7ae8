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
  unknownPlayer: () => detail(403, 'The player in X-PlayerUID is unknown or was deleted.'),
  planTooLow: (what: string, plan: string) => detail(403, `${what} needs the ${plan} plan or higher.`),
  notFound: (what = 'Not found.') => detail(404, what),
  notProduced: (asset: string, why: string) => detail(404, `The ${asset} of this avatar is not available: ${why}`),
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
  throttled: (seconds: number) =>
    detail(429, `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`, { 'Retry-After': String(seconds) }),
};
