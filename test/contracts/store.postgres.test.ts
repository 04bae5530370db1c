import test from 'ava';
import { openDatabase, type Database } from '../../adapters/knex/connect.ts';
import { createKnexStore } from '../../adapters/knex/store.knex.ts';
import { KnexRateLimitStore } from '../../adapters/knex/rate-limit-store.knex.ts';
import { freshPostgresUrl } from '../support/databases.ts';
import { runStoreContract } from './store.contract.ts';
import { runRateLimitContract } from './rate-limit.contract.ts';
import { runConnectContract } from './connect.contract.ts';

// Each open database may pool up to 10 connections; a few at a time keeps the server under max_connections.
const OPEN_AT_ONCE = 4;
let inUse = 0;
const waiting: Array<() => void> = [];
async function slot(): Promise<() => void> {
  if (inUse >= OPEN_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else inUse++;
  return () => { const next = waiting.shift(); if (next) next(); else inUse--; };
}

// No reachability check and no skip: when PostgreSQL is down, every test here fails on opening.
async function open() {
  const release = await slot();
  const { url, drop } = await freshPostgresUrl();
  let db: Database;
  try {
    db = await openDatabase(url);
  } catch (e) {
    await drop().catch(() => {});
    release();
    throw e;
  }
  return {
    store: createKnexStore(db.knex),
    rateLimits: new KnexRateLimitStore(db.knex),
    close: async () => {
      try { await db.close(); await drop(); } finally { release(); }
    },
  };
}

async function fresh() {
  const release = await slot();
  const { url, drop } = await freshPostgresUrl();
  return { url, drop: async () => { try { await drop(); } finally { release(); } } };
}

runStoreContract(test, 'postgres', open);
runRateLimitContract(test, 'postgres', open);
runConnectContract(test, 'postgres', fresh);

test('postgres: the schema from ?schema= holds the tables, with byte-wise text ordering', async (t) => {
  const { url, drop } = await freshPostgresUrl();
  const db = await openDatabase(url);
  try {
    t.is(db.dialect, 'postgres');
    const schema = new URL(url).searchParams.get('schema');
    const { rows } = await db.knex.raw(
      "select table_schema, collation_name from information_schema.columns where table_schema = current_schema() and table_name = 'addresses' and column_name = 'address'",
    );
    t.deepEqual(rows, [{ table_schema: schema, collation_name: 'C' }]);
  } finally {
    await db.close();
    await drop();
  }
});

test('postgres: an unreachable server makes opening fail rather than hang', async (t) => {
  await t.throwsAsync(openDatabase('postgres://127.0.0.1:1/test'));
});
