import type { Knex } from 'knex';
import { dialectOf } from '../dialect.ts';

/**
 * Text columns compare byte-wise on both databases: SQLite does by default, PostgreSQL only under the "C"
 * collation. Keyset paging and ISO-8601 timestamps rely on the two agreeing whatever the server's locale.
 * Shared by migrations, so change it only by adding new helpers: old migrations must keep their meaning.
 */
export function textColumn(knex: Knex, t: Knex.CreateTableBuilder) {
  const postgres = dialectOf(knex) === 'postgres';
  return (name: string): Knex.ColumnBuilder => (postgres ? t.specificType(name, 'text collate "C"') : t.text(name));
}
