import type { Knex } from 'knex';
import { dialectOf } from './dialect.ts';
import * as foundation from './migrations/0001-foundation.ts';
import * as events from './migrations/0002-events.ts';
import * as files from './migrations/0003-files.ts';
import * as signatures from './migrations/0004-signatures.ts';
import * as labels from './migrations/0005-labels.ts';
import * as account from './migrations/0006-account.ts';
import * as domains from './migrations/0007-domains.ts';
import * as webhooks from './migrations/0008-webhooks.ts';
import * as settingsBranding from './migrations/0009-settings-branding.ts';
import * as audiences from './migrations/0010-audiences.ts';
import * as blobIntents from './migrations/0011-blob-intents.ts';
import * as emails from './migrations/0012-emails.ts';

interface NamedMigration { name: string; migration: Knex.Migration }

// Listed by hand rather than read from a directory, so migrations load the same under tsx, a bundle or a test.
const MIGRATIONS: readonly NamedMigration[] = [
  { name: '0001-foundation', migration: foundation },
  { name: '0002-events', migration: events },
  { name: '0003-files', migration: files },
  { name: '0004-signatures', migration: signatures },
  { name: '0005-labels', migration: labels },
  { name: '0006-account', migration: account },
  { name: '0007-domains', migration: domains },
  { name: '0008-webhooks', migration: webhooks },
  { name: '0009-settings-branding', migration: settingsBranding },
  { name: '0010-audiences', migration: audiences },
  { name: '0011-blob-intents', migration: blobIntents },
  { name: '0012-emails', migration: emails },
  // (area migrations: 0003-files, 0004-signatures, 0005-labels; add one line each above this comment, in number order)
];

export const MIGRATION_NAMES: readonly string[] = MIGRATIONS.map((m) => m.name);

const source: Knex.MigrationSource<NamedMigration> = {
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: (m) => m.name,
  getMigration: async (m) => m.migration,
};

/** Brings the schema up to date; safe when several processes start on the same database at once. */
export async function migrate(knex: Knex): Promise<void> {
  if (dialectOf(knex) === 'postgres') await migratePostgres(knex);
  else await migrateSqlite(knex);
}

const latest = (knex: Knex) => knex.migrate.latest({ migrationSource: source });

// knex creates its bookkeeping tables with check-then-create, which races between processes: concurrent CREATE
// TABLE fails on PostgreSQL, and two lock rows would make knex's own lock fail forever. A transaction-scoped
// advisory lock per schema lets one process at a time in; the others then find everything done.
async function migratePostgres(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw("select pg_advisory_xact_lock(hashtext('workspace-mail:migrate:' || current_schema()))");
    await latest(knex);
  });
}

const BOOKKEEPING = [
  'create table if not exists knex_migrations (id integer not null primary key autoincrement, name varchar(255), batch integer, migration_time datetime)',
  'create table if not exists knex_migrations_lock ("index" integer not null primary key autoincrement, is_locked integer)',
  'insert into knex_migrations_lock (is_locked) select 0 where not exists (select 1 from knex_migrations_lock)',
];

// SQLite has no advisory locks, but an IMMEDIATE transaction holds the write lock: the bookkeeping tables and
// the one lock row are created by exactly one process (same shape as knex's own). After that knex's lock
// serialises migrations; a process that waits longer than busy_timeout gets SQLITE_BUSY and tries again.
async function migrateSqlite(knex: Knex): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await prepareSqliteBookkeeping(knex);
      await latest(knex);
      return;
    } catch (e) {
      if (!isContention(e) || Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }
  }
}

async function prepareSqliteBookkeeping(knex: Knex): Promise<void> {
  const connection = await knex.client.acquireConnection();
  try {
    connection.transaction(() => { for (const sql of BOOKKEEPING) connection.exec(sql); }).immediate();
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

const isContention = (e: unknown): boolean => {
  const { code, message } = e as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))
    || (typeof message === 'string' && /already locked|database is locked/i.test(message));
};
