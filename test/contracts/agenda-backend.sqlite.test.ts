import test from 'ava';
import { openDatabase } from '../../adapters/knex/connect.ts';
import { KnexAgendaBackend } from '../../adapters/jobs-agenda/knex-agenda-backend.ts';
import { freshSqliteUrl } from '../support/databases.ts';
import { agendaBackendContract } from './agenda-backend.contract.ts';

// Our knex backend, on the embedded default: the jobs live in the service's own SQLite file.
agendaBackendContract(test, 'agenda knex backend (sqlite)', async () => {
  const url = freshSqliteUrl();
  const dbs = [await openDatabase(url)];
  return {
    backend: new KnexAgendaBackend(dbs[0]!.knex),
    another: async () => { const db = await openDatabase(url); dbs.push(db); return new KnexAgendaBackend(db.knex); },
    close: async () => { for (const db of dbs) await db.close(); },
  };
});
