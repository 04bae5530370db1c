import type { Knex } from 'knex';
import { textColumn } from './columns.ts';

// spec: Resources — Signature. `address` is one address or a `*@<domain>` catch-all; `domain` is kept beside it
// so a narrowed caller's reach (held addresses, held whole domains) is one indexed condition. `name_key` is the
// name folded for case, so the unique index enforces "unique on its address ignoring case". The two partial
// unique indexes back up the use cases' "at most one default and one reply default per address".
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('signatures', (t) => {
    const text = textColumn(knex, t);
    text('id').primary();
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('address').notNullable();
    text('domain').notNullable();
    text('name').notNullable();
    text('name_key').notNullable();
    text('html').notNullable();
    t.boolean('is_default').notNullable();
    t.boolean('is_reply_default').notNullable();
    text('created_at').notNullable();
    text('updated_at').notNullable();
    t.unique(['workspace_id', 'address', 'name_key'], { indexName: 'signatures_name_unique' });
    t.index(['workspace_id', 'address', 'created_at', 'id']);
    t.index(['workspace_id', 'domain']);
  });
  // `where is_default` reads a boolean on PostgreSQL and 0/1 on SQLite alike.
  await knex.raw('create unique index signatures_one_default on signatures (workspace_id, address) where is_default');
  await knex.raw('create unique index signatures_one_reply_default on signatures (workspace_id, address) where is_reply_default');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('signatures');
}
