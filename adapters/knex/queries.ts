import type { Knex } from 'knex';
import type { Position } from '../../core/kernel/paging.ts';

// Query shapes several repositories share.

/** Newest first by `created_at`, ties broken by `id`, continuing strictly after `after` (`[createdAt, id]`). */
export function newestFirst<Q extends Knex.QueryBuilder>(query: Q, after: Position | null, createdAt = 'created_at', id = 'id'): Q {
  if (after) {
    const at = String(after[0]);
    const last = String(after[1]);
    // A row-value comparison lets both databases seek the (created_at, id) index straight to the position; the
    // equivalent OR form scans from the newest row, so page 1,000 would cost 1,000 pages.
    query.whereRaw('(??, ??) < (?, ?)', [createdAt, id, at, last]);
  }
  return query.orderBy([{ column: createdAt, order: 'desc' }, { column: id, order: 'desc' }]) as Q;
}

/** Counts come back as a number from SQLite and as a string from PostgreSQL. */
export async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}
