import { assertError } from '../support/server.ts';
import { addDomain, domainTest, eventsOf, withStore } from './domains-kit.ts';

domainTest('addresses: add (local part or full, lower-cased), change, remove; shown on the domain', async (t, s) => {
  const token = s.fixture.tokens.owner;
  const d = (await addDomain(s, 'team.example.test')).body;
  const base = `/domains/${d.id}/addresses`;
  const made = await s.call('POST', base, { token, body: { address: '  Support ', name: ' Help Desk ' } });
  t.is(made.status, 201, JSON.stringify(made.body));
  t.like(made.body, { address: 'support@team.example.test', enabled: true, name: 'Help Desk', domainId: d.id });
  t.like((await s.call('POST', base, { token, body: { address: 'Billing@Team.Example.TEST', enabled: false } })).body, { address: 'billing@team.example.test', enabled: false, name: null });
  assertError(t, await s.call('POST', base, { token, body: { address: 'SUPPORT' } }), 409, 'address_unavailable', 'address');
  for (const bad of ['', 'a b', 'x@other.test', 'x@sub.team.example.test', '@team.example.test']) {
    assertError(t, await s.call('POST', base, { token, body: { address: bad } }), 422, 'invalid_parameter', 'address');
  }
  const shown = await s.call('GET', `/domains/${d.id}`, { token });
  t.deepEqual(shown.body.addresses, [{ address: 'billing@team.example.test', enabled: false }, { address: 'support@team.example.test', enabled: true }]);

  const off = await s.call('PATCH', `${base}/support@team.example.test`, { token, body: { enabled: false } });
  t.like(off.body, { address: 'support@team.example.test', enabled: false, name: 'Help Desk' });
  t.like((await s.call('PATCH', `${base}/SUPPORT`, { token, body: { name: null } })).body, { enabled: false, name: null });
  assertError(t, await s.call('PATCH', `${base}/nobody`, { token, body: { enabled: true } }), 404, 'address_not_found', 'address');
  assertError(t, await s.call('PATCH', `/domains/${d.id}/addresses/hello@acme.test`, { token, body: {} }), 404, 'address_not_found', 'address');
  const gone = await s.call('DELETE', `${base}/billing`, { token });
  t.deepEqual(gone.body, { object: 'address', address: 'billing@team.example.test', deleted: true });
  assertError(t, await s.call('DELETE', `${base}/billing`, { token }), 404, 'address_not_found', 'address');
  t.deepEqual((await s.call('GET', '/addresses', { token })).body.data.map((a: any) => a.address).filter((a: string) => a.endsWith('team.example.test')), ['support@team.example.test']);
});

domainTest('addresses: narrowed callers manage only what they hold; 1,000 addresses per workspace', async (t, s) => {
  const { owner, narrowed, domainKey } = s.fixture.tokens;
  const base = `/domains/${s.fixture.ids.domain}/addresses`;
  assertError(t, await s.call('POST', base, { token: narrowed, body: { address: 'new' } }), 422, 'capability_unsupported', 'address');
  t.is((await s.call('POST', base, { token: domainKey, body: { address: 'new' } })).status, 201);
  assertError(t, await s.call('PATCH', `${base}/sales`, { token: narrowed, body: { enabled: false } }), 404, 'address_not_found', 'address');
  t.like((await s.call('PATCH', `${base}/hello`, { token: narrowed, body: { name: 'Hi' } })).body, { address: 'hello@acme.test', name: 'Hi' });

  // Fill the workspace up to the soft limit (it has 5 now), then one more is refused.
  await withStore(s, async (store) => {
    for (let i = 0; i < 995; i++) {
      await store.domains.insertAddress({
        id: `adr_seed${String(i).padStart(16, '0')}`, workspaceId: s.fixture.ids.workspace, domainId: s.fixture.ids.domain2,
        address: `user${i}@beta.test`, enabled: true, name: null, createdAt: s.clock.now().toISOString(),
      });
    }
  });
  assertError(t, await s.call('POST', base, { token: owner, body: { address: 'one-too-many' } }), 422, 'workspace_limit_reached', 'address');
  t.is((await s.call('DELETE', `${base}/new`, { token: owner })).status, 200);
  t.is((await s.call('POST', base, { token: owner, body: { address: 'fits' } })).status, 201);
});

domainTest('DELETE /domains/{id}: whole domain needed, step-up over OAuth; addresses go too; domain.deleted', async (t, s) => {
  const { owner, narrowed, ownerApp, domainKey } = s.fixture.tokens;
  const { ids } = s.fixture;
  assertError(t, await s.call('DELETE', `/domains/${ids.domain}`, { token: narrowed }), 422, 'capability_unsupported');
  assertError(t, await s.call('DELETE', `/domains/${ids.domain2}`, { token: domainKey }), 404, 'resource_not_found', 'id');
  assertError(t, await s.call('DELETE', `/domains/${ids.domain2}`, { token: ownerApp }), 403, 'step_up_required');
  await s.call('POST', '/security/step-up', { token: ownerApp });
  const code = /(\d{6})/.exec(s.mailer.sent.at(-1)!.subject)![1];
  t.is((await s.call('POST', '/security/step-up/verify', { token: ownerApp, body: { code } })).status, 200);
  const gone = await s.call('DELETE', `/domains/${ids.domain2}`, { token: ownerApp });
  t.deepEqual(gone.body, { id: ids.domain2, object: 'domain', deleted: true });
  assertError(t, await s.call('GET', `/domains/${ids.domain2}`, { token: owner }), 404, 'resource_not_found', 'id');
  t.false((await s.call('GET', '/addresses', { token: owner })).body.data.some((a: any) => a.address.endsWith('@beta.test')));
  const events = await eventsOf(s, 'domain.deleted');
  t.is(events.length, 1);
  t.like(events[0], { domain: 'beta.test', address: null });
  t.deepEqual(events[0]!.data, { domainId: ids.domain2, domain: 'beta.test', reason: 'removed', deletedAt: s.clock.now().toISOString() });
  // An API key is never asked for step-up.
  const d = (await addDomain(s, 'brief.example.test')).body;
  t.is((await s.call('DELETE', `/domains/${d.id}`, { token: owner })).status, 200);
  assertError(t, await s.call('DELETE', `/domains/${d.id}`, { token: owner }), 404, 'resource_not_found', 'id');
});
