import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import createKnex, { type Knex } from 'knex';
import type { Dialect } from './dialect.ts';
import { migrate } from './migrate.ts';
import { parsePostgresUrl } from './postgres-url.ts';

export interface Database { knex: Knex; dialect: Dialect; close(): Promise<void> }

/**
 * Opens the database a URL names and brings its schema up to date: a file path, `sqlite://PATH` or `:memory:`
 * for SQLite; `postgres://` or `postgresql://` for PostgreSQL, with an optional `?schema=NAME`.
 */
export async function openDatabase(url: string): Promise<Database> {
  const dialect = dialectOfUrl(url);
  const knex = dialect === 'postgres' ? await openPostgres(url) : openSqlite(url);
  try {
    await migrate(knex);
  } catch (e) {
    await knex.destroy();
    throw e;
  }
  return { knex, dialect, close: () => knex.destroy() };
}

function dialectOfUrl(url: string): Dialect {
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1];
  if (scheme && scheme.toLowerCase() !== 'sqlite') throw new Error(`Unsupported database URL scheme: ${scheme}`);
  return 'sqlite';
}

function openSqlite(url: string): Knex {
  const filename = url.replace(/^sqlite:\/\//i, '');
  if (!filename) throw new Error('A SQLite database URL needs a path');
  const memory = filename === ':memory:';
  if (!memory) mkdirSync(dirname(filename), { recursive: true });
  return createKnex({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      afterCreate(connection: { pragma(sql: string): unknown }, done: (err: Error | null, connection: unknown) => void) {
        try {
          // busy_timeout first, so switching to WAL waits for other processes instead of failing.
          connection.pragma('busy_timeout = 5000');
          if (!memory) connection.pragma('journal_mode = WAL');
          // In WAL mode NORMAL never corrupts the database; it only skips the fsync per commit, which otherwise
          // bounds every write (each request is logged) to the disk's flush rate.
          connection.pragma('synchronous = NORMAL');
          connection.pragma('foreign_keys = ON');
          done(null, connection);
        } catch (e) {
          done(e as Error, connection);
        }
      },
    },
  });
}

async function openPostgres(url: string): Promise<Knex> {
  const { connectionString, schema } = parsePostgresUrl(url);
  const knex = createKnex({
    client: 'pg',
    connection: connectionString,
    pool: { min: 0, max: 10 },
    ...(schema ? { searchPath: [schema] } : {}),
  });
  if (schema) {
    try {
      await createSchema(knex, schema);
    } catch (e) {
      await knex.destroy();
      throw e;
    }
  }
  return knex;
}

// Concurrent CREATE SCHEMA IF NOT EXISTS can still fail on the catalog's unique index; the lock makes it wait.
async function createSchema(knex: Knex, schema: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw("select pg_advisory_xact_lock(hashtext('workspace-mail:schema:' || ?))", [schema]);
    await trx.raw('create schema if not exists ??', [schema]);
  });
}
