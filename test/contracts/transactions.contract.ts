import { at, bareKey, seedWorkspaces, WS, type Check } from './kit.ts';

class Boom extends Error {}

export function transactionContract(check: Check): void {
  check('transaction: work commits together and returns its value', async (t, { store }) => {
    await seedWorkspaces(store);
    const result = await store.transaction(async (tx) => {
      await tx.keys.insert(bareKey('key_1'));
      t.truthy(await tx.keys.get(WS, 'key_1'), 'the transaction reads its own writes');
      await tx.activity.append({ id: 'act_1', workspaceId: WS, keyId: 'key_1', type: 'created', source: 'api', actor: { type: 'api_key', id: null }, detail: {}, createdAt: at(1) });
      return 'done';
    });
    t.is(result, 'done');
    t.truthy(await store.keys.get(WS, 'key_1'));
    t.is((await store.activity.list(WS, {}, null, 10)).length, 1);
  });

  check('transaction: a thrown error leaves nothing written and reaches the caller', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.keys.insert(bareKey('key_kept', { totalUses: 1 }));
    const error = await t.throwsAsync(store.transaction(async (tx) => {
      await tx.keys.insert(bareKey('key_1'));
      await tx.keys.recordUse('key_kept', at(5));
      await tx.requests.append({ id: 'rql_1', workspaceId: WS, keyId: 'key_1', tokenId: null, requestId: 'req_1', method: 'GET', path: '/', status: 200, ipAddress: '::1', durationMs: 1, createdAt: at(1) });
      t.true(await tx.directory.insertUser({ id: 'usr_new', email: 'n@example.test', name: null, username: null, createdAt: at(1) }));
      throw new Boom('stop');
    }), { instanceOf: Boom });
    t.is(error?.message, 'stop');
    t.is(await store.keys.get(WS, 'key_1'), null);
    t.like(await store.keys.get(WS, 'key_kept'), { totalUses: 1, lastUsedAt: null });
    t.deepEqual(await store.requests.list(WS, {}, null, 10), []);
    t.is(await store.directory.user('usr_new'), null);
  });

  check('transaction: nested calls join the outer transaction and roll back with it', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.transaction(async (tx) => {
      await tx.transaction(async (inner) => { await inner.keys.insert(bareKey('key_1')); });
      t.truthy(await tx.keys.get(WS, 'key_1'));
    });
    t.truthy(await store.keys.get(WS, 'key_1'));

    await t.throwsAsync(store.transaction(async (tx) => {
      await tx.transaction(async (inner) => { await inner.keys.insert(bareKey('key_2')); });
      throw new Boom('outer fails after inner finished');
    }), { instanceOf: Boom });
    t.is(await store.keys.get(WS, 'key_2'), null);
  });

  check('transaction: a failing statement rolls back the whole transaction and the store keeps working', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.keys.insert(bareKey('key_1'));
    await t.throwsAsync(store.transaction(async (tx) => {
      await tx.keys.insert(bareKey('key_2'));
      await tx.keys.insert(bareKey('key_1'));
    }), { any: true });
    t.is(await store.keys.get(WS, 'key_2'), null);
    t.is((await store.keys.list(WS, null, 10)).length, 1, 'the store still works after a failed transaction');
  });

  check('ping answers true while the database is open', async (t, { store }) => {
    t.true(await store.ping());
    t.true(await store.transaction((tx) => tx.ping()));
  });
}
