import type { ActivityEntry, RequestLogEntry } from '../../core/ports/repositories.ts';
import type { Position } from '../../core/kernel/paging.ts';
import { at, OTHER_WS, seedWorkspaces, WS, type Check } from './kit.ts';

const request = (id: string, minute: number, overrides: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
  id, workspaceId: WS, keyId: 'key_1', tokenId: null, requestId: `req_${id}`, method: 'GET', path: '/v1/ping',
  status: 200, ipAddress: '127.0.0.1', durationMs: 3, createdAt: at(minute), ...overrides,
});

const activity = (id: string, minute: number, overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id, workspaceId: WS, keyId: 'key_1', type: 'updated', source: 'api', actor: { type: 'api_key', id: 'key_admin' },
  detail: {}, createdAt: at(minute), ...overrides,
});

/** Every page of a keyset list, to check that paging neither skips nor repeats. */
async function allPages<T extends { id: string; createdAt: string }>(page: (after: Position | null) => Promise<T[]>, size: number): Promise<string[]> {
  const ids: string[] = [];
  let after: Position | null = null;
  for (;;) {
    const rows = await page(after);
    ids.push(...rows.map((r) => r.id));
    if (rows.length < size) return ids;
    const last = rows[rows.length - 1]!;
    after = [last.createdAt, last.id];
  }
}

export function logContract(check: Check): void {
  check('request log: round-trip, newest first, keyset pages', async (t, { store }) => {
    await seedWorkspaces(store);
    const byToken = request('rql_tok', 1, { keyId: null, tokenId: 'tok_1', method: 'POST', path: '/v1/keys?x=1', status: 422, ipAddress: '::1', durationMs: 12.5 });
    const rows = [
      byToken, request('rql_a', 2), request('rql_b', 3), request('rql_c', 3), request('rql_d', 3), request('rql_e', 4),
      request('rql_other', 5, { workspaceId: OTHER_WS }),
    ];
    for (const r of rows) await store.requests.append(r);
    const order = ['rql_e', 'rql_d', 'rql_c', 'rql_b', 'rql_a', 'rql_tok'];
    t.deepEqual((await store.requests.list(WS, {}, null, 50)).map((r) => r.id), order);
    t.deepEqual((await store.requests.list(WS, {}, null, 50)).at(-1), byToken);
    t.deepEqual(await allPages((after) => store.requests.list(WS, {}, after, 2), 2), order);
    t.deepEqual((await store.requests.list(WS, {}, [at(3), 'rql_c'], 50)).map((r) => r.id), ['rql_b', 'rql_a', 'rql_tok']);
  });

  check('request log: key, since (inclusive), until (exclusive) and status range filters', async (t, { store }) => {
    await seedWorkspaces(store);
    const rows = [
      request('rql_1', 1), request('rql_2', 2, { status: 404 }), request('rql_3', 3, { status: 499, keyId: 'key_2' }),
      request('rql_4', 4, { status: 500 }), request('rql_5', 5, { status: 400 }), request('rql_6', 6, { keyId: null, tokenId: 'tok_1', status: 401 }),
    ];
    for (const r of rows) await store.requests.append(r);
    const ids = async (q: Parameters<typeof store.requests.list>[1]) => (await store.requests.list(WS, q, null, 50)).map((r) => r.id);
    t.deepEqual(await ids({ keyId: 'key_1' }), ['rql_5', 'rql_4', 'rql_2', 'rql_1']);
    t.deepEqual(await ids({ since: at(2), until: at(4) }), ['rql_3', 'rql_2']);
    t.deepEqual(await ids({ since: at(5) }), ['rql_6', 'rql_5']);
    t.deepEqual(await ids({ until: at(2) }), ['rql_1']);
    t.deepEqual(await ids({ statusFrom: 400, statusTo: 499 }), ['rql_6', 'rql_5', 'rql_3', 'rql_2']);
    t.deepEqual(await ids({ statusFrom: 404, statusTo: 404 }), ['rql_2']);
    t.deepEqual(await ids({ keyId: 'key_1', statusFrom: 400, statusTo: 499, since: at(2) }), ['rql_5', 'rql_2']);
    t.deepEqual(
      (await store.requests.list(WS, { statusFrom: 400, statusTo: 499 }, [at(5), 'rql_5'], 2)).map((r) => r.id),
      ['rql_3', 'rql_2'],
    );
  });

  check('request log: counts of requests and errors since a time, per key or workspace', async (t, { store }) => {
    await seedWorkspaces(store);
    t.deepEqual(await store.requests.counts(WS, null, at(0)), { requests: 0, errors: 0 });
    const rows = [
      request('rql_1', 1, { status: 500 }), request('rql_2', 2), request('rql_3', 3, { status: 404 }),
      request('rql_4', 4, { status: 399, keyId: 'key_2' }), request('rql_5', 5, { status: 400, keyId: null, tokenId: 'tok_1' }),
      request('rql_6', 5, { status: 500, workspaceId: OTHER_WS }),
    ];
    for (const r of rows) await store.requests.append(r);
    t.deepEqual(await store.requests.counts(WS, null, at(0)), { requests: 5, errors: 3 });
    t.deepEqual(await store.requests.counts(WS, null, at(2)), { requests: 4, errors: 2 });
    t.deepEqual(await store.requests.counts(WS, 'key_1', at(0)), { requests: 3, errors: 2 });
    t.deepEqual(await store.requests.counts(WS, 'key_2', at(0)), { requests: 1, errors: 0 });
    t.deepEqual(await store.requests.counts(WS, 'key_none', at(0)), { requests: 0, errors: 0 });
  });

  check('activity: round-trip of actor and detail, newest first, key/type/since/until filters, pages', async (t, { store }) => {
    await seedWorkspaces(store);
    const created = activity('act_1', 1, {
      type: 'created', source: 'fixture', actor: { type: 'fixture', id: null },
      detail: { name: 'Ünï', scopes: ['keys:read'], nested: { n: 1.5, flag: false, none: null } },
    });
    const rows = [
      created, activity('act_2', 2), activity('act_3', 2, { keyId: 'key_2', type: 'revoked', source: 'library', actor: { type: 'library', id: null } }),
      activity('act_4', 2, { type: 'disabled' }), activity('act_5', 3, { type: 'deleted', actor: { type: 'access_token', id: 'tok_1' } }),
      activity('act_6', 4, { workspaceId: OTHER_WS }),
    ];
    for (const r of rows) await store.activity.append(r);
    const ids = async (q: Parameters<typeof store.activity.list>[1]) => (await store.activity.list(WS, q, null, 50)).map((r) => r.id);
    t.deepEqual(await ids({}), ['act_5', 'act_4', 'act_3', 'act_2', 'act_1']);
    t.deepEqual((await store.activity.list(WS, {}, null, 50)).at(-1), created);
    t.deepEqual(await store.activity.list(WS, { type: 'revoked' }, null, 50), [rows[2]]);
    t.deepEqual(await ids({ keyId: 'key_1' }), ['act_5', 'act_4', 'act_2', 'act_1']);
    t.deepEqual(await ids({ keyId: 'key_1', type: 'updated' }), ['act_2']);
    t.deepEqual(await ids({ since: at(2), until: at(3) }), ['act_4', 'act_3', 'act_2']);
    t.deepEqual(await allPages((after) => store.activity.list(WS, {}, after, 2), 2), ['act_5', 'act_4', 'act_3', 'act_2', 'act_1']);
    t.deepEqual(await allPages((after) => store.activity.list(WS, { keyId: 'key_1' }, after, 1), 1), ['act_5', 'act_4', 'act_2', 'act_1']);
  });
}
