let last = 0;

/** An instant as ISO 8601 with microseconds: the one form every timestamp in the database takes,
 * so that timestamps sort and compare as text in SQLite and PostgreSQL alike. */
export function formatInstant(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}000Z`;
}

/** Now, strictly increasing within this process, so that "newest first" has no ties
 * between objects created in the same millisecond. */
export function timestamp(): string {
  let micros = Date.now() * 1000;
  if (micros <= last) micros = last + 1;
  last = micros;
  const iso = new Date(Math.floor(micros / 1000)).toISOString();
  return `${iso.slice(0, 19)}.${String(micros % 1_000_000).padStart(6, '0')}Z`;
}

/** An ISO 8601 text in the database's form, or null when it does not parse. */
export function parseInstant(text: string): string | null {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : formatInstant(ms);
}
