import { assertError, serverTest } from '../support/server.ts';

serverTest('GET /addresses: alphabetical, canSend per caller, domains, unrestricted', async (t, s) => {
  const { tokens } = s.fixture;
  const all = await s.call('GET', '/addresses', { token: tokens.owner });
  t.is(all.status, 200);
  t.true(all.body.unrestricted);
  t.deepEqual(all.body.data, [
    { address: 'hello@acme.test', enabled: true, canSend: true },
    { address: 'news@beta.test', enabled: true, canSend: false }, // beta.test cannot sign yet
    { address: 'old@acme.test', enabled: false, canSend: false }, // disabled is always false
    { address: 'sales@acme.test', enabled: true, canSend: true },
  ]);
  t.deepEqual(all.body.domains, [
    { domain: 'acme.test', receivingVerified: true, sendingVerified: true, catchAll: true },
    { domain: 'beta.test', receivingVerified: true, sendingVerified: false, catchAll: false },
  ].filter((d) => all.body.domains.some((x: any) => x.domain === d.domain)));
  t.is(all.body.domains.length, 2);
  t.false(all.body.hasMore);
  t.is(all.body.nextCursor, null);

  const narrowed = await s.call('GET', '/addresses', { token: tokens.narrowed });
  t.false(narrowed.body.unrestricted);
  t.deepEqual(narrowed.body.data.filter((a: any) => a.canSend).map((a: any) => a.address), ['hello@acme.test']);
  const domain = await s.call('GET', '/addresses', { token: tokens.domainKey });
  t.deepEqual(domain.body.data.filter((a: any) => a.canSend).map((a: any) => a.address), ['hello@acme.test', 'sales@acme.test']);
});

serverTest('an app connected by a member is never unrestricted; the owner\'s app is', async (t, s) => {
  const member = await s.call('GET', '/addresses', { token: s.fixture.tokens.memberApp });
  t.false(member.body.unrestricted);
  t.deepEqual(member.body.data.filter((a: any) => a.canSend).map((a: any) => a.address), ['hello@acme.test']);
  t.true((await s.call('GET', '/addresses', { token: s.fixture.tokens.ownerApp })).body.unrestricted);
});

serverTest('address book pages with a cursor and refuses a bad limit', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await s.call('GET', `/addresses?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    t.is(page.status, 200);
    seen.push(...page.body.data.map((a: any) => a.address));
    cursor = page.body.nextCursor;
    t.is(page.body.hasMore, cursor !== null);
  } while (cursor);
  t.deepEqual(seen, ['hello@acme.test', 'news@beta.test', 'old@acme.test', 'sales@acme.test']);
  assertError(t, await s.call('GET', '/addresses?limit=0', { token }), 422, 'invalid_parameter', 'limit');
});
