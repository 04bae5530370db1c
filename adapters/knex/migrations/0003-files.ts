import type { Knex } from 'knex';
import { textColumn } from './columns.ts';

// Files and their public links. A deleted file keeps its row (`deleted_at` set); its bytes are gone.
// `name_key` is the lower-cased name, computed by the core, so search and the name sort agree on both databases.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('files', (t) => {
    const text = textColumn(knex, t);
    text('id').primary();
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('filename').notNullable();
    text('name_key').notNullable();
    text('mime_type').notNullable();
    text('kind');
    t.bigInteger('size_bytes').notNullable();
    text('sha256').notNullable();
    text('blob_ref').notNullable();
    text('direction').notNullable();
    text('usage');
    text('delivered_to');
    text('delivered_domain');
    text('thread_id');
    text('message_id');
    text('created_at').notNullable();
    text('deleted_at');
    // One index per sort; the upload rate counts uploads by time.
    t.index(['workspace_id', 'created_at', 'id']);
    t.index(['workspace_id', 'size_bytes', 'id']);
    t.index(['workspace_id', 'name_key', 'id']);
    t.index(['workspace_id', 'direction', 'created_at']);
  });

  await knex.schema.createTable('file_links', (t) => {
    const text = textColumn(knex, t);
    text('id').primary();
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('file_id').notNullable();
    t.foreign('file_id').references('files.id').onDelete('CASCADE');
    text('token_hash').notNullable().unique();
    text('created_at').notNullable();
    text('revoked_at');
    t.index(['file_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('file_links');
  await knex.schema.dropTable('files');
}
