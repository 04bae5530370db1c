import test from 'ava';
import { openDatabase } from '../../adapters/knex/connect.ts';
import { KnexAgendaBackend } from '../../adapters/jobs-agenda/knex-agenda-backend.ts';
import { openJobBackend } from '../../adapters/jobs-agenda/job-backend.ts';
import { freshPostgresUrl } from '../support/databases.ts';
import { agendaBackendContract } from './agenda-backend.contract.ts';

// The official PostgreSQL backend as we wire it (schema per URL, channel per schema), on the real server.
agendaBackendContract(test, 'agenda postgres backend', async () => {
  const pg = await freshPostgresUrl();
  const opened: Array<{ closePool?: () => Promise<void> }> = [];
  const make = async () => { const b = await openJobBackend({ backend: 'postgres', url: pg.url }, null); opened.push(b as never); return b; };
  return {
    backend: await make(),
    another: make,
    close: async () => {
      for (const b of opened) await b.closePool?.().catch(() => undefined);
      await pg.drop();
    },
  };
});

// Our knex backend also runs on PostgreSQL (it is plain knex), which checks its SQL on both databases.
agendaBackendContract(test, 'agenda knex backend (postgres)', async () => {
  const pg = await freshPostgresUrl();
  const dbs = [await openDatabase(pg.url)];
  return {
    backend: new KnexAgendaBackend(dbs[0]!.knex),
    another: async () => { const db = await openDatabase(pg.url); dbs.push(db); return new KnexAgendaBackend(db.knex); },
    close: async () => { for (const db of dbs) await db.close(); await pg.drop(); },
  };
});
