import type { Knex } from 'knex';
import { textColumn } from './columns.ts';

// The event outbox: rows are written in the transaction of the change that raised them.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('events', (t) => {
    const text = textColumn(knex, t);
    text('id').primary();
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('type').notNullable();
    text('data').notNullable();
    text('address');
    text('domain');
    text('created_at').notNullable();
    t.index(['workspace_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('events');
}
