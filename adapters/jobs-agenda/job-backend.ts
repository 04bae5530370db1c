import type { Knex } from 'knex';
import type { AgendaBackend } from 'agenda';
import pg from 'pg';
import { PostgresBackend, getCreateIndexesSQL, getCreateTableSQL, getUpdateTimestampTriggerSQL } from '@agendajs/postgres-backend';
import { parsePostgresUrl } from '../knex/postgres-url.ts';
import { KnexAgendaBackend } from './knex-agenda-backend.ts';

export type JobBackendKind = 'sqlite' | 'postgres' | 'mongo';
export interface JobBackendConfig { backend: JobBackendKind; url: string }

/**
 * Chooses agenda's backend (host contract: `--jobs`): our knex backend in the SQLite database, the official
 * PostgreSQL backend (LISTEN/NOTIFY wakes every process) or the official MongoDB backend.
 */
export async function openJobBackend(config: JobBackendConfig, knex: Knex | null): Promise<AgendaBackend> {
  if (config.backend === 'sqlite') {
    if (!knex) throw new Error('The sqlite jobs backend lives in the service database, which must be SQLite.');
    return new KnexAgendaBackend(knex);
  }
  if (config.backend === 'postgres') return postgresBackend(config.url);
  return mongoBackend(config.url);
}

async function postgresBackend(url: string): Promise<AgendaBackend> {
  const { connectionString, schema } = parsePostgresUrl(url);
  const pool = new pg.Pool({ connectionString, max: 4, ...(schema ? { options: `-c search_path="${schema}"` } : {}) });
  await ensureAgendaSchema(pool, schema);
  // The channel is database-wide: name it after the schema so services on other schemas stay apart.
  const channelName = `agenda_jobs_${schema ?? 'public'}`.slice(0, 63);
  const backend = new PostgresBackend({ pool, ensureSchema: false, channelName });
  (backend as unknown as { closePool(): Promise<void> }).closePool = () => pool.end();
  return backend;
}

/** The backend's own DDL, run under an advisory lock: processes starting together would otherwise race on CREATE. */
async function ensureAgendaSchema(pool: pg.Pool, schema: string | null): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select pg_advisory_xact_lock(hashtext('workspace-mail:agenda:' || current_schema()))");
    if (schema) await client.query(`create schema if not exists "${schema}"`);
    await client.query(getCreateTableSQL('agenda_jobs'));
    for (const sql of getCreateIndexesSQL('agenda_jobs')) await client.query(sql);
    await client.query(getUpdateTimestampTriggerSQL('agenda_jobs'));
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

async function mongoBackend(url: string): Promise<AgendaBackend> {
  // Loaded only when asked for, so SQLite and PostgreSQL setups never touch the MongoDB driver.
  const { MongoBackend } = await import('@agendajs/mongo-backend');
  return new MongoBackend({ address: url, collection: 'agenda_jobs' });
}
