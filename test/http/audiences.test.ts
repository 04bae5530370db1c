import { assertError, serverTest, type TestServer } from '../support/server.ts';

const owner = (s: TestServer) => s.fixture.tokens.owner;
const create = (s: TestServer, body: unknown, token = owner(s)) => s.call('POST', '/audiences', { token, body });
const list = (s: TestServer, query = '', token = owner(s)) => s.call('GET', `/audiences${query}`, { token });

/** The host contract's demo contact: reader@example.test in aud_news, loaded (idempotently) over the test fixture. */
async function seedReader(s: TestServer): Promise<void> {
  const [main, ...rest] = s.fixture.json.workspaces;
  await s.service.fixtures.execute({
    ...s.fixture.json,
    workspaces: [{ ...main!, audiences: [{ id: 'aud_news', name: 'Newsletter' }], contacts: [{ email: 'reader@example.test', name: 'Rita Reader', audiences: ['aud_news'] }] }, ...rest],
  });
}

serverTest('GET /audiences: the default audience first, then newest first; counts at read time; the cursor is an audience id', async (t, s) => {
  await seedReader(s);
  s.clock.advance(60_000);
  const made: string[] = [];
  for (const name of ['First', 'Second', 'Third']) {
    made.push((await create(s, { name })).body.id);
    s.clock.advance(1000);
  }
  const all = (await list(s)).body;
  t.deepEqual(all.items.map((a: { id: string; builtin: string | null }) => a.builtin ?? a.id), ['default', ...made.reverse(), 'aud_news']);
  const [dflt] = all.items;
  t.like(dflt, { object: 'audience', builtin: 'default', contactCount: 1, lastContactAt: '2026-11-22T10:00:00.000Z' });
  t.like(all.items[4], { id: 'aud_news', name: 'Newsletter', builtin: null, contactCount: 1, lastContactAt: '2026-11-22T10:00:00.000Z' });
  t.like(all.items[1], { contactCount: 0, lastContactAt: null });
  t.false(all.hasMore);
  t.is(all.nextCursor, null);

  const p1 = (await list(s, '?limit=2')).body;
  t.is(p1.nextCursor, made[0], 'the cursor is the last audience id');
  const p2 = (await list(s, `?limit=2&cursor=${p1.nextCursor}`)).body;
  const p3 = (await list(s, `?limit=2&cursor=${p2.nextCursor}`)).body;
  t.deepEqual([...p1.items, ...p2.items, ...p3.items].map((a: { id: string }) => a.id), all.items.map((a: { id: string }) => a.id));
  t.false(p3.hasMore);
  t.deepEqual((await list(s, `?limit=2&cursor=${dflt.id}`)).body.items.map((a: { id: string }) => a.id), made.slice(0, 2));

  const theirs = (await create(s, { name: 'Theirs' }, s.fixture.tokens.other)).body.id;
  for (const cursor of ['aud_nope', theirs, 'x'.repeat(150)]) assertError(t, await list(s, `?cursor=${cursor}`), 400, 'invalid_cursor', 'cursor');
  assertError(t, await list(s, '?limit=101'), 422, 'invalid_parameter', 'limit');
  assertError(t, await list(s, '', s.fixture.tokens.readOnly), 403, 'insufficient_scope');
});

serverTest('GET /audiences/{id}: counts the members; 404 audience_not_found for unknown and other workspaces', async (t, s) => {
  await seedReader(s);
  const news = await s.call('GET', '/audiences/aud_news', { token: owner(s) });
  t.is(news.status, 200);
  t.deepEqual(news.body, {
    object: 'audience', id: 'aud_news', name: 'Newsletter', description: null, builtin: null, showOnPreferences: false,
    contactCount: 1, lastContactAt: '2026-11-22T10:00:00.000Z', createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z',
  });
  assertError(t, await s.call('GET', '/audiences/aud_nope', { token: owner(s) }), 404, 'audience_not_found', 'id');
  assertError(t, await s.call('GET', '/audiences/aud_news', { token: s.fixture.tokens.other }), 404, 'audience_not_found');
});

serverTest('POST /audiences: 201 empty audience, name trimmed 1..120 and not unique, description, showOnPreferences', async (t, s) => {
  const res = await create(s, { name: '  Weekly digest  ', description: ' Every Friday ', showOnPreferences: true });
  t.is(res.status, 201);
  t.regex(res.body.id, /^aud_[0-9a-f]{24}$/);
  t.deepEqual(res.body, {
    object: 'audience', id: res.body.id, name: 'Weekly digest', description: 'Every Friday', builtin: null, showOnPreferences: true,
    contactCount: 0, lastContactAt: null, createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z',
  });
  t.deepEqual((await s.call('GET', `/audiences/${res.body.id}`, { token: owner(s) })).body, res.body);
  const twin = await create(s, { name: 'Weekly digest' });
  t.is(twin.status, 201);
  t.not(twin.body.id, res.body.id);
  t.like(twin.body, { description: null, showOnPreferences: false });
  t.is((await create(s, { name: 'x'.repeat(120) })).status, 201);
  for (const [body, param] of [[{}, 'name'], [{ name: '' }, 'name'], [{ name: '   ' }, 'name'], [{ name: 'x'.repeat(121) }, 'name'], [{ name: 7 }, 'name'],
    [{ name: 'a', description: 'd'.repeat(501) }, 'description'], [{ name: 'a', showOnPreferences: 'yes' }, 'showOnPreferences']] as const) {
    assertError(t, await create(s, body), 422, 'invalid_parameter', param);
  }
  assertError(t, await create(s, { name: 'a', builtin: 'default' }), 422, 'unknown_parameter', 'builtin');
  assertError(t, await create(s, { name: 'a' }, s.fixture.tokens.readOnly), 403, 'insufficient_scope');
  t.is((await list(s)).body.items.length, 4, 'the default audience and the three made');
});

serverTest('POST /audiences: 422 workspace_limit_reached past 100 audiences (the default one not counted)', async (t, s) => {
  for (let i = 0; i < 100; i++) t.is((await create(s, { name: `List ${i}` })).status, 201);
  assertError(t, await create(s, { name: 'One too many' }), 422, 'workspace_limit_reached', null);
  t.is((await create(s, { name: 'Elsewhere' }, s.fixture.tokens.other)).status, 201, 'the limit is per workspace');
  let count = 0;
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const page: { items: unknown[]; nextCursor: string | null } = (await list(s, `?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).body;
    count += page.items.length;
    cursor = page.nextCursor;
  }
  t.is(count, 101);
});

serverTest('audience contacts: a contact must exist; joining twice keeps the first join; leaving; the default audience holds everyone', async (t, s) => {
  await seedReader(s);
  const news = (await create(s, { name: 'News' })).body.id;
  const rita = (await s.call('GET', '/contacts?q=reader', { token: owner(s) })).body.items[0];
  const add = (audience: string, body: unknown, token = owner(s)) => s.call('POST', `/audiences/${audience}/contacts`, { token, body });
  assertError(t, await add(news, { contactId: 'con_nope' }), 404, 'resource_not_found', 'contactId');
  assertError(t, await add(news, { email: 'nobody@example.test' }), 404, 'resource_not_found', 'email');
  assertError(t, await add(news, {}), 422, 'invalid_parameter', 'contactId');
  assertError(t, await add(news, { email: 'nope' }), 422, 'invalid_parameter', 'email');
  assertError(t, await add('aud_nope', { contactId: rita.id }), 404, 'audience_not_found', 'id');
  assertError(t, await add(news, { contactId: rita.id }, s.fixture.tokens.other), 404, 'audience_not_found');
  t.deepEqual((await s.call('GET', '/contacts', { token: owner(s) })).body.items.length, 1, 'nothing was created');

  s.clock.advance(60_000);
  const joined = await add(news, { email: ' READER@example.test' });
  t.is(joined.status, 201, JSON.stringify(joined.body));
  t.deepEqual(joined.body.audiences.find((a: { id: string }) => a.id === news), { id: news, subscribed: true, joinedAt: '2026-11-22T10:01:00.000Z', unsubscribedAt: null });
  s.clock.advance(60_000);
  const again = await add(news, { contactId: rita.id });
  t.is(again.status, 200);
  t.deepEqual(again.body, joined.body);
  t.like((await s.call('GET', `/audiences/${news}`, { token: owner(s) })).body, { contactCount: 1, lastContactAt: '2026-11-22T10:01:00.000Z' });

  const remove = (audience: string, contact: string) => s.call('DELETE', `/audiences/${audience}/contacts/${contact}`, { token: owner(s) });
  const dflt = (await list(s)).body.items[0].id;
  assertError(t, await remove(dflt, rita.id), 422, 'invalid_parameter', 'id');
  assertError(t, await remove('aud_nope', rita.id), 404, 'audience_not_found', 'id');
  assertError(t, await remove(news, 'con_nope'), 404, 'resource_not_found', 'contactId');
  const left = await remove(news, rita.id);
  t.deepEqual(left.body, { object: 'audience_membership', audienceId: news, contactId: rita.id, deleted: true });
  assertError(t, await remove(news, rita.id), 404, 'resource_not_found', 'contactId');
  t.like((await s.call('GET', `/audiences/${news}`, { token: owner(s) })).body, { contactCount: 0, lastContactAt: null });
  t.is((await s.call('GET', `/contacts/${rita.id}`, { token: owner(s) })).status, 200, 'still a contact');
});
