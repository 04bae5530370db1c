import { createPublicKey, randomUUID } from 'node:crypto';
import { assertError } from '../support/server.ts';
import { addDomain, domainTest, SERVICE_HOST, withStore } from './domains-kit.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

domainTest('POST /domains: bare domain trimmed, lower-cased, punycode; catch-all on, no addresses, checked in the call', async (t, s) => {
  const res = await addDomain(s, '  Bücher.Example.TEST. ');
  t.is(res.status, 201, JSON.stringify(res.body));
  const d = res.body;
  const name = 'xn--bcher-kva.example.test';
  const now = s.clock.now().toISOString();
  t.regex(d.id, UUID);
  t.like(d, { object: 'domain', domain: name, dmarcPolicy: 'none', senderName: null, addresses: [], dmarc: null });
  t.like(d.receiving, { verified: false, verifiedAt: null, catchAll: true, lastCheckedAt: now });
  t.regex(d.receiving.error, /MX/);
  t.like(d.sending, { status: 'pending', canSend: false, checkedAt: now });
  t.deepEqual(d.tracking, { status: 'none', host: null, record: null, target: null, error: null });
  t.deepEqual(d.storage, d.tracking);

  t.deepEqual(d.records.map((r: any) => [r.purpose, r.type, r.status]), [
    ['receiving', 'MX', 'missing'], ['spf', 'TXT', 'missing'], ['dkim', 'TXT', 'missing'],
    ['return_path', 'CNAME', 'missing'], ['dmarc', 'TXT', 'missing'],
  ]);
  const [mx, spf, dkim, returnPath, dmarc] = d.records;
  t.deepEqual(mx, { type: 'MX', name, value: `mx.${SERVICE_HOST}`, priority: 10, purpose: 'receiving', status: 'missing' });
  t.deepEqual(spf, { type: 'TXT', name, value: `v=spf1 include:spf.${SERVICE_HOST} ~all`, purpose: 'spf', status: 'missing' });
  t.deepEqual(returnPath, { type: 'CNAME', name: `bounces.${name}`, value: `bounces.${SERVICE_HOST}`, purpose: 'return_path', status: 'missing' });
  t.deepEqual(dmarc, { type: 'TXT', name: `_dmarc.${name}`, value: `v=DMARC1; p=none; rua=mailto:dmarc@${SERVICE_HOST}`, purpose: 'dmarc', status: 'missing' });
  t.regex(dkim.name, new RegExp(`^wm\\d{6}\\._domainkey\\.${name.replace(/\./g, '\\.')}$`));
  const p = /^v=DKIM1; k=rsa; p=([A-Za-z0-9+/=]+)$/.exec(dkim.value)![1]!;
  const key = createPublicKey({ key: Buffer.from(p, 'base64'), format: 'der', type: 'spki' });
  t.is(key.asymmetricKeyType, 'rsa');
  t.is(key.asymmetricKeyDetails?.modulusLength, 2048);

  // The private key is kept sealed with the master key, never in the clear.
  const stored = await withStore(s, (store) => store.domains.get(s.fixture.ids.workspace, d.id));
  t.regex(stored!.dkim!.privateKeySealed, /^v1\./);
  t.false(stored!.dkim!.privateKeySealed.includes('PRIVATE KEY'));
  t.is(stored!.dkim!.publicKey, p);

  const again = await s.call('GET', `/domains/${d.id}`, { token: s.fixture.tokens.owner });
  t.is(again.body.records[2].value, dkim.value, 'the key pair is made once, at create');
});

domainTest('POST /domains: refusals (invalid, taken, narrowed, scope) and nothing is created', async (t, s) => {
  const { owner, narrowed, domainKey, readOnly, memberApp } = s.fixture.tokens;
  for (const bad of ['', '   ', 'http://new.test', 'new.test/path', 'me@new.test', 'localhost', 'new.test:25', 'a..b.test', '-x.test', `x.${SERVICE_HOST}`, SERVICE_HOST]) {
    assertError(t, await addDomain(s, bad), 422, 'invalid_parameter', 'domain');
  }
  assertError(t, await s.call('POST', '/domains', { token: owner, body: {} }), 422, 'invalid_parameter', 'domain');
  assertError(t, await s.call('POST', '/domains', { token: owner, body: { domain: 'x.test', extra: 1 } }), 422, 'unknown_parameter', 'extra');
  // A name the workspace already has (any case, any spelling that normalises to it): 422 on `domain`.
  assertError(t, await addDomain(s, ' ACME.test '), 422, 'invalid_parameter', 'domain');
  for (const token of [narrowed, domainKey]) assertError(t, await addDomain(s, 'new.test', token), 422, 'capability_unsupported');
  assertError(t, await addDomain(s, 'new.test', memberApp), 403, 'insufficient_scope', null);
  assertError(t, await addDomain(s, 'new.test', readOnly), 403, 'insufficient_scope');
  const list = await s.call('GET', '/domains', { token: owner });
  t.deepEqual(list.body.items.map((d: any) => d.domain), ['acme.test', 'beta.test']);
  // Another workspace may hold the same name: uniqueness is per workspace.
  t.is((await addDomain(s, 'acme.test', s.fixture.tokens.other)).status, 201);
});

domainTest('GET /domains: alphabetical pages; narrowed callers see only the domains they reach', async (t, s) => {
  const { owner, narrowed, domainKey, memberApp, other } = s.fixture.tokens;
  for (const name of ['zeta.test', 'gamma.test']) t.is((await addDomain(s, name)).status, 201);
  const first = await s.call('GET', '/domains?limit=2', { token: owner });
  t.is(first.status, 200);
  t.deepEqual(first.body.items.map((d: any) => d.domain), ['acme.test', 'beta.test']);
  t.true(first.body.hasMore);
  t.false('records' in first.body.items[0], 'records, addresses and dmarc are on the single read');
  t.like(first.body.items[0], { object: 'domain', id: s.fixture.ids.domain, receiving: { verified: true, catchAll: true }, sending: { status: 'verified', canSend: true } });
  const second = await s.call('GET', `/domains?limit=2&cursor=${first.body.nextCursor}`, { token: owner });
  t.deepEqual(second.body.items.map((d: any) => d.domain), ['gamma.test', 'zeta.test']);
  t.false(second.body.hasMore);
  t.is(second.body.nextCursor, null);
  for (const token of [narrowed, domainKey, memberApp]) {
    t.deepEqual((await s.call('GET', '/domains', { token })).body.items.map((d: any) => d.domain), ['acme.test']);
  }
  t.deepEqual((await s.call('GET', '/domains', { token: other })).body.items.map((d: any) => d.domain), ['other.test']);
  assertError(t, await s.call('GET', '/domains?cursor=forged.abc', { token: owner }), 400, 'invalid_cursor', 'cursor');
  assertError(t, await s.call('GET', '/domains?limit=0', { token: owner }), 422, 'invalid_parameter', 'limit');
  assertError(t, await s.call('GET', '/domains', { token: s.fixture.tokens.readOnly }), 403, 'insufficient_scope');
});

domainTest('GET /domains/{id}: by id only; other workspace, unknown or out of reach is 404; fixture verdicts stand', async (t, s) => {
  const { owner, narrowed, other } = s.fixture.tokens;
  const { ids } = s.fixture;
  assertError(t, await s.call('GET', '/domains/acme.test', { token: owner }), 404, 'resource_not_found', 'id');
  assertError(t, await s.call('GET', `/domains/${randomUUID()}`, { token: owner }), 404, 'resource_not_found', 'id');
  assertError(t, await s.call('GET', `/domains/${ids.otherDomain}`, { token: owner }), 404, 'resource_not_found', 'id');
  assertError(t, await s.call('GET', `/domains/${ids.domain}`, { token: other }), 404, 'resource_not_found', 'id');
  assertError(t, await s.call('GET', `/domains/${ids.domain2}`, { token: narrowed }), 404, 'resource_not_found', 'id');

  const acme = await s.call('GET', `/domains/${ids.domain}`, { token: owner });
  t.is(acme.status, 200);
  t.deepEqual(acme.body.addresses, [
    { address: 'hello@acme.test', enabled: true }, { address: 'old@acme.test', enabled: false }, { address: 'sales@acme.test', enabled: true },
  ]);
  // Loaded by fixtures: verdicts kept, no check ran, so no record has a status yet.
  t.like(acme.body.receiving, { verified: true, catchAll: true, lastCheckedAt: null });
  t.like(acme.body.sending, { status: 'verified', canSend: true, checkedAt: null });
  t.true(acme.body.records.every((r: any) => r.status === null));
  t.is(acme.body.records.length, 5, 'a fixture domain gets its DKIM key on first read');
  t.like(acme.body.dmarc, { stage: 'unknown', stricterSafe: true });
  const beta = await s.call('GET', `/domains/${ids.domain2}`, { token: owner });
  t.like(beta.body.sending, { status: 'pending', canSend: false });
  t.false(beta.body.receiving.catchAll);
  t.false(beta.body.dmarc.stricterSafe, 'stricter DMARC is not safe while sending is not verified');

  // A caller holding one address sees the domain, and only its own address on it.
  const seen = await s.call('GET', `/domains/${ids.domain}`, { token: narrowed });
  t.is(seen.status, 200);
  t.deepEqual(seen.body.addresses, [{ address: 'hello@acme.test', enabled: true }]);
});

domainTest('PATCH /domains/{id}: catch-all, DMARC policy, sender name; none changes nothing; refusals', async (t, s) => {
  const { owner, narrowed, domainKey } = s.fixture.tokens;
  const path = `/domains/${s.fixture.ids.domain}`;
  const before = (await s.call('GET', path, { token: owner })).body;
  const same = await s.call('PATCH', path, { token: owner, body: {} });
  t.is(same.status, 200);
  t.deepEqual(same.body, before, 'a patch with no field changes nothing and answers the whole domain');

  const changed = await s.call('PATCH', path, { token: owner, body: { catchAll: false, dmarcPolicy: 'quarantine', senderName: '  Acme Team  ' } });
  t.is(changed.status, 200, JSON.stringify(changed.body));
  t.like(changed.body, { dmarcPolicy: 'quarantine', senderName: 'Acme Team', receiving: { catchAll: false } });
  t.is(changed.body.records.at(-1).value, `v=DMARC1; p=quarantine; rua=mailto:dmarc@${SERVICE_HOST}`);
  t.truthy(changed.body.addresses, 'answers the whole domain');
  // Fields are independent: omitted ones stay.
  const renamed = await s.call('PATCH', path, { token: owner, body: { senderName: '' } });
  t.like(renamed.body, { senderName: null, dmarcPolicy: 'quarantine', receiving: { catchAll: false } });
  t.is((await s.call('PATCH', path, { token: owner, body: { senderName: 'X' } })).body.senderName, 'X');
  t.is((await s.call('PATCH', path, { token: owner, body: { senderName: null } })).body.senderName, null);

  // catch-all needs the whole domain: one held address is not enough; a domain key is.
  assertError(t, await s.call('PATCH', path, { token: narrowed, body: { catchAll: true } }), 422, 'capability_unsupported', 'catchAll');
  t.true((await s.call('PATCH', path, { token: domainKey, body: { catchAll: true } })).body.receiving.catchAll);

  assertError(t, await s.call('PATCH', path, { token: owner, body: { dmarcPolicy: 'strict' } }), 422, 'invalid_parameter', 'dmarcPolicy');
  assertError(t, await s.call('PATCH', path, { token: owner, body: { senderName: 'x'.repeat(121) } }), 422, 'invalid_parameter', 'senderName');
  assertError(t, await s.call('PATCH', path, { token: owner, body: { catchAll: 'yes' } }), 422, 'invalid_parameter', 'catchAll');
  assertError(t, await s.call('PATCH', path, { token: owner, body: { color: 'red' } }), 422, 'unknown_parameter', 'color');
  // A refused patch changes nothing, even its valid fields.
  assertError(t, await s.call('PATCH', path, { token: owner, body: { catchAll: false, dmarcPolicy: 'strict' } }), 422, 'invalid_parameter', 'dmarcPolicy');
  t.true((await s.call('GET', path, { token: owner })).body.receiving.catchAll);
  assertError(t, await s.call('PATCH', `/domains/${s.fixture.ids.otherDomain}`, { token: owner, body: {} }), 404, 'resource_not_found', 'id');
  assertError(t, await s.call('PATCH', path, { token: s.fixture.tokens.readOnly, body: {} }), 403, 'insufficient_scope');
});
