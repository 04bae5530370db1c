import { withStore } from './files-kit.ts';
import { assertError, serverTest, type TestServer } from '../support/server.ts';

const owner = (s: TestServer) => s.fixture.tokens.owner;
const create = (s: TestServer, body: unknown, token = owner(s)) => s.call('POST', '/contacts', { token, body });
const patch = (s: TestServer, id: string, body: unknown) => s.call('PATCH', `/contacts/${id}`, { token: owner(s), body });
const get = (s: TestServer, id: string, token = owner(s)) => s.call('GET', `/contacts/${id}`, { token });
const events = (s: TestServer, prefix = 'contact.') =>
  withStore(s, async (store) => (await store.events.listAfter(s.fixture.ids.workspace, null, 5000)).filter((e) => e.type.startsWith(prefix)));
const audiences = async (s: TestServer) => (await s.call('GET', '/audiences', { token: owner(s) })).body.items as Array<{ id: string; builtin: string | null; name: string }>;
const defaultId = async (s: TestServer) => (await audiences(s)).find((a) => a.builtin === 'default')!.id;
const newAudience = async (s: TestServer, name: string) => (await s.call('POST', '/audiences', { token: owner(s), body: { name } })).body.id as string;

serverTest('POST /contacts: 201, address trimmed and lower-cased, joins the default audience, contact.created', async (t, s) => {
  const news = await newAudience(s, 'News');
  const res = await create(s, { email: ' Rita@Example.TEST ', name: ' Rita Reader ', customFields: { plan: 'pro', seats: 3, vip: true }, audienceIds: [news, news] });
  t.is(res.status, 201, JSON.stringify(res.body));
  t.regex(res.body.id, /^con_[0-9a-f]{24}$/);
  const at = '2026-11-22T10:00:00.000Z';
  t.deepEqual(res.body, {
    object: 'contact', id: res.body.id, email: 'rita@example.test', name: 'Rita Reader', customFields: { plan: 'pro', seats: 3, vip: true },
    audiences: [{ id: await defaultId(s), subscribed: true, joinedAt: at, unsubscribedAt: null }, { id: news, subscribed: true, joinedAt: at, unsubscribedAt: null }].sort((a, b) => (a.id < b.id ? -1 : 1)),
    source: 'api', createdAt: at, updatedAt: at,
  });
  t.deepEqual((await get(s, res.body.id)).body, res.body);
  const created = await events(s);
  t.deepEqual(created.map((e) => ({ type: e.type, address: e.address, data: e.data })), [{
    type: 'contact.created', address: null, data: { contactId: res.body.id, email: 'rita@example.test', name: 'Rita Reader', source: 'api', createdAt: at },
  }]);
});

serverTest('POST /contacts: an address already held answers 200 with the contact unchanged and no event', async (t, s) => {
  const first = (await create(s, { email: 'a@example.test', name: 'A' })).body;
  s.clock.advance(1000);
  const again = await create(s, { email: 'A@EXAMPLE.TEST', name: 'Other name' });
  t.is(again.status, 200, JSON.stringify(again.body));
  t.deepEqual(again.body, first);
  t.is((await events(s)).length, 1);
});

serverTest('POST /contacts: validation names the param and writes nothing', async (t, s) => {
  const bad = async (body: unknown, status: number, code: string, param: string) => assertError(t, await create(s, body), status, code, param);
  for (const email of ['nope', '', 'a@@b.test', `${'x'.repeat(65)}@example.test`]) await bad({ email }, 422, 'invalid_parameter', 'email');
  await bad({}, 422, 'invalid_parameter', 'email');
  await bad({ email: 'a@example.test', name: 'x'.repeat(201) }, 422, 'invalid_parameter', 'name');
  await bad({ email: 'a@example.test', name: 5 }, 422, 'invalid_parameter', 'name');
  await bad({ email: 'a@example.test', customFields: { tags: ['a'] } }, 422, 'invalid_parameter', 'customFields.tags');
  await bad({ email: 'a@example.test', customFields: { long: 'x'.repeat(2001) } }, 422, 'invalid_parameter', 'customFields.long');
  await bad({ email: 'a@example.test', customFields: { ['k'.repeat(65)]: 1 } }, 422, 'invalid_parameter', `customFields.${'k'.repeat(65)}`);
  await bad({ email: 'a@example.test', customFields: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i])) }, 422, 'invalid_parameter', 'customFields');
  await bad({ email: 'a@example.test', audienceIds: Array.from({ length: 51 }, (_, i) => `aud_${i}`) }, 422, 'invalid_parameter', 'audienceIds');
  await bad({ email: 'a@example.test', phone: '1' }, 422, 'unknown_parameter', 'phone');
  const news = await newAudience(s, 'News');
  await bad({ email: 'a@example.test', audienceIds: [news, 'aud_nope'] }, 404, 'audience_not_found', 'audienceIds.1');
  const theirs = (await s.call('POST', '/audiences', { token: s.fixture.tokens.other, body: { name: 'Theirs' } })).body.id;
  await bad({ email: 'a@example.test', audienceIds: [theirs] }, 404, 'audience_not_found', 'audienceIds.0');
  t.deepEqual((await s.call('GET', '/contacts', { token: owner(s) })).body.items, []);
  t.deepEqual(await events(s), []);
});

serverTest('GET /contacts: newest first, paged, q over address and name, audienceId; 404 across workspaces; scopes', async (t, s) => {
  const news = await newAudience(s, 'News');
  const ids: string[] = [];
  for (const [email, name] of [['ann@example.test', 'Ann'], ['bob@example.test', 'Bob Stone'], ['cy@other.test', null]] as const) {
    ids.push((await create(s, { email, name, audienceIds: email === 'bob@example.test' ? [news] : [] })).body.id);
    s.clock.advance(1000);
  }
  const list = async (query: string, token = owner(s)) => s.call('GET', `/contacts${query}`, { token });
  t.deepEqual((await list('')).body.items.map((c: { id: string }) => c.id), [...ids].reverse());
  const p1 = (await list('?limit=2')).body;
  t.true(p1.hasMore);
  const p2 = (await list(`?limit=2&cursor=${encodeURIComponent(p1.nextCursor)}`)).body;
  t.deepEqual([...p1.items, ...p2.items].map((c: { id: string }) => c.id), [...ids].reverse());
  t.is(p2.nextCursor, null);
  t.deepEqual((await list('?q=STONE')).body.items.map((c: { email: string }) => c.email), ['bob@example.test']);
  t.deepEqual((await list('?q=other.test')).body.items.map((c: { email: string }) => c.email), ['cy@other.test']);
  t.deepEqual((await list('?q=%25')).body.items, []);
  t.deepEqual((await list(`?audienceId=${news}`)).body.items.map((c: { email: string }) => c.email), ['bob@example.test']);
  assertError(t, await list('?audienceId=aud_nope'), 404, 'audience_not_found', 'audienceId');
  assertError(t, await list('?cursor=nope'), 400, 'invalid_cursor', 'cursor');
  assertError(t, await list(`?q=${'x'.repeat(321)}`), 422, 'invalid_parameter', 'q');
  t.deepEqual((await list('', s.fixture.tokens.other)).body.items, []);
  assertError(t, await get(s, ids[0]!, s.fixture.tokens.other), 404, 'resource_not_found', 'id');
  assertError(t, await get(s, 'con_nope'), 404, 'resource_not_found', 'id');
  assertError(t, await list('', s.fixture.tokens.readOnly), 403, 'insufficient_scope');
  assertError(t, await create(s, { email: 'x@example.test' }, s.fixture.tokens.readOnly), 403, 'insufficient_scope');
});

serverTest('PATCH /contacts/{id}: name, merged custom fields, per-audience subscriptions with their events', async (t, s) => {
  const news = await newAudience(s, 'News');
  const c = (await create(s, { email: 'p@example.test', name: 'P', customFields: { a: 1, b: 'x' }, audienceIds: [news] })).body;
  assertError(t, await patch(s, c.id, {}), 422, 'invalid_parameter', null);
  assertError(t, await patch(s, c.id, { email: 'q@example.test' }), 422, 'unknown_parameter', 'email');
  assertError(t, await patch(s, c.id, { subscriptions: { aud_nope: false } }), 404, 'audience_not_found', 'subscriptions.aud_nope');
  assertError(t, await patch(s, c.id, { subscriptions: { [news]: 'no' } }), 422, 'invalid_parameter', `subscriptions.${news}`);
  assertError(t, await patch(s, 'con_nope', { name: 'x' }), 404, 'resource_not_found', 'id');
  s.clock.advance(60_000);
  const changed = await patch(s, c.id, { name: '  Pat ', customFields: { a: null, c: false } });
  t.is(changed.status, 200);
  t.like(changed.body, { name: 'Pat', customFields: { b: 'x', c: false }, updatedAt: '2026-11-22T10:01:00.000Z', createdAt: c.createdAt });
  t.false('a' in changed.body.customFields);
  s.clock.advance(1000);
  const off = await patch(s, c.id, { subscriptions: { [news]: false } });
  t.deepEqual(off.body.audiences.find((a: { id: string }) => a.id === news), { id: news, subscribed: false, joinedAt: c.createdAt, unsubscribedAt: '2026-11-22T10:01:01.000Z' });
  t.true(off.body.audiences.find((a: { id: string }) => a.id !== news).subscribed, 'the other audience is untouched');
  await patch(s, c.id, { subscriptions: { [news]: false } }); // already off: no second event
  s.clock.advance(1000);
  const on = await patch(s, c.id, { subscriptions: { [news]: true } });
  t.true(on.body.audiences.every((a: { subscribed: boolean; unsubscribedAt: string | null }) => a.subscribed && a.unsubscribedAt === null));
  const seen = (await events(s)).map((e) => [e.type, e.data]);
  t.deepEqual(seen.slice(1), [
    ['contact.updated', { contactId: c.id, email: 'p@example.test', name: 'Pat', source: 'api', updatedAt: '2026-11-22T10:01:00.000Z' }],
    ['contact.unsubscribed', { contactId: c.id, email: 'p@example.test', audienceIds: [news], broadcastId: null, automationId: null, unsubscribedAt: '2026-11-22T10:01:01.000Z' }],
    ['contact.resubscribed', { contactId: c.id, email: 'p@example.test', audienceIds: [news], broadcastId: null, automationId: null, resubscribedAt: '2026-11-22T10:01:02.000Z' }],
  ]);
});

serverTest('DELETE /contacts/{id} and batch delete: contact.deleted per contact, none past 25 in one call', async (t, s) => {
  const one = (await create(s, { email: 'one@example.test' })).body;
  assertError(t, await s.call('DELETE', `/contacts/${one.id}`, { token: s.fixture.tokens.other }), 404, 'resource_not_found');
  const gone = await s.call('DELETE', `/contacts/${one.id}`, { token: owner(s) });
  t.deepEqual(gone.body, { object: 'contact', id: one.id, deleted: true });
  assertError(t, await get(s, one.id), 404, 'resource_not_found');
  assertError(t, await s.call('DELETE', `/contacts/${one.id}`, { token: owner(s) }), 404, 'resource_not_found');
  t.deepEqual((await events(s, 'contact.deleted')).map((e) => e.data), [{ contactId: one.id, email: 'one@example.test', name: null, source: 'api', deletedAt: '2026-11-22T10:00:00.000Z' }]);

  await s.call('POST', '/contacts/import', { token: owner(s), body: { contacts: Array.from({ length: 51 }, (_, i) => ({ email: `c${i}@example.test` })) } });
  const ids = (await s.call('GET', '/contacts?limit=100', { token: owner(s) })).body.items.map((c: { id: string }) => c.id) as string[];
  const few = await s.call('POST', '/contacts/batch-delete', { token: owner(s), body: { ids: [...ids.slice(0, 25), ids[0], 'con_nope'] } });
  t.deepEqual(few.body, { object: 'contact_batch_delete', deleted: ids.slice(0, 25), missing: ['con_nope'] });
  t.is((await events(s, 'contact.deleted')).length, 26, '25 removals in one call each fire');
  const many = await s.call('POST', '/contacts/batch-delete', { token: owner(s), body: { ids: ids.slice(25) } });
  t.is(many.body.deleted.length, 26);
  t.is((await events(s, 'contact.deleted')).length, 26, 'a call removing 26 fires none');
  t.deepEqual((await s.call('GET', '/contacts', { token: owner(s) })).body.items, []);
  assertError(t, await s.call('POST', '/contacts/batch-delete', { token: owner(s), body: { ids: [] } }), 422, 'invalid_parameter', 'ids');
  assertError(t, await s.call('POST', '/contacts/batch-delete', { token: owner(s), body: { ids: [5] } }), 422, 'invalid_parameter', 'ids.0');
});

serverTest('POST /contacts/import: bulk, no events, repeats once, held contacts kept, a bad row changes nothing', async (t, s) => {
  const news = await newAudience(s, 'News');
  const held = (await create(s, { email: 'held@example.test', name: 'Held' })).body;
  s.clock.advance(1000);
  const bad = await s.call('POST', '/contacts/import', { token: owner(s), body: { contacts: [{ email: 'ok@example.test' }, { email: 'nope' }] } });
  assertError(t, bad, 422, 'invalid_parameter', 'contacts.1.email');
  assertError(t, await s.call('POST', '/contacts/import', { token: owner(s), body: { contacts: [{ email: 'a@example.test', x: 1 }] } }), 422, 'unknown_parameter', 'contacts.0.x');
  assertError(t, await s.call('POST', '/contacts/import', { token: owner(s), body: { contacts: [] } }), 422, 'invalid_parameter', 'contacts');
  assertError(t, await s.call('POST', '/contacts/import', { token: owner(s), body: { contacts: [{ email: 'a@example.test' }], audienceIds: ['aud_nope'] } }), 404, 'audience_not_found', 'audienceIds.0');
  const res = await s.call('POST', '/contacts/import', { token: owner(s), body: {
    contacts: [{ email: 'New@Example.test', name: 'New', customFields: { from: 'csv' } }, { email: 'new@example.test', name: 'Dup' }, { email: 'HELD@example.test', name: 'Renamed' }],
    audienceIds: [news],
  } });
  t.is(res.status, 200, JSON.stringify(res.body));
  t.deepEqual(res.body, { object: 'contact_import', total: 2, created: 1, existing: 1, joined: 3 });
  const all = (await s.call('GET', '/contacts', { token: owner(s) })).body.items;
  t.deepEqual(all.map((c: { email: string; name: string; source: string }) => [c.email, c.name, c.source]), [['new@example.test', 'New', 'import'], ['held@example.test', 'Held', 'api']]);
  t.true(all.every((c: { audiences: unknown[] }) => c.audiences.length === 2));
  t.deepEqual((await events(s)).map((e) => e.data.contactId), [held.id], 'only the one-at-a-time create fired');
});
