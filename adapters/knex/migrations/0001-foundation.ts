import type { Knex } from 'knex';
import { textColumn } from './columns.ts';

// Timestamps are ISO-8601 text (`YYYY-MM-DDTHH:mm:ss.sssZ`), which sorts and compares the same on both databases.
// Lists of strings and actors are JSON text; mappers in the repositories decode them.

const TABLES = [
  'rate_limit_windows', 'idempotency_keys', 'step_up_wrong_tries', 'step_up_codes', 'key_activity', 'request_log',
  'audience_members', 'contacts', 'audiences', 'access_tokens', 'api_keys', 'addresses', 'domains', 'memberships',
  'workspaces', 'users',
];

export async function up(knex: Knex): Promise<void> {
  const create = (name: string, build: (t: Knex.CreateTableBuilder, text: ReturnType<typeof textColumn>) => void) =>
    knex.schema.createTable(name, (t) => build(t, textColumn(knex, t)));
  const belongsTo = (t: Knex.CreateTableBuilder, column: string, parent: string) =>
    t.foreign(column).references(`${parent}.id`).onDelete('CASCADE');

  await create('users', (t, text) => {
    text('id').primary();
    text('email').notNullable();
    text('name');
    text('username');
    text('created_at').notNullable();
  });

  await create('workspaces', (t, text) => {
    text('id').primary();
    text('name').notNullable();
    text('slug').notNullable();
    text('kind').notNullable();
    text('owner_id').notNullable().references('users.id');
    text('plan').notNullable();
    text('created_at').notNullable();
    t.index(['owner_id', 'kind', 'created_at', 'id']);
  });

  await create('memberships', (t, text) => {
    text('workspace_id').notNullable();
    text('user_id').notNullable();
    text('role_id').notNullable();
    t.primary(['workspace_id', 'user_id']);
    belongsTo(t, 'workspace_id', 'workspaces');
    belongsTo(t, 'user_id', 'users');
    t.index(['user_id']);
  });

  await create('domains', (t, text) => {
    text('id').primary();
    text('workspace_id').notNullable();
    text('domain').notNullable();
    t.boolean('receiving_verified').notNullable();
    text('sending_status').notNullable();
    t.boolean('catch_all').notNullable();
    text('created_at').notNullable();
    belongsTo(t, 'workspace_id', 'workspaces');
    t.unique(['workspace_id', 'domain']);
  });

  await create('addresses', (t, text) => {
    text('id').primary();
    text('workspace_id').notNullable();
    text('domain_id').notNullable();
    text('address').notNullable();
    t.boolean('enabled').notNullable();
    text('name');
    text('created_at').notNullable();
    belongsTo(t, 'workspace_id', 'workspaces');
    belongsTo(t, 'domain_id', 'domains');
    t.unique(['workspace_id', 'address']);
    t.index(['domain_id']);
  });

  await create('api_keys', (t, text) => {
    text('id').primary();
    text('workspace_id').notNullable();
    text('name').notNullable();
    text('secret_hash').notNullable();
    text('key_last4').notNullable();
    text('lifecycle').notNullable();
    text('scopes').notNullable();
    text('role_id');
    text('address_allowlist').notNullable();
    text('domain_allowlist').notNullable();
    text('ip_allowlist').notNullable();
    text('expires_at');
    text('last_used_at');
    t.bigInteger('total_uses').notNullable();
    text('rotated_at');
    t.integer('rotation_count').notNullable();
    text('deactivated_at');
    text('revoked_at');
    text('revoked_reason');
    text('created_at').notNullable();
    text('created_by').notNullable();
    text('updated_at').notNullable();
    text('updated_by').notNullable();
    text('last_change_at').notNullable();
    text('last_change_type').notNullable();
    belongsTo(t, 'workspace_id', 'workspaces');
    t.index(['workspace_id', 'created_at', 'id']);
  });

  await create('access_tokens', (t, text) => {
    text('id').primary();
    text('workspace_id').notNullable();
    text('user_id').notNullable();
    text('token_hash').notNullable().unique();
    text('app_client_id').notNullable();
    text('app_name').notNullable();
    text('app_kind').notNullable();
    text('scopes').notNullable();
    text('address_allowlist').notNullable();
    text('domain_allowlist').notNullable();
    text('step_up_verified_at');
    text('expires_at');
    text('created_at').notNullable();
    belongsTo(t, 'workspace_id', 'workspaces');
    belongsTo(t, 'user_id', 'users');
    t.index(['user_id']);
  });

  await create('audiences', (t, text) => {
    text('id').primary();
    text('workspace_id').notNullable();
    text('name').notNullable();
    text('description');
    // Null for ordinary audiences; NULLs never collide, so the unique index allows one 'default' per workspace.
    text('builtin');
    t.boolean('show_on_preferences').notNullable();
    text('created_at').notNullable();
    text('updated_at').notNullable();
    belongsTo(t, 'workspace_id', 'workspaces');
    t.unique(['workspace_id', 'builtin']);
  });

  await create('contacts', (t, text) => {
    text('id').primary();
    text('workspace_id').notNullable();
    text('email').notNullable();
    text('name');
    text('created_at').notNullable();
    text('updated_at').notNullable();
    belongsTo(t, 'workspace_id', 'workspaces');
    t.unique(['workspace_id', 'email']);
  });

  await create('audience_members', (t, text) => {
    text('audience_id').notNullable();
    text('contact_id').notNullable();
    text('joined_at').notNullable();
    t.primary(['audience_id', 'contact_id']);
    belongsTo(t, 'audience_id', 'audiences');
    belongsTo(t, 'contact_id', 'contacts');
    t.index(['contact_id']);
  });

  // Log rows name keys and tokens without a foreign key: they outlive the credential they describe.
  await create('request_log', (t, text) => {
    text('id').primary();
    text('workspace_id').notNullable();
    text('key_id');
    text('token_id');
    text('request_id').notNullable();
    text('method').notNullable();
    text('path').notNullable();
    t.integer('status').notNullable();
    text('ip_address').notNullable();
    t.double('duration_ms').notNullable();
    text('created_at').notNullable();
    belongsTo(t, 'workspace_id', 'workspaces');
    t.index(['workspace_id', 'created_at', 'id']);
    t.index(['key_id', 'created_at', 'id']);
  });

  await create('key_activity', (t, text) => {
    text('id').primary();
    text('workspace_id').notNullable();
    text('key_id').notNullable();
    text('type').notNullable();
    text('source').notNullable();
    text('actor').notNullable();
    text('detail').notNullable();
    text('created_at').notNullable();
    belongsTo(t, 'workspace_id', 'workspaces');
    t.index(['workspace_id', 'created_at', 'id']);
    t.index(['key_id', 'created_at', 'id']);
  });

  await create('step_up_codes', (t, text) => {
    text('id').primary();
    text('token_id').notNullable();
    text('user_id').notNullable();
    text('client_id').notNullable();
    text('code_hash').notNullable();
    text('created_at').notNullable();
    text('expires_at').notNullable();
    t.integer('wrong_tries').notNullable();
    text('closed_at');
    belongsTo(t, 'token_id', 'access_tokens');
    belongsTo(t, 'user_id', 'users');
    t.index(['user_id', 'client_id', 'created_at', 'id']);
    t.index(['token_id']);
  });

  await create('step_up_wrong_tries', (t, text) => {
    t.bigIncrements('id');
    text('user_id').notNullable();
    text('client_id').notNullable();
    text('tried_at').notNullable();
    belongsTo(t, 'user_id', 'users');
    t.index(['user_id', 'tried_at']);
    t.index(['user_id', 'client_id', 'tried_at']);
  });

  // credential_id is a key id or a token id, so it has no foreign key.
  await create('idempotency_keys', (t, text) => {
    text('credential_id').notNullable();
    text('key').notNullable();
    text('request_hash').notNullable();
    t.integer('status').notNullable();
    text('body').notNullable();
    text('created_at').notNullable();
    t.primary(['credential_id', 'key']);
    t.index(['created_at']);
  });

  await create('rate_limit_windows', (t, text) => {
    text('bucket').notNullable();
    t.bigInteger('window_start').notNullable();
    t.integer('count').notNullable();
    t.primary(['bucket', 'window_start']);
    t.index(['window_start']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.schema.dropTableIfExists(table);
}
