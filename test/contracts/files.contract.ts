import { at, seedWorkspaces, WS, OTHER_WS, type Check } from './kit.ts';
import type { StoredFile } from '../../core/files/file.ts';

const file = (id: string, overrides: Partial<StoredFile> = {}): StoredFile => ({
  id, workspaceId: WS, filename: `${id}.txt`, mimeType: 'text/plain', kind: 'text', sizeBytes: 10, sha256: 'a'.repeat(64),
  blobRef: 'b'.repeat(32), direction: 'uploaded', usage: null, deliveredTo: null, threadId: null, messageId: null,
  createdAt: at(1), deletedAt: null, ...overrides,
});

export function filesContract(check: Check): void {
  check('files: round trip, sorts with keyset positions, reach, deleted rows kept but not listed', async (t, { store }) => {
    await seedWorkspaces(store);
    const big = file('f_big', { sizeBytes: 6_000_000_000, filename: 'Zeta.bin', mimeType: 'application/octet-stream', kind: null, createdAt: at(2), usage: 'linked', threadId: 'thr_1', messageId: 'msg_1' });
    const hello = file('f_hello', { filename: 'alpha_ü.txt', deliveredTo: 'hello@acme.test', direction: 'inbound', createdAt: at(3) });
    await store.files.insert(big);
    await store.files.insert(hello);
    await store.files.insert(file('f_gone', { createdAt: at(4) }));
    await store.files.insert(file('f_other', { workspaceId: OTHER_WS }));
    t.deepEqual(await store.files.get(WS, 'f_big'), big);
    t.is(await store.files.get(OTHER_WS, 'f_big'), null);
    t.true(await store.files.markDeleted(WS, 'f_gone', at(5)));
    t.false(await store.files.markDeleted(WS, 'f_gone', at(6)));
    t.is((await store.files.get(WS, 'f_gone'))?.deletedAt, at(5));
    const ids = async (sort: 'newest' | 'oldest' | 'largest' | 'name', after: (string | number)[] | null = null, extra = {}) =>
      (await store.files.list(WS, { reach: null, sort, ...extra }, after, 10)).map((f) => f.id);
    t.deepEqual(await ids('newest'), ['f_hello', 'f_big']);
    t.deepEqual(await ids('oldest'), ['f_big', 'f_hello']);
    t.deepEqual(await ids('largest'), ['f_big', 'f_hello']);
    t.deepEqual(await ids('largest', [6_000_000_000, 'f_big']), ['f_hello']);
    t.deepEqual(await ids('name'), ['f_hello', 'f_big']);
    t.deepEqual(await ids('name', ['alpha_ü.txt', 'f_hello']), ['f_big']);
    t.deepEqual(await ids('newest', null, { q: 'a_ü' }), ['f_hello']);
    t.deepEqual(await ids('newest', null, { q: 'a%' }), []);
    t.deepEqual(await ids('newest', null, { since: at(3) }), ['f_hello']);
    t.deepEqual(await ids('newest', null, { until: at(3) }), ['f_big']);
    t.deepEqual((await store.files.list(WS, { reach: { addresses: [], domains: ['acme.test'] }, sort: 'newest' }, null, 10)).map((f) => f.id), ['f_hello']);
    t.deepEqual((await store.files.list(WS, { reach: { addresses: [], domains: [] }, sort: 'newest' }, null, 10)), []);
    const stats = await store.files.stats(WS, null);
    t.deepEqual(stats.sort((a, b) => String(a.kind).localeCompare(String(b.kind))), [
      { kind: null, direction: 'uploaded', count: 1, bytes: 6_000_000_000 }, { kind: 'text', direction: 'inbound', count: 1, bytes: 10 },
    ]);
    t.deepEqual(await store.files.uploadsSince(WS, at(0)), { count: 2, oldest: at(2) });
    t.is(await store.files.uploadedBytes(WS), 6_000_000_000);
    await store.files.setUsage(WS, 'f_big', null);
    t.is((await store.files.get(WS, 'f_big'))?.usage, null);
  });

  check('files: links by token hash, revoked once, revoke-all counts open ones', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.files.insert(file('f_1'));
    const link = (id: string, minute: number) => ({ id, workspaceId: WS, fileId: 'f_1', tokenHash: `h_${id}`, createdAt: at(minute), revokedAt: null });
    await store.files.insertLink(link('shr_b', 2));
    await store.files.insertLink(link('shr_a', 1));
    await store.files.insertLink(link('shr_c', 3));
    t.deepEqual((await store.files.links(WS, 'f_1')).map((l) => l.id), ['shr_a', 'shr_b', 'shr_c']);
    t.deepEqual(await store.files.linkByTokenHash('h_shr_b'), link('shr_b', 2));
    t.is(await store.files.link(OTHER_WS, 'f_1', 'shr_b'), null);
    await store.files.revokeLink(WS, 'shr_a', at(5));
    await store.files.revokeLink(WS, 'shr_a', at(6));
    t.is((await store.files.link(WS, 'f_1', 'shr_a'))?.revokedAt, at(5));
    t.is(await store.files.revokeLinks(WS, 'f_1', at(7)), 2);
    t.is(await store.files.revokeLinks(WS, 'f_1', at(8)), 0);
  });

  check('files: a file inserted in a failed transaction does not exist', async (t, { store }) => {
    await seedWorkspaces(store);
    await t.throwsAsync(() => store.transaction(async (tx) => {
      await tx.files.lockUploads(WS);
      await tx.files.insert(file('f_1'));
      throw new Error('event failed');
    }));
    t.is(await store.files.get(WS, 'f_1'), null);
  });
}
