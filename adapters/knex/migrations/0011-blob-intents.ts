import type { Knex } from 'knex';
import { textColumn } from './columns.ts';

// Bytes written whose owning row has not committed yet (core/blobs/claimed-blob.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('blob_intents', (t) => {
    const text = textColumn(knex, t);
    text('ref').primary();
    text('created_at').notNullable();
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('blob_intents');
}
