import { assertError, serverTest, type TestServer } from '../support/server.ts';

const owner = (s: TestServer) => s.fixture.tokens.owner;
const growth = (s: TestServer, query = '', token = owner(s)) => s.call('GET', `/audiences/growth${query}`, { token });

/** Contacts joining at known times: x1 (Alpha, Beta) on Nov 1, x2 and x3 (Alpha) on Nov 20, old (Beta) in September. */
async function seed(s: TestServer) {
  const alpha = (await s.call('POST', '/audiences', { token: owner(s), body: { name: 'Alpha' } })).body.id as string;
  const beta = (await s.call('POST', '/audiences', { token: owner(s), body: { name: 'Beta' } })).body.id as string;
  const contact = async (at: string, email: string, audienceIds: string[]) => {
    s.clock.set(at);
    return (await s.call('POST', '/contacts', { token: owner(s), body: { email, audienceIds } })).body.id as string;
  };
  const x1 = await contact('2026-11-01T23:30:00.000Z', 'x1@example.test', [alpha, beta]);
  const x2 = await contact('2026-11-20T08:15:00.000Z', 'x2@example.test', [alpha]);
  const x3 = await contact('2026-11-20T09:45:00.000Z', 'x3@example.test', [alpha]);
  const old = await contact('2026-09-01T00:00:00.000Z', 'old@example.test', [beta]);
  s.clock.set('2026-11-21T12:00:00.000Z');
  await s.call('PATCH', `/contacts/${x2}`, { token: owner(s), body: { subscriptions: { [alpha]: false } } });
  s.clock.set('2026-11-22T10:00:00.000Z');
  const dflt = (await s.call('GET', '/audiences', { token: owner(s) })).body.items[0].id as string;
  return { alpha, beta, dflt, x1, x2, x3, old };
}

serverTest('growth: the whole report by day, default window of 30 days, series largest first, sparse buckets oldest first', async (t, s) => {
  const { alpha, beta, dflt } = await seed(s);
  const res = await growth(s);
  t.is(res.status, 200, JSON.stringify(res.body));
  t.deepEqual(res.body, {
    object: 'audience_growth', since: '2026-10-23T00:00:00.000Z', until: '2026-11-22T10:00:00.000Z', grain: 'day', offsetMinutes: 0,
    totals: { contacts: 4, subscribed: 4, memberships: 9, added: 7, unsubscribed: 1, lists: 3, busiest: '2026-11-20' },
    series: [
      { id: dflt, name: 'All contacts', builtin: true, total: 4, subscribed: 4, before: 1, added: 3, unsubscribed: 0,
        buckets: [{ bucket: '2026-11-01', added: 1, unsubscribed: 0 }, { bucket: '2026-11-20', added: 2, unsubscribed: 0 }] },
      { id: alpha, name: 'Alpha', builtin: false, total: 3, subscribed: 2, before: 0, added: 3, unsubscribed: 1,
        buckets: [{ bucket: '2026-11-01', added: 1, unsubscribed: 0 }, { bucket: '2026-11-20', added: 2, unsubscribed: 0 }, { bucket: '2026-11-21', added: 0, unsubscribed: 1 }] },
      { id: beta, name: 'Beta', builtin: false, total: 2, subscribed: 2, before: 1, added: 1, unsubscribed: 0,
        buckets: [{ bucket: '2026-11-01', added: 1, unsubscribed: 0 }] },
    ],
  });
});

serverTest('growth: hour and minute grains, offsets shift buckets and the window start, minutes win over days', async (t, s) => {
  const { alpha, beta } = await seed(s);
  const only = (body: any, id: string) => body.series.find((x: { id: string }) => x.id === id);

  const shifted = (await growth(s, '?offsetMinutes=60')).body;
  t.is(shifted.since, '2026-10-22T23:00:00.000Z', 'local midnight of the oldest day');
  t.deepEqual(only(shifted, beta).buckets.map((b: { bucket: string }) => b.bucket), ['2026-11-02'], '23:30Z is past midnight at +01:00');

  const hourly = (await growth(s, `?grain=hour&offsetMinutes=-30&minutes=${3 * 1440}&days=1`)).body;
  t.like(hourly, { since: '2026-11-19T09:30:00.000Z', grain: 'hour', offsetMinutes: -30 });
  t.like(only(hourly, alpha), { before: 1, added: 2, unsubscribed: 1, total: 3 });
  t.deepEqual(only(hourly, alpha).buckets, [
    { bucket: '2026-11-20T07', added: 1, unsubscribed: 0 }, { bucket: '2026-11-20T09', added: 1, unsubscribed: 0 }, { bucket: '2026-11-21T11', added: 0, unsubscribed: 1 },
  ]);
  t.is(hourly.totals.busiest, '2026-11-20T07', 'a tie goes to the oldest bucket');

  const minutely = (await growth(s, `?grain=minute&offsetMinutes=330&minutes=${3 * 1440}&audienceIds=${alpha}`)).body;
  t.is(minutely.since, '2026-11-19T10:00:00.000Z');
  t.deepEqual(minutely.series.map((x: { id: string }) => x.id), [alpha]);
  t.deepEqual(minutely.series[0].buckets.map((b: { bucket: string }) => b.bucket), ['2026-11-20T13:45', '2026-11-20T15:15', '2026-11-21T17:30']);

  s.clock.set('2026-11-22T10:00:30.500Z');
  t.like((await growth(s, '?grain=minute&minutes=1')).body, { since: '2026-11-22T09:59:00.000Z', until: '2026-11-22T10:00:30.500Z' });
  const empty = (await growth(s, '?grain=minute&minutes=1')).body;
  t.is(empty.totals.busiest, null);
  t.true(empty.series.every((x: { buckets: unknown[]; added: number }) => x.buckets.length === 0 && x.added === 0));
  t.is((await growth(s, '?days=1095&grain=day')).body.since, '2023-11-23T00:00:00.000Z');
});

serverTest('growth: audienceIds narrows the report; persons counted once; deleted contacts leave every series; ties by name', async (t, s) => {
  const { alpha, beta, x1, x3, old } = await seed(s);
  const two = (await growth(s, `?audienceIds=${beta},${alpha},${alpha}`)).body;
  t.deepEqual(two.series.map((x: { id: string }) => x.id), [alpha, beta]);
  t.like(two.totals, { contacts: 4, subscribed: 3, memberships: 5, lists: 2 });
  t.is((await growth(s, '?audienceIds=')).body.totals.lists, 3, 'empty means all');

  await s.call('DELETE', `/contacts/${x3}`, { token: owner(s) });
  const after = (await growth(s, `?audienceIds=${alpha}`)).body.series[0];
  t.like(after, { total: 2, added: 2 });
  t.deepEqual(after.buckets.map((b: { bucket: string; added: number }) => [b.bucket, b.added]), [['2026-11-01', 1], ['2026-11-20', 1], ['2026-11-21', 0]]);

  const aardvark = (await s.call('POST', '/audiences', { token: owner(s), body: { name: 'Aardvark' } })).body.id;
  for (const contactId of [x1, old]) await s.call('POST', `/audiences/${aardvark}/contacts`, { token: owner(s), body: { contactId } });
  const order = (await growth(s)).body.series.map((x: { name: string }) => x.name);
  t.deepEqual(order, ['All contacts', 'Aardvark', 'Alpha', 'Beta'], 'largest first, then by name');
});

serverTest('growth: every parameter checked; unknown audiences 404 on audienceIds', async (t, s) => {
  const { alpha } = await seed(s);
  const theirs = (await s.call('POST', '/audiences', { token: s.fixture.tokens.other, body: { name: 'Theirs' } })).body.id;
  assertError(t, await growth(s, `?audienceIds=${alpha},aud_nope`), 404, 'audience_not_found', 'audienceIds');
  assertError(t, await growth(s, `?audienceIds=${theirs}`), 404, 'audience_not_found', 'audienceIds');
  assertError(t, await growth(s, `?audienceIds=${Array.from({ length: 51 }, (_, i) => `aud_${i}`).join(',')}`), 422, 'invalid_parameter', 'audienceIds');
  for (const [query, param] of [
    ['days=0', 'days'], ['days=1096', 'days'], ['days=abc', 'days'], ['days=1.5', 'days'], ['minutes=0', 'minutes'], ['minutes=1576801', 'minutes'],
    ['grain=week', 'grain'], ['grain=DAY', 'grain'], ['offsetMinutes=841', 'offsetMinutes'], ['offsetMinutes=-841', 'offsetMinutes'],
  ] as const) {
    assertError(t, await growth(s, `?${query}`), 422, 'invalid_parameter', param);
  }
  for (const query of ['days=1', 'days=1095', 'minutes=1576800', 'offsetMinutes=840', 'offsetMinutes=-840', 'grain=minute&minutes=5']) {
    t.is((await growth(s, `?${query}`)).status, 200, query);
  }
  assertError(t, await growth(s, '', s.fixture.tokens.readOnly), 403, 'insufficient_scope');
});
