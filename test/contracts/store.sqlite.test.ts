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
import { at, bareKey, seedWorkspaces, WS } from './kit.ts';

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

// Another connection stands in for another process; with no busy timeout it reports the lock instead of waiting.
test('sqlite: a transaction holds the write lock from its start, so reading before writing cannot lose a race', async (t) => {
  const url = freshSqliteUrl();
  const db = await openDatabase(url);
  const second = await openDatabase(url);
  const other = await second.knex.client.acquireConnection();
  other.pragma('busy_timeout = 0');
  try {
    const store = createKnexStore(db.knex);
    await seedWorkspaces(store);
    await store.transaction(async (tx) => {
      t.is(await tx.keys.countOpen(WS, at(0)), 0);
      t.throws(() => other.prepare("insert into users (id, email, created_at) values ('usr_x', 'x@example.test', ?)").run(at(0)),
        { code: 'SQLITE_BUSY', any: true });
      await tx.keys.insert(bareKey('key_1'));
    });
    t.truthy(await store.keys.get(WS, 'key_1'));
  } finally {
    await second.knex.client.releaseConnection(other);
    await second.close();
    await db.close();
    rmSync(dirname(url), { recursive: true, force: true });
  }
});

test('sqlite: URLs of other databases are refused', async (t) => {
  await t.throwsAsync(openDatabase('mysql://localhost/db'), { message: /Unsupported database URL scheme/ });
});
