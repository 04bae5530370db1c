import { withStore } from './files-kit.ts';
import { assertError, serverTest, type TestServer } from '../support/server.ts';
import type { UnsubscribeSource } from '../../core/suppressions/suppression.ts';

const owner = (s: TestServer) => s.fixture.tokens.owner;
const unsubscribe = (s: TestServer, email: unknown, token = owner(s)) => s.call('POST', '/suppressions/unsubscribes', { token, body: { email } });
const takeBack = (s: TestServer, email: string, token = owner(s)) => s.call('DELETE', `/suppressions/unsubscribes/${encodeURIComponent(email)}`, { token });
const list = (s: TestServer, query = '') => s.call('GET', `/suppressions/unsubscribes${query}`, { token: owner(s) });
const contact = async (s: TestServer, id: string) => (await s.call('GET', `/contacts/${id}`, { token: owner(s) })).body;
const events = (s: TestServer) =>
  withStore(s, async (store) => (await store.events.listAfter(s.fixture.ids.workspace, null, 1000)).filter((e) => /^contact\.(un|re)subscribed$/.test(e.type)));

/** Link and one-click unsubscribes come from sent mail, which does not exist yet: put them straight in the store. */
const seed = (s: TestServer, email: string, source: UnsubscribeSource, createdAt = s.clock.now().toISOString()) => withStore(s, (store) =>
  store.suppressions.insertUnsubscribe({ workspaceId: s.fixture.ids.workspace, email, source, broadcastId: source === 'link' ? 'bc_1' : null, automationId: null, audienceIds: [], createdAt }));

async function member(s: TestServer) {
  const news = (await s.call('POST', '/audiences', { token: owner(s), body: { name: 'News' } })).body.id as string;
  const deals = (await s.call('POST', '/audiences', { token: owner(s), body: { name: 'Deals' } })).body.id as string;
  const c = (await s.call('POST', '/contacts', { token: owner(s), body: { email: 'rita@example.test', audienceIds: [news, deals] } })).body;
  return { news, deals, id: c.id as string, audienceIds: (c.audiences as Array<{ id: string }>).map((a) => a.id) };
}

serverTest('POST unsubscribes: source manual, the contact leaves every audience, contact.unsubscribed; repeats answer 200 unchanged', async (t, s) => {
  const { id, audienceIds } = await member(s);
  s.clock.advance(60_000);
  const res = await unsubscribe(s, '  RITA@example.TEST ');
  t.is(res.status, 201, JSON.stringify(res.body));
  t.deepEqual(res.body, { object: 'unsubscribe', email: 'rita@example.test', source: 'manual', broadcastId: null, automationId: null, removable: true, createdAt: '2026-11-22T10:01:00.000Z' });
  t.true((await contact(s, id)).audiences.every((a: { subscribed: boolean; unsubscribedAt: string }) => !a.subscribed && a.unsubscribedAt === '2026-11-22T10:01:00.000Z'));
  const fired = await events(s);
  t.is(fired.length, 1);
  t.is(fired[0]!.type, 'contact.unsubscribed');
  t.deepEqual({ ...fired[0]!.data, audienceIds: [...(fired[0]!.data.audienceIds as string[])].sort() }, {
    contactId: id, email: 'rita@example.test', audienceIds: [...audienceIds].sort(), broadcastId: null, automationId: null, unsubscribedAt: '2026-11-22T10:01:00.000Z',
  });
  s.clock.advance(60_000);
  const again = await unsubscribe(s, 'rita@example.test');
  t.is(again.status, 200);
  t.deepEqual(again.body, res.body);
  t.is((await events(s)).length, 1);
  // An address with no contact is recorded all the same, without a contact event.
  t.is((await unsubscribe(s, 'stranger@example.test')).status, 201);
  t.is((await events(s)).length, 1);
});

serverTest('POST unsubscribes: validation and who may change the list', async (t, s) => {
  for (const email of ['nope', '', 7, `${'x'.repeat(320)}@example.test`]) assertError(t, await unsubscribe(s, email), 422, 'invalid_parameter', 'email');
  for (const token of [s.fixture.tokens.narrowed, s.fixture.tokens.memberApp]) {
    assertError(t, await unsubscribe(s, 'a@example.test', token), 422, 'capability_unsupported');
    assertError(t, await takeBack(s, 'a@example.test', token), 422, 'capability_unsupported');
  }
  assertError(t, await unsubscribe(s, 'a@example.test', s.fixture.tokens.readOnly), 403, 'insufficient_scope');
  t.deepEqual((await list(s)).body.data, []);
});

serverTest('GET unsubscribes: newest first in the list envelope, q one whole address ignoring case, source filter, paging', async (t, s) => {
  await seed(s, 'link@example.test', 'link', '2026-11-22T09:00:00.000Z');
  await seed(s, 'click@example.test', 'one_click', '2026-11-22T09:30:00.000Z');
  await unsubscribe(s, 'manual@example.test');
  const all = (await list(s)).body;
  t.is(all.object, 'list');
  t.deepEqual(all.data.map((u: { email: string; removable: boolean }) => [u.email, u.removable]), [['manual@example.test', true], ['click@example.test', false], ['link@example.test', false]]);
  t.like(all.data[2], { source: 'link', broadcastId: 'bc_1', automationId: null });
  t.deepEqual((await list(s, '?q=LINK@Example.test')).body.data.map((u: { email: string }) => u.email), ['link@example.test']);
  t.deepEqual((await list(s, '?q=link%40example.tes')).body.data, [], 'the whole address, not a part');
  assertError(t, await list(s, '?q=link'), 422, 'invalid_parameter', 'q');
  t.deepEqual((await list(s, '?source=one_click')).body.data.map((u: { email: string }) => u.email), ['click@example.test']);
  assertError(t, await list(s, '?source=spam'), 422, 'invalid_parameter', 'source');
  const p1 = (await list(s, '?limit=2')).body;
  const p2 = (await list(s, `?limit=2&cursor=${encodeURIComponent(p1.nextCursor)}`)).body;
  t.deepEqual([...p1.data, ...p2.data].map((u: { email: string }) => u.email), all.data.map((u: { email: string }) => u.email));
  t.is(p2.nextCursor, null);
  assertError(t, await list(s, '?cursor=zz'), 400, 'invalid_cursor', 'cursor');
  t.deepEqual((await s.call('GET', '/suppressions/unsubscribes', { token: s.fixture.tokens.other })).body.data, []);
});

serverTest('DELETE unsubscribes: only manual records; re-subscribes the audiences it switched off; contact.resubscribed', async (t, s) => {
  const { id, news, deals } = await member(s);
  s.clock.advance(60_000);
  await s.call('PATCH', `/contacts/${id}`, { token: owner(s), body: { subscriptions: { [deals]: false } } }); // off before the record
  s.clock.advance(60_000);
  await unsubscribe(s, 'rita@example.test');
  // Joining while unsubscribed starts unsubscribed, and the record learns the audience.
  const later = (await s.call('POST', '/audiences', { token: owner(s), body: { name: 'Later' } })).body.id;
  await s.call('POST', `/audiences/${later}/contacts`, { token: owner(s), body: { contactId: id } });
  t.false((await contact(s, id)).audiences.find((a: { id: string }) => a.id === later).subscribed);

  await seed(s, 'linked@example.test', 'link');
  assertError(t, await takeBack(s, 'linked@example.test'), 409, 'unsubscribe_not_removable', 'email');
  assertError(t, await takeBack(s, 'nobody@example.test'), 404, 'resource_not_found', 'email');
  assertError(t, await takeBack(s, 'rita@example.test', s.fixture.tokens.other), 404, 'resource_not_found');

  s.clock.advance(60_000);
  const res = await takeBack(s, 'Rita@Example.test');
  t.is(res.status, 200);
  t.deepEqual(res.body, { object: 'unsubscribe', email: 'rita@example.test', deleted: true });
  const subscribed = Object.fromEntries((await contact(s, id)).audiences.map((a: { id: string; subscribed: boolean }) => [a.id, a.subscribed]));
  t.false(subscribed[deals], 'an audience switched off before the record stays off');
  t.true(subscribed[news]);
  t.true(subscribed[later]);
  const back = (await events(s)).filter((e) => e.type === 'contact.resubscribed');
  t.is(back.length, 1);
  t.like(back[0]!.data, { contactId: id, email: 'rita@example.test', broadcastId: null, automationId: null, resubscribedAt: '2026-11-22T10:03:00.000Z' });
  t.false((back[0]!.data.audienceIds as string[]).includes(deals));
  t.true((back[0]!.data.audienceIds as string[]).includes(later));
  t.deepEqual((await list(s)).body.data.map((u: { email: string }) => u.email), ['linked@example.test']);
  assertError(t, await takeBack(s, 'rita@example.test'), 404, 'resource_not_found');
});
