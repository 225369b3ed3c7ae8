/**
 * Stored JSON is read back through a reader next to the code that writes it: the reader checks the
 * shape it expects, so a file of another version or a damaged one fails with its name, not later
 * with an undefined field.
 */
export function readJson<T>(data: Uint8Array | string, what: string, is: (value: unknown) => value is T): T {
  const text = typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  const value: unknown = JSON.parse(text);
  if (!is(value)) throw new Error(`${what} does not have the stored shape`);
  return value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
