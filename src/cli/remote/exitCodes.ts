import { AuthenticationError, JobFailedError, NotFoundError, PermissionDeniedError, ServerError, ThrottledError, ValidationError, WaitTimeoutError } from '../../client/index.js';

/** What `likeness` exits with, so that scripts can tell failures apart (README, "Exit codes"). */
export const EXIT = {
  ok: 0,
  /** Anything not below: a bug, a file that cannot be written. */
  error: 1,
  /** The command line is wrong: unknown command or option, a missing argument. */
  usage: 2,
  /** `likeness serve` could not start: its data dir, database or blob store failed a check. */
  serverDidNotStart: 3,
  /** No credentials, or the server refused them or the token (401). */
  authentication: 4,
  /** The plan, the token's scope or the player does not allow it (403). */
  permission: 5,
  /** No such avatar, export or player (404). */
  notFound: 6,
  /** The server refused the request as invalid (400); the field errors are printed. */
  invalid: 7,
  /** The avatar or export ended Failed or Timed Out. */
  failed: 8,
  /** The server could not be reached, kept answering 5xx or 429, or waiting ran past --timeout. */
  unavailable: 9,
  /** Ctrl-C while waiting (128 + SIGINT); the work goes on on the server. */
  interrupted: 130,
} as const;

export function exitCodeOf(err: unknown): number {
  if (err instanceof AuthenticationError) return EXIT.authentication;
  if (err instanceof PermissionDeniedError) return EXIT.permission;
  if (err instanceof NotFoundError) return EXIT.notFound;
  if (err instanceof ValidationError) return EXIT.invalid;
  if (err instanceof JobFailedError) return EXIT.failed;
  if (err instanceof ServerError || err instanceof ThrottledError || err instanceof WaitTimeoutError) return EXIT.unavailable;
  if (err instanceof UsageError) return EXIT.usage;
  if (err instanceof MissingCredentials) return EXIT.authentication;
  return EXIT.error;
}

/** A command line that cannot be carried out as written. */
export class UsageError extends Error {}

export class MissingCredentials extends Error {}
