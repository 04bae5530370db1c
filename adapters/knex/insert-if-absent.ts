import type { Knex } from 'knex';

/**
 * Inserts a row unless it collides with one already there (any unique key), and says whether it went in.
 * `returning` yields the row only when it was written, on SQLite (>= 3.35) and PostgreSQL alike.
 */
export async function insertIfAbsent(db: Knex, table: string, row: Record<string, unknown>, column: string): Promise<boolean> {
  const written: unknown[] = await db(table).insert(row).onConflict().ignore().returning(column);
  return written.length > 0;
}
