import type { Knex } from 'knex';
import { textColumn } from './columns.ts';

// Contacts, audiences and the suppression and unsubscribe lists. `audiences`, `contacts` and `audience_members`
// exist since 0001 (the fixture loader writes them); this adds what the contacts area needs, with defaults so
// rows written by the fixture loader stay valid:
// - contacts.custom_fields: a JSON record; contacts.source: how the contact came (`api`, `import`, `fixture`);
//   contacts.name_key: the name lower-cased by Unicode rules, for `q` (SQL lower() folds ASCII only).
// - audience_members.unsubscribed_at: the per-audience subscribed state (null while subscribed).
// - unsubscribes.audience_ids: the audiences a team record switched off, so taking it back re-subscribes them.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    const text = textColumn(knex, t as unknown as Knex.CreateTableBuilder);
    text('custom_fields').notNullable().defaultTo('{}');
    text('source');
    text('name_key');
    t.index(['workspace_id', 'created_at', 'id']);
  });
  await knex.schema.alterTable('audiences', (t) => {
    t.index(['workspace_id', 'created_at', 'id']);
  });
  await knex.schema.alterTable('audience_members', (t) => {
    const text = textColumn(knex, t as unknown as Knex.CreateTableBuilder);
    text('unsubscribed_at');
    // GET /audiences/growth reads memberships from these alone (covering indexes, no table lookups): per audience
    // by join time, per audience by unsubscribe time, and per person (each person counted once).
    t.index(['audience_id', 'joined_at', 'unsubscribed_at', 'contact_id'], 'audience_members_growth_index');
    t.index(['audience_id', 'unsubscribed_at'], 'audience_members_unsubscribed_index');
    t.index(['contact_id', 'audience_id', 'unsubscribed_at'], 'audience_members_person_index');
  });

  await knex.schema.createTable('suppressions', (t) => {
    const text = textColumn(knex, t);
    text('id').primary();
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('email').notNullable();
    text('reason').notNullable();
    text('detail');
    text('created_at').notNullable();
    t.unique(['workspace_id', 'email']);
    t.index(['workspace_id', 'created_at', 'id']);
  });

  await knex.schema.createTable('unsubscribes', (t) => {
    const text = textColumn(knex, t);
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('email').notNullable();
    text('source').notNullable();
    text('broadcast_id');
    text('automation_id');
    text('audience_ids').notNullable();
    text('created_at').notNullable();
    t.primary(['workspace_id', 'email']);
    t.index(['workspace_id', 'created_at', 'email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('unsubscribes');
  await knex.schema.dropTable('suppressions');
  await knex.schema.alterTable('audience_members', (t) => {
    t.dropIndex([], 'audience_members_growth_index');
    t.dropIndex([], 'audience_members_unsubscribed_index');
    t.dropIndex([], 'audience_members_person_index');
    t.dropColumn('unsubscribed_at');
  });
  await knex.schema.alterTable('audiences', (t) => t.dropIndex(['workspace_id', 'created_at', 'id']));
  await knex.schema.alterTable('contacts', (t) => {
    t.dropIndex(['workspace_id', 'created_at', 'id']);
    t.dropColumn('name_key');
    t.dropColumn('source');
    t.dropColumn('custom_fields');
  });
}
