/**
 * What a failed read or write of the disk, the object store or the database says about the storage: full, or refusing
 * (read-only, no permission, I/O error). Both the HTTP answer (507 or 503) and the job retries are
 * decided from it; anything else is a bug, not a storage fault.
 */
export interface StorageFault {
  /** Full: 507 Insufficient Storage. Refusing: 503, since an operator can fix it without the client changing anything. */
  kind: 'full' | 'refusing';
  /** The system's code, e.g. ENOSPC, EROFS, SQLITE_FULL, 53100. */
  code: string;
  /** What the code means, for the `detail` and the failure reason: "no space left on device". */
  cause: string;
  /** The file the system named, when it named one. */
  path: string | null;
}

/** Operating-system codes (Node's fs errors). */
const SYSTEM: Record<string, { kind: StorageFault['kind']; cause: string }> = {
  ENOSPC: { kind: 'full', cause: 'no space left on device' },
  EDQUOT: { kind: 'full', cause: 'disk quota exceeded' },
  EFBIG: { kind: 'full', cause: 'file too large for the file system' },
  EACCES: { kind: 'refusing', cause: 'permission denied' },
  EPERM: { kind: 'refusing', cause: 'operation not permitted' },
  EROFS: { kind: 'refusing', cause: 'read-only file system' },
  EIO: { kind: 'refusing', cause: 'input/output error' },
  EMFILE: { kind: 'refusing', cause: 'too many open files' },
  ENFILE: { kind: 'refusing', cause: 'too many open files in the system' },
};

/** SQLite result codes (better-sqlite3), matched by prefix: SQLITE_IOERR_WRITE is an SQLITE_IOERR. */
const SQLITE: [prefix: string, kind: StorageFault['kind'], cause: string][] = [
  ['SQLITE_FULL', 'full', 'the database disk is full'],
  ['SQLITE_IOERR', 'refusing', 'the database had an input/output error'],
  ['SQLITE_READONLY', 'refusing', 'the database is read-only'],
  ['SQLITE_CANTOPEN', 'refusing', 'the database file cannot be opened'],
  ['SQLITE_PERM', 'refusing', 'the database refused access'],
];

/** PostgreSQL SQLSTATEs of class 53 (insufficient resources) and 58 (system error). */
const POSTGRES: Record<string, { kind: StorageFault['kind']; cause: string }> = {
  '53100': { kind: 'full', cause: 'the database disk is full' },
  '58030': { kind: 'refusing', cause: 'the database had an input/output error' },
};

/**
 * An S3-compatible object store's answers, as the S3 blob store reports them (`S3_` and the store's
 * error code). Any other answer of status 500 or more, and a store that cannot be reached at all,
 * is refusing too; other 4xx answers are bugs of ours.
 */
const OBJECT_STORE: Record<string, { kind: StorageFault['kind']; cause: string }> = {
  S3_QuotaExceeded: { kind: 'full', cause: 'the bucket\'s quota is exceeded' },
  S3_XMinioStorageFull: { kind: 'full', cause: 'the object store is full' },
  S3_InsufficientStorage: { kind: 'full', cause: 'the object store is full' },
  S3_NoSuchBucket: { kind: 'refusing', cause: 'the bucket does not exist' },
  S3_AccessDenied: { kind: 'refusing', cause: 'the object store denied access' },
  S3_InvalidAccessKeyId: { kind: 'refusing', cause: 'the object store does not know the access key' },
  S3_SignatureDoesNotMatch: { kind: 'refusing', cause: 'the object store refused the secret key' },
  S3_SlowDown: { kind: 'refusing', cause: 'the object store asks to slow down' },
  S3_RequestTimeout: { kind: 'refusing', cause: 'the object store timed out' },
  S3_TimeoutError: { kind: 'refusing', cause: 'the object store did not answer in time' },
  // The connection broke half-way through a body: the store restarted, or something between cut it.
  // (A reset, ECONNRESET or "socket hang up", is one of the network's E… codes: "cannot be reached".)
  S3_ERR_STREAM_PREMATURE_CLOSE: { kind: 'refusing', cause: 'the connection to the object store broke before the end of the transfer' },
  S3_ERR_SOCKET_CLOSED: { kind: 'refusing', cause: 'the connection to the object store broke before the end of the transfer' },
};

function objectStoreFault(code: string, status: unknown, where: string | null): StorageFault | null {
  const known = OBJECT_STORE[code];
  if (known) return { ...known, code, path: where };
  if (typeof status !== 'number') return { kind: 'refusing', code, cause: 'the object store cannot be reached', path: where };
  if (status === 507) return { kind: 'full', code, cause: 'the object store is full', path: where };
  if (status >= 500) return { kind: 'refusing', code, cause: `the object store failed (HTTP ${status})`, path: where };
  return null;
}

/** The storage fault behind an error, or null when the error is not one. */
export function storageFault(err: unknown): StorageFault | null {
  if (!err || typeof err !== 'object') return null;
  const { code, path, status } = err as { code?: unknown; path?: unknown; status?: unknown };
  if (typeof code !== 'string') return null;
  const where = typeof path === 'string' ? path : null;
  if (code.startsWith('S3_')) return objectStoreFault(code, status, where);
  const system = SYSTEM[code];
  if (system) return { ...system, code, path: where };
  const sqlite = SQLITE.find(([prefix]) => code.startsWith(prefix));
  if (sqlite) return { kind: sqlite[1], code, cause: sqlite[2], path: where };
  const postgres = POSTGRES[code];
  if (postgres) return { ...postgres, code, path: where };
  return null;
}

/** "no space left on device (ENOSPC)": the cause in words, with the code an operator searches for. */
export function describeFault(fault: StorageFault): string {
  return `${fault.cause} (${fault.code})`;
}
