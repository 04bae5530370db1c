import { assertError } from '../support/server.ts';
import { addDomain, domainTest, eventsOf, publish, SERVICE_HOST } from './domains-kit.ts';

const DAY = 86_400_000;

domainTest('verify: pending to verified for real over DNS; throttled under 10 s; events fire once', async (t, s, w) => {
  const token = s.fixture.tokens.owner;
  const made = (await addDomain(s, 'shop.example.test')).body;
  const path = `/domains/${made.id}`;
  publish(w, made.records);

  // The first check ran at create: a verify within 10 seconds answers the domain as it stands.
  s.clock.advance(9_999);
  const early = await s.call('POST', `${path}/verify`, { token });
  t.is(early.status, 200);
  t.like(early.body, { receiving: { verified: false, lastCheckedAt: made.receiving.lastCheckedAt }, sending: { status: 'pending' } });

  s.clock.advance(1);
  const res = await s.call('POST', `${path}/verify`, { token });
  const now = s.clock.now().toISOString();
  t.like(res.body.receiving, { verified: true, verifiedAt: now, lastCheckedAt: now, error: null });
  t.like(res.body.sending, { status: 'verified', canSend: true, checkedAt: now, error: null });
  t.true(res.body.records.every((r: any) => r.status === 'found'), JSON.stringify(res.body.records));
  t.like(res.body.dmarc, { stage: 'none', stricterSafe: true });
  t.deepEqual(res.body.dmarc.issues.map((i: any) => i.code), ['policy_none']);

  const verified = await eventsOf(s, 'domain.verified');
  t.is(verified.length, 1);
  t.like(verified[0], { domain: 'shop.example.test', address: null });
  t.like(verified[0]!.data, { domainId: made.id, domain: 'shop.example.test', verifiedAt: now, sendingState: 'verified' });
  t.is((verified[0]!.data.records as unknown[]).length, 5);
  const changed = await eventsOf(s, 'domain.sending_changed');
  t.deepEqual(changed.map((e) => e.data), [{ domainId: made.id, domain: 'shop.example.test', previousState: 'pending', state: 'verified', changedAt: now }]);

  // Verified stays verified and the event never fires twice; a verified domain re-checks only signing records.
  w.dns.set('shop.example.test', []);
  s.clock.advance(10_000);
  const later = await s.call('POST', `${path}/verify`, { token });
  t.like(later.body.receiving, { verified: true, verifiedAt: now, lastCheckedAt: now });
  t.like(later.body.sending, { status: 'failed', canSend: false });
  t.regex(later.body.sending.error, /SPF/);
  t.is((await eventsOf(s, 'domain.verified')).length, 1);
  t.deepEqual((await eventsOf(s, 'domain.sending_changed')).map((e) => e.data.state), ['verified', 'failed']);
  assertError(t, await s.call('POST', `/domains/${s.fixture.ids.otherDomain}/verify`, { token }), 404, 'resource_not_found', 'id');
  assertError(t, await s.call('POST', `${path}/verify`, { token: s.fixture.tokens.readOnly }), 403, 'insufficient_scope');
});

domainTest('GET re-checks an unverified domain only when the last check is over 20 seconds old', async (t, s, w) => {
  const token = s.fixture.tokens.owner;
  const made = (await addDomain(s, 'slow.example.test')).body;
  publish(w, made.records, ['receiving']);
  s.clock.advance(20_000);
  const within = await s.call('GET', `/domains/${made.id}`, { token });
  t.false(within.body.receiving.verified, 'not re-checked at exactly 20 seconds');
  t.is(within.body.receiving.lastCheckedAt, made.receiving.lastCheckedAt);
  s.clock.advance(1);
  const after = await s.call('GET', `/domains/${made.id}`, { token });
  t.true(after.body.receiving.verified);
  t.is(after.body.receiving.lastCheckedAt, s.clock.now().toISOString());
  // Receiving verified with only MX: sending is still pending and names what is missing.
  t.like(after.body.sending, { status: 'pending', canSend: false });
  t.regex(after.body.sending.error, /SPF, DKIM, return path/);
  t.deepEqual(after.body.records.map((r: any) => r.status), ['found', 'missing', 'missing', 'missing', 'missing']);
  // A verified domain is not re-checked on read.
  s.clock.advance(60_000);
  t.is((await s.call('GET', `/domains/${made.id}`, { token })).body.sending.checkedAt, after.body.sending.checkedAt);
});

domainTest('a negative sending verdict older than a day counts as unknown: canSend true while status is pending', async (t, s, w) => {
  const token = s.fixture.tokens.owner;
  const made = (await addDomain(s, 'late.example.test')).body;
  publish(w, made.records, ['receiving', 'spf']);
  s.clock.advance(10_000);
  const checked = (await s.call('POST', `/domains/${made.id}/verify`, { token })).body;
  t.like(checked, { receiving: { verified: true }, sending: { status: 'pending', canSend: false } });
  s.clock.advance(DAY);
  t.like((await s.call('GET', `/domains/${made.id}`, { token })).body.sending, { status: 'pending', canSend: false });
  s.clock.advance(1);
  const stale = await s.call('GET', `/domains/${made.id}`, { token });
  t.like(stale.body.sending, { status: 'pending', canSend: true, checkedAt: checked.sending.checkedAt });
  t.like((await s.call('GET', '/domains', { token })).body.items.find((d: any) => d.id === made.id).sending, { status: 'pending', canSend: true });
  // A fresh check brings the verdict back.
  const rechecked = await s.call('POST', `/domains/${made.id}/verify`, { token });
  t.like(rechecked.body.sending, { status: 'pending', canSend: false });
});

domainTest('DNS that cannot answer gives `unknown` with the error; a conflicting record gives `failed`', async (t, s, w) => {
  const token = s.fixture.tokens.owner;
  const made = (await addDomain(s, 'odd.example.test')).body;
  publish(w, made.records, ['receiving', 'dkim', 'return_path']);
  w.dns.add('odd.example.test', { type: 'TXT', value: 'v=spf1 include:_spf.elsewhere.test -all' });
  s.clock.advance(10_000);
  const wrong = await s.call('POST', `/domains/${made.id}/verify`, { token });
  t.like(wrong.body.sending, { status: 'failed', canSend: false });
  t.regex(wrong.body.sending.error, /another value: SPF/);
  t.is(wrong.body.records[1].status, 'missing');

  w.dns.failing(`bounces.odd.example.test`);
  s.clock.advance(10_000);
  const unknown = await s.call('POST', `/domains/${made.id}/verify`, { token });
  t.like(unknown.body.sending, { status: 'unknown', canSend: true });
  t.regex(unknown.body.sending.error, /bounces\.odd\.example\.test/);
  t.is(unknown.body.records[3].status, 'found', 'a lookup that failed keeps what the last check saw');
  t.deepEqual((await eventsOf(s, 'domain.sending_changed')).map((e) => [e.data.previousState, e.data.state]), [['pending', 'failed'], ['failed', 'unknown']]);
});

domainTest('DMARC: the record value keeps the published tags and changes only the policy; report stage and issues', async (t, s, w) => {
  const token = s.fixture.tokens.owner;
  const made = (await addDomain(s, 'brand.example.test')).body;
  publish(w, made.records, ['receiving', 'spf', 'dkim', 'return_path']);
  w.dns.set('_dmarc.brand.example.test', [{ type: 'TXT', value: 'v=DMARC1; p=none; pct=50; ruf=mailto:f@brand.example.test' }]);
  s.clock.advance(10_000);
  const checked = (await s.call('POST', `/domains/${made.id}/verify`, { token })).body;
  t.deepEqual(checked.records.at(-1), {
    type: 'TXT', name: '_dmarc.brand.example.test', value: 'v=DMARC1; p=none; pct=50; ruf=mailto:f@brand.example.test', purpose: 'dmarc', status: 'found',
  });
  t.like(checked.dmarc, { stage: 'none', stricterSafe: true });
  t.deepEqual(checked.dmarc.issues.map((i: any) => i.code), ['no_reports', 'policy_none']);

  const stricter = await s.call('PATCH', `/domains/${made.id}`, { token, body: { dmarcPolicy: 'reject' } });
  t.is(stricter.body.records.at(-1).value, 'v=DMARC1; p=reject; pct=50; ruf=mailto:f@brand.example.test');
  t.is(stricter.body.records.at(-1).status, 'missing', 'the published record does not ask for the new policy yet');
  t.deepEqual(stricter.body.dmarc.issues.map((i: any) => i.code), ['policy_mismatch', 'no_reports']);
  w.dns.set('_dmarc.brand.example.test', [{ type: 'TXT', value: stricter.body.records.at(-1).value }]);
  s.clock.advance(10_000);
  const published = (await s.call('POST', `/domains/${made.id}/verify`, { token })).body;
  t.like(published.dmarc, { stage: 'reject' });
  t.is(published.records.at(-1).status, 'found');
  t.is(SERVICE_HOST, s.service.config.serviceHost);
});
