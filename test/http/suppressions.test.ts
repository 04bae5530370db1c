import { withStore } from './files-kit.ts';
import { assertError, serverTest, type TestServer } from '../support/server.ts';
import type { Suppression } from '../../core/suppressions/suppression.ts';

const add = (s: TestServer, email: unknown, token = s.fixture.tokens.owner) => s.call('POST', '/suppressions', { token, body: { email } });
const list = (s: TestServer, query = '', token = s.fixture.tokens.owner) => s.call('GET', `/suppressions${query}`, { token });
const events = (s: TestServer, prefix: string) =>
  withStore(s, async (store) => (await store.events.listAfter(s.fixture.ids.workspace, null, 1000)).filter((e) => e.type.startsWith(prefix)));

/** Bounces and complaints come from the sending side, which does not exist yet: put them straight in the store. */
const seed = (s: TestServer, rows: Array<Partial<Suppression> & { id: string; email: string }>) => withStore(s, async (store) => {
  for (const r of rows) {
    await store.suppressions.insert({ workspaceId: s.fixture.ids.workspace, reason: 'bounce', detail: '550 no such user', createdAt: s.clock.now().toISOString(), ...r });
  }
});

serverTest('POST /suppressions: 201 manual row, trimmed and lower-cased, sup_ id, suppression.added', async (t, s) => {
  const res = await add(s, '  Someone@Example.TEST ');
  t.is(res.status, 201, JSON.stringify(res.body));
  t.regex(res.body.id, /^sup_[0-9a-f]{24}$/);
  t.deepEqual(res.body, {
    object: 'suppression', id: res.body.id, email: 'someone@example.test', reason: 'manual', detail: null, removable: true,
    createdAt: '2026-11-22T10:00:00.000Z',
  });
  t.deepEqual((await s.call('GET', `/suppressions/${res.body.id}`, { token: s.fixture.tokens.owner })).body, res.body);
  const added = await events(s, 'suppression.');
  t.is(added.length, 1);
  t.deepEqual({ type: added[0]!.type, address: added[0]!.address, data: added[0]!.data }, {
    type: 'suppression.added', address: null,
    data: { email: 'someone@example.test', reason: 'manual', detail: null, addedAt: '2026-11-22T10:00:00.000Z' },
  });
});

serverTest('POST /suppressions: an address already listed answers 200 with the row unchanged, and no event', async (t, s) => {
  const first = (await add(s, 'a@example.test')).body;
  s.clock.advance(60_000);
  const again = await add(s, ' A@EXAMPLE.test');
  t.is(again.status, 200, JSON.stringify(again.body));
  t.deepEqual(again.body, first);
  // A bounce row stays a bounce: nothing about it changes.
  await seed(s, [{ id: `sup_${'b'.repeat(24)}`, email: 'gone@example.test' }]);
  const bounce = await add(s, 'gone@example.test');
  t.is(bounce.status, 200);
  t.like(bounce.body, { reason: 'bounce', detail: '550 no such user', removable: false });
  t.is((await events(s, 'suppression.')).length, 1);
});

serverTest('POST /suppressions: validation, and narrowed keys or apps of non-owners get 422 capability_unsupported', async (t, s) => {
  for (const email of ['nope', '', 'a@b', 5, null, `${'x'.repeat(310)}@example.test`]) assertError(t, await add(s, email), 422, 'invalid_parameter', 'email');
  assertError(t, await s.call('POST', '/suppressions', { token: s.fixture.tokens.owner, body: {} }), 422, 'invalid_parameter', 'email');
  assertError(t, await s.call('POST', '/suppressions', { token: s.fixture.tokens.owner, body: { email: 'a@example.test', reason: 'bounce' } }), 422, 'unknown_parameter', 'reason');
  // capability_unsupported comes before validation (host contract: which refusal wins).
  for (const token of [s.fixture.tokens.narrowed, s.fixture.tokens.domainKey, s.fixture.tokens.memberApp]) {
    assertError(t, await add(s, 'a@example.test', token), 422, 'capability_unsupported');
    assertError(t, await add(s, 'nope', token), 422, 'capability_unsupported');
  }
  assertError(t, await add(s, 'a@example.test', s.fixture.tokens.readOnly), 403, 'insufficient_scope');
  t.deepEqual((await list(s)).body.data, []);
  t.is((await add(s, 'a@example.test', s.fixture.tokens.ownerApp)).status, 201, 'the owner\'s own app may change the list');
});

serverTest('GET /suppressions: newest first in the list envelope, paged, q and reason filters, whole list for narrowed keys', async (t, s) => {
  for (const email of ['one@example.test', 'two@example.test', 'three@other.test']) {
    await add(s, email);
    s.clock.advance(1000);
  }
  await seed(s, [{ id: `sup_${'c'.repeat(24)}`, email: 'bounced@example.test', reason: 'bounce' }, { id: `sup_${'d'.repeat(24)}`, email: 'spam@other.test', reason: 'complaint', createdAt: '2026-11-22T09:00:00.000Z' }]);
  const all = await list(s);
  t.deepEqual(Object.keys(all.body).sort(), ['data', 'hasMore', 'nextCursor', 'object']);
  t.is(all.body.object, 'list');
  t.deepEqual(all.body.data.map((r: { email: string }) => r.email), ['bounced@example.test', 'three@other.test', 'two@example.test', 'one@example.test', 'spam@other.test']);
  t.deepEqual(all.body.data.map((r: { removable: boolean }) => r.removable), [false, true, true, true, true]);
  const page1 = await list(s, '?limit=2');
  t.true(page1.body.hasMore);
  const page2 = await list(s, `?limit=2&cursor=${encodeURIComponent(page1.body.nextCursor)}`);
  const page3 = await list(s, `?limit=2&cursor=${encodeURIComponent(page2.body.nextCursor)}`);
  t.deepEqual([...page1.body.data, ...page2.body.data, ...page3.body.data].map((r: { id: string }) => r.id), all.body.data.map((r: { id: string }) => r.id));
  t.false(page3.body.hasMore);
  t.is(page3.body.nextCursor, null);
  t.deepEqual((await list(s, '?q=OTHER.test')).body.data.map((r: { email: string }) => r.email), ['three@other.test', 'spam@other.test']);
  t.deepEqual((await list(s, '?q=_')).body.data, [], '`_` and `%` are not wildcards');
  t.deepEqual((await list(s, '?reason=complaint')).body.data.map((r: { email: string }) => r.email), ['spam@other.test']);
  t.deepEqual((await list(s, '?reason=bounce&q=example')).body.data.map((r: { email: string }) => r.email), ['bounced@example.test']);
  assertError(t, await list(s, '?reason=spam'), 422, 'invalid_parameter', 'reason');
  assertError(t, await list(s, `?q=${'x'.repeat(321)}`), 422, 'invalid_parameter', 'q');
  assertError(t, await list(s, '?cursor=abc'), 400, 'invalid_cursor', 'cursor');
  assertError(t, await list(s, '?limit=0'), 422, 'invalid_parameter', 'limit');
  t.is((await list(s, '', s.fixture.tokens.narrowed)).body.data.length, 5);
  t.is((await list(s, '', s.fixture.tokens.readOnly)).status, 200, 'settings:read lists');
  t.deepEqual((await list(s, '', s.fixture.tokens.other)).body.data, []);
});

serverTest('GET and DELETE /suppressions/{id}: 404 out of the workspace; bounces are permanent (409); suppression.removed', async (t, s) => {
  const manual = (await add(s, 'm@example.test')).body;
  await seed(s, [{ id: `sup_${'e'.repeat(24)}`, email: 'bounce@example.test', reason: 'bounce' }, { id: `sup_${'f'.repeat(24)}`, email: 'complaint@example.test', reason: 'complaint', detail: 'spam report' }]);
  for (const [method, token] of [['GET', s.fixture.tokens.other], ['DELETE', s.fixture.tokens.other], ['GET', s.fixture.tokens.owner]] as const) {
    assertError(t, await s.call(method, `/suppressions/${method === 'GET' && token === s.fixture.tokens.owner ? 'sup_nope' : manual.id}`, { token }), 404, 'resource_not_found');
  }
  assertError(t, await s.call('DELETE', `/suppressions/${manual.id}`, { token: s.fixture.tokens.narrowed }), 422, 'capability_unsupported');
  assertError(t, await s.call('DELETE', `/suppressions/${manual.id}`, { token: s.fixture.tokens.memberApp }), 422, 'capability_unsupported');
  assertError(t, await s.call('DELETE', `/suppressions/sup_${'e'.repeat(24)}`, { token: s.fixture.tokens.owner }), 409, 'suppression_not_removable');
  t.is((await s.call('GET', `/suppressions/sup_${'e'.repeat(24)}`, { token: s.fixture.tokens.owner })).status, 200);

  s.clock.advance(5000);
  const gone = await s.call('DELETE', `/suppressions/${manual.id}`, { token: s.fixture.tokens.owner });
  t.is(gone.status, 200);
  t.deepEqual(gone.body, { object: 'suppression', id: manual.id, email: 'm@example.test', deleted: true });
  assertError(t, await s.call('GET', `/suppressions/${manual.id}`, { token: s.fixture.tokens.owner }), 404, 'resource_not_found');
  t.is((await s.call('DELETE', `/suppressions/sup_${'f'.repeat(24)}`, { token: s.fixture.tokens.owner })).status, 200, 'a complaint can be removed');
  const removed = (await events(s, 'suppression.removed')).map((e) => e.data).sort((a, b) => (String(a.email) < String(b.email) ? 1 : -1));
  t.deepEqual(removed, [
    { email: 'm@example.test', reason: 'manual', detail: null, removedAt: '2026-11-22T10:00:05.000Z' },
    { email: 'complaint@example.test', reason: 'complaint', detail: 'spam report', removedAt: '2026-11-22T10:00:05.000Z' },
  ]);
  t.is((await add(s, 'm@example.test')).status, 201, 'a removed address can be listed again');
});
