import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.js';

/** One page of a list, with the total needed to build the Link header. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export interface PageRequest {
  /** 1-based page number. */
  page: number;
  size: number;
}

type Listed = 'avatars' | 'players' | 'exports';

/** One page of a filtered table, newest first; `code` breaks ties so that pages never overlap. */
export async function newestFirst<T extends Listed>(
  query: SelectQueryBuilder<Database, T, {}>,
  page: PageRequest,
): Promise<Page<Database[T]>> {
  const counted = query as unknown as SelectQueryBuilder<Database, Listed, {}>;
  const { total } = await counted.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const offset = (page.page - 1) * page.size;
  if (offset >= Number(total)) return { rows: [], total: Number(total) };
  const rows = await counted
    .selectAll()
    .orderBy('created_on', 'desc')
    .orderBy('code', 'desc')
    .limit(page.size)
    .offset(offset)
    .execute();
  return { rows: rows as unknown as Database[T][], total: Number(total) };
}
