/**
 * What the client throws. Every answer the server refuses becomes a `LikenessError` (or one of its
 * kinds, for a `catch` that tells them apart) carrying the status, the DRF `detail` and the DRF
 * field errors as a map, so a form can show each message beside its field.
 */

/** DRF field errors: field name (or `non_field_errors`) → messages. */
export type FieldErrors = Record<string, string[]>;

export class LikenessError extends Error {
  override name = 'LikenessError';
  /** The HTTP status; 0 when no answer came (the network failed). */
  readonly status: number;
  /** The body's `detail`, or the OAuth `error_description`; null when the body has none. */
  readonly detail: string | null;
  /** Field errors of a 400, empty otherwise. */
  readonly fields: FieldErrors;
  /** The parsed JSON body (or its text). */
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.status = status;
    this.body = body;
    const object = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const detail = object.detail ?? object.error_description;
    this.detail = typeof detail === 'string' ? detail : null;
    this.fields = Object.fromEntries(
      Object.entries(object).flatMap(([key, value]) =>
        Array.isArray(value) && value.every((v) => typeof v === 'string') ? [[key, value as string[]]] : [],
      ),
    );
  }
}

/** 400: the request is wrong; `fields` says where. */
export class ValidationError extends LikenessError {
  override name = 'ValidationError';
}
/** 401, or a token request refused: the credentials or the token are not accepted. */
export class AuthenticationError extends LikenessError {
  override name = 'AuthenticationError';
}
/** 403: the plan, the token's scope or the PlayerUID does not allow it. */
export class PermissionDeniedError extends LikenessError {
  override name = 'PermissionDeniedError';
}
/** 404: no such object, or not visible in this access mode. */
export class NotFoundError extends LikenessError {
  override name = 'NotFoundError';
}
/** 429 still answered after the retries allowed. */
export class ThrottledError extends LikenessError {
  override name = 'ThrottledError';
}
/** 5xx still answered after the retries allowed, or no answer at all. */
export class ServerError extends LikenessError {
  override name = 'ServerError';
}

/** An avatar or export that ended `Failed` or `Timed Out`: the message is the server's `failure_reason`. */
export class JobFailedError<T = unknown> extends Error {
  override name = 'JobFailedError';
  constructor(
    /** `Failed` or `Timed Out`. */
    readonly status: string,
    /** The server's `failure_reason`. */
    readonly reason: string,
    /** The avatar or export as last read. */
    readonly object: T,
  ) {
    super(reason);
  }
}

/** Waiting ran past its `timeoutMs`; the work may still finish on the server. */
export class WaitTimeoutError extends Error {
  override name = 'WaitTimeoutError';
}

/** The error for an answer that is not 2xx, by status. */
export function errorFor(status: number, body: unknown): LikenessError {
  const object = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const said = object.detail ?? object.error_description ?? object.error;
  const fields = Object.entries(object).filter(([, v]) => Array.isArray(v)).map(([k, v]) => `${k}: ${(v as unknown[]).join(' ')}`);
  const message =
    typeof said === 'string' ? said : fields.length > 0 ? fields.join('; ') : `HTTP ${status}: ${typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body)}`;
  if (status === 400 && typeof object.error === 'string') return new AuthenticationError(status, message, body);
  if (status === 400) return new ValidationError(status, message, body);
  if (status === 401) return new AuthenticationError(status, message, body);
  if (status === 403) return new PermissionDeniedError(status, message, body);
  if (status === 404) return new NotFoundError(status, message, body);
  if (status === 429) return new ThrottledError(status, message, body);
  if (status >= 500) return new ServerError(status, message, body);
  return new LikenessError(status, message, body);
}

/** A request that got no answer: the server is down, unreachable, or the connection broke. */
export function noAnswer(url: URL, err: unknown): ServerError {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (err as Error).message;
  return new ServerError(0, `no answer from ${url.origin}: ${why}`, null);
}
