import test from 'ava';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openDatabase } from '../../adapters/knex/connect.ts';
import { createKnexStore } from '../../adapters/knex/store.knex.ts';
import { KnexRateLimitStore } from '../../adapters/knex/rate-limit-store.knex.ts';
import { freshSqliteUrl } from '../support/databases.ts';
import { runStoreContract } from './store.contract.ts';
import { runRateLimitContract } from './rate-limit.contract.ts';
import { runConnectContract } from './connect.contract.ts';

async function fresh() {
  const url = freshSqliteUrl();
  return { url, drop: async () => rmSync(dirname(url), { recursive: true, force: true }) };
}

async function open() {
  const { url, drop } = await fresh();
  const db = await openDatabase(url);
  return {
    store: createKnexStore(db.knex),
    rateLimits: new KnexRateLimitStore(db.knex),
    close: async () => { await db.close(); await drop(); },
  };
}

runStoreContract(test, 'sqlite', open);
runRateLimitContract(test, 'sqlite', open);
runConnectContract(test, 'sqlite', fresh);

test('sqlite: sqlite:// URLs, missing directories and the pragmas every connection gets', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-db-'));
  const file = join(dir, 'nested', 'deeper', 'mail.db');
  const db = await openDatabase(`sqlite://${file}`);
  try {
    t.is(db.dialect, 'sqlite');
    t.true(existsSync(file));
    const pragma = async (name: string) => Object.values((await db.knex.raw(`pragma ${name}`))[0])[0];
    t.is(await pragma('journal_mode'), 'wal');
    t.is(await pragma('foreign_keys'), 1);
    t.is(await pragma('busy_timeout'), 5000);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sqlite: :memory: opens a migrated, working store', async (t) => {
  for (const url of [':memory:', 'sqlite://:memory:']) {
    const db = await openDatabase(url);
    try {
      const store = createKnexStore(db.knex);
      t.true(await store.ping());
      t.is(await store.directory.countWorkspaces(), 0);
    } finally {
      await db.close();
    }
  }
});

test('sqlite: URLs of other databases are refused', async (t) => {
  await t.throwsAsync(openDatabase('mysql://localhost/db'), { message: /Unsupported database URL scheme/ });
});
