import type { Knex } from 'knex';
import { textColumn } from './columns.ts';

// User labels and the thread-label join. Label ids (`USER_<NAME>`) repeat across workspaces, so a label is keyed
// by (workspace_id, id). `name_key` is the name folded for "ignoring case" comparisons; its unique index settles
// races between two creates or renames of the same name.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('labels', (t) => {
    const text = textColumn(knex, t);
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('id').notNullable();
    text('name').notNullable();
    text('name_key').notNullable();
    text('background_color');
    text('ai_instructions');
    t.boolean('ai_enabled').notNullable();
    text('created_at').notNullable();
    text('updated_at').notNullable();
    t.primary(['workspace_id', 'id']);
    t.unique(['workspace_id', 'name_key']);
    t.index(['workspace_id', 'name', 'id']);
  });
  // No foreign key to labels: the threads area will keep system labels (INBOX, TRASH, ...) here as well, and
  // those have no row in `labels`. Deleting a user label removes its rows explicitly, in the same transaction.
  await knex.schema.createTable('thread_labels', (t) => {
    const text = textColumn(knex, t);
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('thread_id').notNullable();
    text('label_id').notNullable();
    t.primary(['workspace_id', 'thread_id', 'label_id']);
    t.index(['workspace_id', 'label_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['thread_labels', 'labels']) await knex.schema.dropTable(table);
}
