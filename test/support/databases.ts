import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createKnex from 'knex';
import { parsePostgresUrl } from '../../adapters/knex/postgres-url.ts';

/** A SQLite file that does not exist yet, in a directory of its own. */
export function freshSqliteUrl(): string {
  return join(mkdtempSync(join(tmpdir(), 'wm-db-')), 'mail.db');
}

const postgresBase = () => process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';

/**
 * A schema of its own on the test PostgreSQL (created when the URL is first opened), and a way to drop it.
 * Nothing here checks that the server answers: a test that needs it fails when it is down, never skips.
 */
export async function freshPostgresUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `t_${randomBytes(8).toString('hex')}`;
  const url = new URL(postgresBase());
  url.searchParams.set('schema', schema);
  return {
    url: url.toString(),
    async drop() {
      const knex = createKnex({ client: 'pg', connection: parsePostgresUrl(postgresBase()).connectionString, pool: { min: 0, max: 1 } });
      try {
        await knex.raw('drop schema if exists ?? cascade', [schema]);
      } finally {
        await knex.destroy();
      }
    },
  };
}
