import type { ExecutionContext, TestFn } from 'ava';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openDatabase } from '../../adapters/knex/connect.ts';
import { createKnexStore } from '../../adapters/knex/store.knex.ts';
import { MIGRATION_NAMES } from '../../adapters/knex/migrate.ts';
import type { Dialect } from '../../adapters/knex/dialect.ts';
import { at, bareKey, seedWorkspaces, WS } from './kit.ts';

export interface FreshDatabase { url: string; drop(): Promise<void> }

const CHILD = fileURLToPath(new URL('./open-database.child.ts', import.meta.url));
const run = promisify(execFile);

/** Opening a database: migrations run once however many processes start together, and survive reopening. */
export function runConnectContract(test: TestFn, dialect: Dialect, fresh: () => Promise<FreshDatabase>): void {
  const withFresh = (title: string, fn: (t: ExecutionContext, url: string) => Promise<void>) =>
    test(`${dialect}: ${title}`, async (t) => {
      const db = await fresh();
      try { await fn(t, db.url); } finally { await db.drop(); }
    });

  // Separate processes, as in production: better-sqlite3 waits for a lock synchronously, so two connections
  // of one process contending for a SQLite file would only measure the busy timeout.
  withFresh('several processes opening one new database at once all succeed and migrate once', async (t, url) => {
    await Promise.all(Array.from({ length: 4 }, () => run(process.execPath, ['--import', 'tsx', CHILD, url])));
    const db = await openDatabase(url);
    try {
      t.is(db.dialect, dialect);
      const ran = await db.knex('knex_migrations').select('name');
      t.deepEqual(ran.map((r: { name: string }) => r.name), [...MIGRATION_NAMES]);
      t.deepEqual(await db.knex('knex_migrations_lock').select('is_locked'), [{ is_locked: 0 }]);
    } finally {
      await db.close();
    }
  });

  withFresh('reopening keeps the data and runs nothing again; a closed store pings false', async (t, url) => {
    const first = await openDatabase(url);
    const store = createKnexStore(first.knex);
    t.true(await store.directory.insertUser({ id: 'usr_1', email: 'a@example.test', name: null, username: null, createdAt: at(0) }));
    await first.close();
    t.false(await store.ping());

    const again = await openDatabase(url);
    try {
      t.truthy(await createKnexStore(again.knex).directory.user('usr_1'));
      t.is((await again.knex('knex_migrations').select('name')).length, MIGRATION_NAMES.length);
    } finally {
      await again.close();
    }
  });

  withFresh('foreign keys hold, and deleting a workspace deletes what belongs to it', async (t, url) => {
    const db = await openDatabase(url);
    try {
      const store = createKnexStore(db.knex);
      await t.throwsAsync(store.directory.insertMembership({ workspaceId: 'ws_none', userId: 'usr_none', roleId: 'member' }), { any: true });
      await seedWorkspaces(store);
      await store.directory.insertDomain({ id: 'dom_1', workspaceId: WS, domain: 'acme.test', receivingVerified: true, sendingStatus: 'verified', catchAll: false, createdAt: at(0) });
      await store.directory.insertAddress({ id: 'adr_1', workspaceId: WS, domainId: 'dom_1', address: 'a@acme.test', enabled: true, name: null, createdAt: at(0) });
      await store.keys.insert(bareKey('key_1'));
      await db.knex('workspaces').where({ id: WS }).delete();
      t.deepEqual(await store.directory.domains(WS), []);
      t.deepEqual(await store.directory.addresses(WS, null, 10), []);
      t.is(await store.keys.findById('key_1'), null);
    } finally {
      await db.close();
    }
  });
}
