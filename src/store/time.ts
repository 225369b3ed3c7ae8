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

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6})\d*)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO 8601 date or date-time in the database's form, to the microsecond, or null when it is not one.
 * A date alone is its midnight UTC; a time without an offset is UTC. */
export function parseInstant(text: string): string | null {
  const m = ISO_8601.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = m;
  const offset = zone === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  if (Number.isNaN(ms) || Number(mo) > 12 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  return `${new Date(ms).toISOString().slice(0, 19)}.${fraction.padEnd(6, '0')}Z`;
}
