import { at, bareKey, fullKey, OTHER_WS, seedWorkspaces, token, WS, type Check } from './kit.ts';

export function keyContract(check: Check): void {
  check('keys: insert then get and findById return every field exactly, nulls included', async (t, { store }) => {
    await seedWorkspaces(store);
    const bare = bareKey('key_bare');
    const full = fullKey('key_full');
    await store.keys.insert(bare);
    await store.keys.insert(full);
    t.deepEqual(await store.keys.get(WS, 'key_bare'), bare);
    t.deepEqual(await store.keys.get(WS, 'key_full'), full);
    t.deepEqual(await store.keys.findById('key_full'), full);
    t.is(await store.keys.get(OTHER_WS, 'key_full'), null, 'a key is found only in its own workspace');
    t.is(await store.keys.get(WS, 'key_none'), null);
    t.is(await store.keys.findById('key_none'), null);
    t.is(await store.keys.get(WS, 'key_\0full'), null);
    t.is(await store.keys.findById('key\0'), null);
  });

  check('keys: newest first by createdAt then id, paged after [createdAt, id]', async (t, { store }) => {
    await seedWorkspaces(store);
    // Ties on createdAt are the case keyset paging gets wrong most easily.
    const keys = [
      bareKey('key_a', { createdAt: at(1) }), bareKey('key_b', { createdAt: at(2) }), bareKey('key_c', { createdAt: at(2) }),
      bareKey('key_d', { createdAt: at(2) }), bareKey('key_e', { createdAt: at(3) }),
      bareKey('key_x', { createdAt: at(9), workspaceId: OTHER_WS }),
    ];
    for (const k of keys) await store.keys.insert(k);
    const order = ['key_e', 'key_d', 'key_c', 'key_b', 'key_a'];
    t.deepEqual((await store.keys.list(WS, null, 10)).map((k) => k.id), order);
    t.deepEqual(await store.keys.list(WS, null, 1), [keys[4]]);
    const seen: string[] = [];
    let after: [string, string] | null = null;
    for (;;) {
      const page = await store.keys.list(WS, after, 2);
      seen.push(...page.map((k) => k.id));
      if (page.length < 2) break;
      const last = page[page.length - 1]!;
      after = [last.createdAt, last.id];
    }
    t.deepEqual(seen, order);
    t.deepEqual((await store.keys.list(WS, [at(2), 'key_c'], 10)).map((k) => k.id), ['key_b', 'key_a']);
  });

  check('keys: countOpen counts keys neither revoked nor expired at now', async (t, { store }) => {
    await seedWorkspaces(store);
    const now = at(100);
    await store.keys.insert(bareKey('key_open'));
    await store.keys.insert(bareKey('key_off', { lifecycle: 'switched_off' }));
    await store.keys.insert(bareKey('key_later', { expiresAt: at(101) }));
    await store.keys.insert(bareKey('key_expired', { expiresAt: at(99) }));
    await store.keys.insert(bareKey('key_expiring_now', { expiresAt: now }));
    await store.keys.insert(bareKey('key_revoked', { lifecycle: 'revoked', revokedAt: at(50) }));
    await store.keys.insert(bareKey('key_elsewhere', { workspaceId: OTHER_WS }));
    t.is(await store.keys.countOpen(WS, now), 3);
    t.is(await store.keys.countOpen(OTHER_WS, now), 1);
    t.is(await store.keys.countOpen('ws_none', now), 0);
  });

  check('keys: update rewrites the key but leaves usage to recordUse; delete is per workspace', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.keys.insert(bareKey('key_1'));
    await store.keys.recordUse('key_1', at(20));
    const changed = { ...fullKey('key_1'), lastUsedAt: null, totalUses: 0 };
    await store.keys.update(changed);
    t.deepEqual(await store.keys.get(WS, 'key_1'), { ...changed, lastUsedAt: at(20), totalUses: 1 });
    await store.keys.update({ ...changed, workspaceId: OTHER_WS, name: 'moved?' });
    t.is((await store.keys.get(WS, 'key_1'))?.name, changed.name, 'an update names the workspace too');

    await store.keys.delete(OTHER_WS, 'key_1');
    t.truthy(await store.keys.get(WS, 'key_1'), 'a delete in another workspace does nothing');
    await store.keys.delete(WS, 'key_1');
    t.is(await store.keys.get(WS, 'key_1'), null);
    await t.notThrowsAsync(store.keys.delete(WS, 'key_1'));
  });

  check('keys: recordUse adds one use and moves lastUsedAt, exactly under concurrency', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.keys.insert(bareKey('key_1', { totalUses: 41 }));
    await store.keys.recordUse('key_1', at(10));
    t.like(await store.keys.findById('key_1'), { totalUses: 42, lastUsedAt: at(10) });
    await Promise.all(Array.from({ length: 20 }, () => store.keys.recordUse('key_1', at(11))));
    t.like(await store.keys.findById('key_1'), { totalUses: 62, lastUsedAt: at(11) });
    await t.notThrowsAsync(store.keys.recordUse('key_none', at(12)));
  });

  check('access tokens: round-trip by hash, step-up time is set', async (t, { store }) => {
    await seedWorkspaces(store);
    const bare = token('tok_bare');
    const full = token('tok_full', {
      app: { clientId: 'app_web', name: 'Wëb "app"', kind: 'web' }, scopes: ['keys:read', 'keys:write'],
      addressAllowlist: ['hello@acme.test'], domainAllowlist: ['acme.test', 'b.test'], stepUpVerifiedAt: at(3),
      expiresAt: at(90), createdAt: at(2),
    });
    await store.accessTokens.insert(bare);
    await store.accessTokens.insert(full);
    t.deepEqual(await store.accessTokens.findByHash('hash-tok_bare'), bare);
    t.deepEqual(await store.accessTokens.findByHash('hash-tok_full'), full);
    t.is(await store.accessTokens.findByHash('hash-none'), null);
    t.is(await store.accessTokens.findByHash('hash-\0'), null);
    await store.accessTokens.setStepUpVerifiedAt('tok_bare', at(5));
    t.deepEqual(await store.accessTokens.findByHash('hash-tok_bare'), { ...bare, stepUpVerifiedAt: at(5) });
  });
}
