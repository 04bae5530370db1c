import type { Knex } from 'knex';
import { textColumn } from './columns.ts';

// Emails sent through POST /emails. Lists of addresses, headers, attachments and tags are JSON text.
// `recipient_count` is what the monthly send allowance sums; `due` finds scheduled mail by (status, scheduled_at).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('emails', (t) => {
    const text = textColumn(knex, t);
    text('id').primary();
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('from_header').notNullable();
    text('from_address').notNullable();
    text('to_addresses').notNullable();
    text('cc_addresses').notNullable();
    text('bcc_addresses').notNullable();
    t.integer('recipient_count').notNullable();
    text('subject').notNullable();
    text('html');
    text('text_body');
    text('reply_to');
    text('headers').notNullable();
    text('attachments').notNullable();
    text('signature_id');
    text('tags').notNullable();
    t.boolean('marketing').notNullable();
    text('status').notNullable();
    text('scheduled_at');
    text('suppressed').notNullable();
    text('message_id');
    text('error');
    text('link_base').notNullable();
    text('created_at').notNullable();
    text('updated_at').notNullable();
    text('sent_at');
    text('failed_at');
    text('cancelled_at');
    t.index(['workspace_id', 'created_at', 'id']);
    t.index(['status', 'scheduled_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('emails');
}
