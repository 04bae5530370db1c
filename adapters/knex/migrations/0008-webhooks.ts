import type { Knex } from 'knex';
import { textColumn } from './columns.ts';

// Webhook endpoints, their deliveries and attempts, the endpoint audit log; the dispatch mark on the event
// outbox; and `job_queue`, where the knex agenda backend keeps durable jobs (the embedded SQLite default).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    const text = textColumn(knex, t);
    text('id').primary();
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('url').notNullable();
    text('description');
    text('event_types').notNullable();
    text('state').notNullable();
    text('disabled_at');
    text('disabled_reason');
    t.integer('consecutive_failures').notNullable();
    text('address_allowlist').notNullable();
    text('domain_allowlist').notNullable();
    text('last_delivery_at');
    text('secret_sealed').notNullable();
    text('previous_secret_sealed');
    text('previous_secret_expires_at');
    text('enabled_since').notNullable();
    text('created_at').notNullable();
    text('updated_at').notNullable();
    t.index(['workspace_id', 'created_at', 'id']);
  });

  await knex.schema.createTable('webhook_deliveries', (t) => {
    const text = textColumn(knex, t);
    text('id').primary();
    text('workspace_id').notNullable();
    text('endpoint_id').notNullable();
    t.foreign('endpoint_id').references('webhook_endpoints.id').onDelete('CASCADE');
    text('event_id').notNullable();
    text('event_type').notNullable();
    text('payload').notNullable();
    text('status').notNullable();
    t.integer('attempts').notNullable();
    t.integer('round_attempts').notNullable();
    text('next_attempt_at');
    text('lease_until');
    t.integer('last_response_status');
    text('last_error');
    text('created_at').notNullable();
    text('updated_at').notNullable();
    text('completed_at');
    t.unique(['endpoint_id', 'event_id']);
    t.index(['endpoint_id', 'created_at', 'id']);
    t.index(['status', 'next_attempt_at']);
  });

  await knex.schema.createTable('webhook_attempts', (t) => {
    const text = textColumn(knex, t);
    text('id').primary();
    text('delivery_id').notNullable();
    t.foreign('delivery_id').references('webhook_deliveries.id').onDelete('CASCADE');
    text('endpoint_id').notNullable();
    text('workspace_id').notNullable();
    t.integer('attempt').notNullable();
    text('started_at').notNullable();
    text('url').notNullable();
    text('request_headers').notNullable();
    t.integer('response_status');
    text('response_body').notNullable();
    t.integer('duration_ms').notNullable();
    text('error');
    t.boolean('succeeded').notNullable();
    t.index(['delivery_id', 'attempt']);
    t.index(['endpoint_id', 'started_at']);
  });

  await knex.schema.createTable('webhook_audit', (t) => {
    const text = textColumn(knex, t);
    text('id').primary();
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('endpoint_id').notNullable();
    text('type').notNullable();
    text('actor').notNullable();
    text('detail').notNullable();
    text('created_at').notNullable();
    t.index(['workspace_id', 'endpoint_id', 'created_at', 'id']);
  });

  // Rows recorded before this migration count as handled: no endpoint existed to receive them.
  await knex.schema.alterTable('events', (t) => { textColumn(knex, t)('dispatched_at'); });
  await knex('events').update({ dispatched_at: knex.ref('created_at') });
  await knex.schema.alterTable('events', (t) => {
    t.index(['created_at', 'id'], 'events_undispatched', { predicate: knex.whereNull('dispatched_at') });
  });

  // Times are epoch milliseconds so both databases compare them as numbers.
  await knex.schema.createTable('job_queue', (t) => {
    const text = textColumn(knex, t);
    text('id').primary();
    text('name').notNullable();
    t.integer('priority').notNullable();
    t.bigInteger('next_run_at');
    text('type').notNullable();
    t.bigInteger('locked_at');
    t.bigInteger('last_finished_at');
    t.bigInteger('failed_at');
    t.integer('fail_count');
    text('fail_reason');
    text('repeat_timezone');
    t.bigInteger('last_run_at');
    text('repeat_interval');
    text('data');
    text('repeat_at');
    t.boolean('disabled').notNullable();
    t.double('progress');
    t.boolean('fork').notNullable();
    text('last_modified_by');
    t.bigInteger('debounce_started_at');
    t.bigInteger('start_date');
    t.bigInteger('end_date');
    text('skip_days');
    t.bigInteger('created_at').notNullable();
    t.index(['name', 'next_run_at']);
  });
  // agenda upserts a `single` job by name (its own backends do the same with a partial unique index).
  await knex.raw("create unique index job_queue_single on job_queue (name) where type = 'single'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('job_queue');
  await knex.schema.alterTable('events', (t) => { t.dropIndex(['created_at', 'id'], 'events_undispatched'); t.dropColumn('dispatched_at'); });
  for (const table of ['webhook_audit', 'webhook_attempts', 'webhook_deliveries', 'webhook_endpoints']) await knex.schema.dropTable(table);
}
