import type { Knex } from 'knex';
import { textColumn } from './columns.ts';

// Account-wide state of a person: notification preferences, the chosen username, and the workspace each app has open.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_preferences', (t) => {
    const text = textColumn(knex, t);
    text('user_id').primary();
    t.foreign('user_id').references('users.id').onDelete('CASCADE');
    text('email_off').notNullable();
    text('muted_workspaces').notNullable();
  });
  await knex.schema.createTable('usernames', (t) => {
    const text = textColumn(knex, t);
    text('user_id').primary();
    t.foreign('user_id').references('users.id').onDelete('CASCADE');
    text('username').notNullable().unique();
    text('chosen_at');
  });
  await knex.schema.createTable('opened_workspaces', (t) => {
    const text = textColumn(knex, t);
    text('token_id').primary();
    t.foreign('token_id').references('access_tokens.id').onDelete('CASCADE');
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['opened_workspaces', 'usernames', 'account_preferences']) await knex.schema.dropTable(table);
}
