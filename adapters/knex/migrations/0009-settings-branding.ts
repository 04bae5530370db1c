import type { Knex } from 'knex';
import { textColumn } from './columns.ts';

// spec: Branding and settings; Account photo.
// - settings_scopes: what one scope sets itself ('' the workspace, '@d', '*@d', or an address), as JSON.
// - account_settings: a person's own fields (time zone, language...), as JSON.
// - images: processed WebP pictures in the blob store, served publicly by id. Each belongs to a workspace (brand
//   images) or a person (photos), so deleting either takes the records with it.
// - brands: a workspace's fonts, sign-in background (and the one before the photo), and variant -> image id.
// - account_photos: a person's photo.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('settings_scopes', (t) => {
    const text = textColumn(knex, t);
    text('workspace_id').notNullable();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('scope').notNullable();
    text('settings').notNullable();
    text('updated_at').notNullable();
    t.primary(['workspace_id', 'scope']);
  });
  await knex.schema.createTable('account_settings', (t) => {
    const text = textColumn(knex, t);
    text('user_id').primary();
    t.foreign('user_id').references('users.id').onDelete('CASCADE');
    text('settings').notNullable();
    text('updated_at').notNullable();
  });
  await knex.schema.createTable('images', (t) => {
    const text = textColumn(knex, t);
    text('id').primary();
    text('workspace_id');
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('user_id');
    t.foreign('user_id').references('users.id').onDelete('CASCADE');
    text('blob_ref').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.bigInteger('size_bytes').notNullable();
    text('created_at').notNullable();
  });
  await knex.schema.createTable('brands', (t) => {
    const text = textColumn(knex, t);
    text('workspace_id').primary();
    t.foreign('workspace_id').references('workspaces.id').onDelete('CASCADE');
    text('fonts').notNullable();
    text('login_background');
    text('background_before_image');
    text('images').notNullable();
    text('updated_at');
  });
  await knex.schema.createTable('account_photos', (t) => {
    const text = textColumn(knex, t);
    text('user_id').primary();
    t.foreign('user_id').references('users.id').onDelete('CASCADE');
    text('image_id').notNullable();
    text('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['account_photos', 'brands', 'images', 'account_settings', 'settings_scopes']) await knex.schema.dropTable(table);
}
