import { isAppError } from '../../core/kernel/errors.ts';
import type { Signature } from '../../core/signatures/signature.ts';
import { at, OTHER_WS, seedWorkspaces, WS, type Check } from './kit.ts';

const sig = (id: string, address: string, overrides: Partial<Signature> = {}): Signature => ({
  id, workspaceId: WS, address, name: `name ${id}`, html: `<p>${id} ✓ "quoted"</p>`, isDefault: false,
  isReplyDefault: false, createdAt: at(1), updatedAt: at(1), ...overrides,
});
const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);
const all = { address: null, reach: null };

export function signaturesContract(check: Check): void {
  check('signatures: insert then get returns every field; only in its own workspace', async (t, { store }) => {
    await seedWorkspaces(store);
    const a = sig('sig_a', 'hello@acme.test', { name: 'Ünïcødé', isDefault: true, isReplyDefault: true, updatedAt: at(2) });
    await store.signatures.insert(a);
    t.deepEqual(await store.signatures.get(WS, 'sig_a'), a);
    t.is(await store.signatures.get(OTHER_WS, 'sig_a'), null);
    t.is(await store.signatures.get(WS, 'sig_none'), null);
    t.is(await store.signatures.get(WS, 'sig_\0a'), null);
  });

  check('signatures: listed by address, then oldest first, paged after [address, createdAt, id]', async (t, { store }) => {
    await seedWorkspaces(store);
    const rows = [
      sig('sig_1', 'sales@acme.test', { createdAt: at(1) }), sig('sig_2', 'hello@acme.test', { createdAt: at(3) }),
      sig('sig_3', 'hello@acme.test', { createdAt: at(2) }), sig('sig_4', 'hello@acme.test', { createdAt: at(2) }),
      sig('sig_5', '*@acme.test', { createdAt: at(9) }), sig('sig_6', 'news@beta.test'),
      sig('sig_x', 'hello@acme.test', { workspaceId: OTHER_WS }),
    ];
    for (const r of rows) await store.signatures.insert(r);
    const order = ['sig_5', 'sig_3', 'sig_4', 'sig_2', 'sig_6', 'sig_1'];
    t.deepEqual(ids(await store.signatures.list(WS, all, null, 10)), order);
    t.deepEqual(ids(await store.signatures.list(WS, all, null, 2)), order.slice(0, 2));
    t.deepEqual(ids(await store.signatures.list(WS, all, ['hello@acme.test', at(2), 'sig_3'], 10)), order.slice(2));
    t.deepEqual(ids(await store.signatures.list(WS, { address: 'hello@acme.test', reach: null }, null, 10)), ['sig_3', 'sig_4', 'sig_2']);
    t.deepEqual(ids(await store.signatures.list(WS, { address: '*@acme.test', reach: null }, null, 10)), ['sig_5']);
    t.deepEqual(await store.signatures.list(WS, { address: 'old@acme.test', reach: null }, null, 10), []);
  });

  check('signatures: a reach shows listed addresses, and catch-alls only through a listed domain', async (t, { store }) => {
    await seedWorkspaces(store);
    for (const r of [sig('sig_h', 'hello@acme.test'), sig('sig_s', 'sales@acme.test'), sig('sig_c', '*@acme.test'), sig('sig_n', 'news@beta.test')]) {
      await store.signatures.insert(r);
    }
    const reach = (addresses: string[], domains: string[], address: string | null = null) =>
      store.signatures.list(WS, { address, reach: { addresses, domains } }, null, 10).then(ids);
    t.deepEqual(await reach(['hello@acme.test'], []), ['sig_h']);
    t.deepEqual(await reach(['hello@acme.test', '*@acme.test'], []), ['sig_h'], 'an allowlist never lists a catch-all');
    t.deepEqual(await reach([], ['acme.test']), ['sig_c', 'sig_h', 'sig_s']);
    t.deepEqual(await reach(['news@beta.test'], ['acme.test'], '*@acme.test'), ['sig_c']);
    t.deepEqual(await reach([], []), []);
  });

  check('signatures: onAddress lists one address oldest first, without HTML', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.signatures.insert(sig('sig_b', 'hello@acme.test', { createdAt: at(2), isDefault: true }));
    await store.signatures.insert(sig('sig_a', 'hello@acme.test', { createdAt: at(1) }));
    await store.signatures.insert(sig('sig_c', 'sales@acme.test'));
    const rows = await store.signatures.onAddress(WS, 'hello@acme.test');
    t.deepEqual(ids(rows), ['sig_a', 'sig_b']);
    const { html: _html, ...summary } = sig('sig_b', 'hello@acme.test', { createdAt: at(2), isDefault: true });
    t.deepEqual(rows[1], summary);
    t.deepEqual(await store.signatures.onAddress(OTHER_WS, 'hello@acme.test'), []);
  });

  check('signatures: a name clash on one address (ignoring case) is signature_name_taken, on insert and update', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.signatures.insert(sig('sig_a', 'hello@acme.test', { name: 'Work' }));
    await store.signatures.insert(sig('sig_b', 'hello@acme.test', { name: 'Home' }));
    await store.signatures.insert(sig('sig_c', 'sales@acme.test', { name: 'WORK' }));
    await store.signatures.insert(sig('sig_d', 'hello@acme.test', { name: 'Work', workspaceId: OTHER_WS }));
    const taken = (e: unknown) => isAppError(e) && e.code === 'signature_name_taken';
    t.true(taken(await t.throwsAsync(store.signatures.insert(sig('sig_e', 'hello@acme.test', { name: 'wORK' })))));
    const b = (await store.signatures.get(WS, 'sig_b'))!;
    t.true(taken(await t.throwsAsync(store.signatures.update({ ...b, name: 'work' }))));
    await store.signatures.update({ ...b, name: 'HOME', html: '<p>new</p>', isDefault: true, updatedAt: at(5) });
    t.like(await store.signatures.get(WS, 'sig_b'), { name: 'HOME', html: '<p>new</p>', isDefault: true, updatedAt: at(5), createdAt: at(1) });
  });

  check('signatures: clearFlag empties one place on one address and stamps only the rows it changed', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.signatures.insert(sig('sig_a', 'hello@acme.test', { isDefault: true }));
    await store.signatures.insert(sig('sig_b', 'hello@acme.test', { name: 'b', isReplyDefault: true }));
    await store.signatures.insert(sig('sig_c', 'sales@acme.test', { isDefault: true }));
    await store.signatures.clearFlag(WS, 'hello@acme.test', 'isDefault', at(7));
    t.like(await store.signatures.get(WS, 'sig_a'), { isDefault: false, isReplyDefault: false, updatedAt: at(7) });
    t.like(await store.signatures.get(WS, 'sig_b'), { isDefault: false, isReplyDefault: true, updatedAt: at(1) });
    t.like(await store.signatures.get(WS, 'sig_c'), { isDefault: true });
    await store.signatures.clearFlag(WS, 'hello@acme.test', 'isReplyDefault', at(8));
    t.like(await store.signatures.get(WS, 'sig_b'), { isReplyDefault: false, updatedAt: at(8) });
  });

  check('signatures: delete, and work under an address lock rolls back with its transaction', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.signatures.insert(sig('sig_a', 'hello@acme.test'));
    await store.signatures.delete(OTHER_WS, 'sig_a');
    t.truthy(await store.signatures.get(WS, 'sig_a'), 'only its own workspace deletes it');
    await t.throwsAsync(store.transaction(async (tx) => {
      await tx.signatures.lockAddress(WS, 'hello@acme.test');
      await tx.signatures.delete(WS, 'sig_a');
      await tx.signatures.insert(sig('sig_b', 'hello@acme.test', { name: 'b' }));
      throw new Error('change failed');
    }));
    t.deepEqual(ids(await store.signatures.onAddress(WS, 'hello@acme.test')), ['sig_a']);
    await store.transaction(async (tx) => {
      await tx.signatures.lockAddress(WS, 'hello@acme.test');
      await tx.signatures.delete(WS, 'sig_a');
    });
    t.is(await store.signatures.get(WS, 'sig_a'), null);
  });
}
