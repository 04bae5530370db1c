import type { Knex } from 'knex';
import { textColumn } from './columns.ts';

// Domains area: the verdicts of DNS checks and the owner's choices on `domains`, plus the DKIM key and the custom
// hosts in tables of their own (a key can be rotated and a host replaced without touching the domain row).

const DOMAIN_COLUMNS = [
  'receiving_verified_at', 'receiving_checked_at', 'receiving_error', 'sending_checked_at', 'sending_error',
  'record_status', 'dmarc_policy', 'dmarc_published', 'sender_name', 'host_secret',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('domains', (t) => {
    // Same byte-wise text columns as a created table (columns.ts); the builders share the column methods.
    const text = textColumn(knex, t as unknown as Knex.CreateTableBuilder);
    text('receiving_verified_at');
    text('receiving_checked_at');
    text('receiving_error');
    text('sending_checked_at');
    text('sending_error');
    // JSON: what the last check saw of each record, by purpose.
    text('record_status').notNullable().defaultTo('{}');
    text('dmarc_policy').notNullable().defaultTo('none');
    text('dmarc_published');
    text('sender_name');
    // Sealed with the master key (docs/adr/0002-secrets.md).
    text('host_secret');
  });

  await knex.schema.createTable('domain_dkim_keys', (t) => {
    const text = textColumn(knex, t);
    text('domain_id').primary();
    t.foreign('domain_id').references('domains.id').onDelete('CASCADE');
    text('selector').notNullable();
    text('public_key').notNullable();
    text('private_key').notNullable();
    text('created_at').notNullable();
  });

  await knex.schema.createTable('domain_hosts', (t) => {
    const text = textColumn(knex, t);
    text('domain_id').notNullable();
    t.foreign('domain_id').references('domains.id').onDelete('CASCADE');
    text('kind').notNullable();
    // One host serves one domain, whatever its kind or workspace.
    text('host').notNullable().unique();
    text('status').notNullable();
    text('target').notNullable();
    text('error');
    text('checked_at');
    text('created_at').notNullable();
    t.primary(['domain_id', 'kind']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('domain_hosts');
  await knex.schema.dropTable('domain_dkim_keys');
  await knex.schema.alterTable('domains', (t) => { t.dropColumns(...DOMAIN_COLUMNS); });
}
