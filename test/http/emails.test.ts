import { serverTest, assertError, type TestServer } from '../support/server.ts';
import { upload, withStore } from './files-kit.ts';

const owner = (s: TestServer) => s.fixture.tokens.owner;
const send = (s: TestServer, body: Record<string, unknown>, token = owner(s)) =>
  s.call('POST', '/emails', { token, body: { from: 'hello@acme.test', to: 'rita@example.test', subject: 'Hi', text: 'Hello', ...body } });
const eventsOf = (s: TestServer, prefix = 'email.') =>
  withStore(s, async (store) => (await store.events.listAfter(s.fixture.ids.workspace, null, 1000)).filter((e) => e.type.startsWith(prefix)));
// Events recorded in the same (frozen) millisecond come back in id order, so compare them as sorted lists.
const typesOf = async (s: TestServer) => (await eventsOf(s)).map((e) => e.type).sort();

serverTest('send: 201 em_ id, sent through the mailer with DKIM of the from domain; queued then sent events', async (t, s) => {
  const res = await send(s, { from: 'Hello Team <hello@acme.test>', cc: ['c@example.test'], bcc: 'b@example.test', replyTo: 'help@acme.test', html: '<p>Hi</p>', tags: { kind: 'welcome' }, headers: { 'X-Campaign': 'w1' } });
  t.is(res.status, 201, JSON.stringify(res.body));
  t.regex(res.body.id, /^em_[0-9a-f]{24}$/);
  t.is(res.body.object, 'email');
  t.is(res.body.status, 'sent');
  t.truthy(res.body.sentAt);
  t.is(s.mailer.sent.length, 1);
  const mail = s.mailer.sent[0]!;
  t.is(mail.from, '"Hello Team" <hello@acme.test>');
  t.deepEqual([mail.to, mail.cc, mail.bcc, mail.replyTo], [['rita@example.test'], ['c@example.test'], ['b@example.test'], 'help@acme.test']);
  t.is(mail.dkim?.domainName, 'acme.test');
  t.is(mail.headers?.['X-Campaign'], 'w1');
  t.is(mail.headers?.['List-Unsubscribe'], undefined, 'only marketing mail carries List-Unsubscribe');
  t.deepEqual(await typesOf(s), ['email.queued', 'email.sent']);
  const read = await s.call('GET', `/emails/${res.body.id}`, { token: owner(s) });
  t.is(read.status, 200);
  t.deepEqual(read.body, res.body);
});

serverTest('send: a from name falls back to the address name; mailer failure is status failed with email.failed', async (t, s) => {
  s.mailer.failing = true;
  const res = await send(s, {});
  t.is(res.status, 201);
  t.is(res.body.status, 'failed');
  t.is(res.body.error, 'relay refused');
  t.is(res.body.from, '"Hello" <hello@acme.test>');
  const failed = (await eventsOf(s)).find((e) => e.type === 'email.failed');
  t.is(failed?.data.error, 'relay refused');
});

serverTest('send: addresses are checked one by one with an indexed param; 50 recipients at most', async (t, s) => {
  assertError(t, await send(s, { to: ['ok@example.test', 'not-an-address'] }), 422, 'invalid_email_address', 'to.1');
  assertError(t, await send(s, { cc: 'x@' }), 422, 'invalid_email_address', 'cc');
  assertError(t, await send(s, { from: 'Nope <nope>' }), 422, 'invalid_email_address', 'from');
  assertError(t, await send(s, { replyTo: 'bad' }), 422, 'invalid_email_address', 'replyTo');
  const many = Array.from({ length: 30 }, (_, i) => `r${i}@example.test`);
  const more = Array.from({ length: 21 }, (_, i) => `b${i}@example.test`);
  assertError(t, await send(s, { to: many, bcc: more }), 422, 'too_many_recipients', 'bcc.20');
  const ok = await send(s, { to: many, bcc: more.slice(0, 20) });
  t.is(ok.status, 201);
  t.is(s.mailer.sent.length, 1);
});

serverTest('send: reserved headers, missing body, bad fields are 422 and nothing is stored', async (t, s) => {
  assertError(t, await send(s, { headers: { 'list-unsubscribe': '<x>' } }), 422, 'reserved_header', 'headers.list-unsubscribe');
  assertError(t, await send(s, { headers: { 'Message-ID': '<x@y>' } }), 422, 'reserved_header', 'headers.Message-ID');
  assertError(t, await send(s, { text: undefined }), 422, 'invalid_parameter', 'html');
  assertError(t, await s.call('POST', '/emails', { token: owner(s), body: { from: 'hello@acme.test', to: 'a@example.test', text: 'x' } }), 422, 'invalid_parameter', 'subject');
  assertError(t, await send(s, { tags: { 'bad key': 'x' } }), 422, 'invalid_parameter', 'tags.bad key');
  assertError(t, await send(s, { marketing: 'yes' }), 422, 'invalid_parameter', 'marketing');
  assertError(t, await send(s, { scheduledAt: '2020-01-01T00:00:00Z' }), 422, 'invalid_parameter', 'scheduledAt');
  assertError(t, await send(s, { headers: { 'X-Evil': 'a\r\nBcc: x@y.test' } }), 422, 'invalid_parameter', 'headers.X-Evil');
  assertError(t, await send(s, { surprise: 1 }), 422, 'unknown_parameter', 'surprise');
  t.is(s.mailer.sent.length, 0);
  t.deepEqual((await s.call('GET', '/emails', { token: owner(s) })).body.items, []);
});

serverTest('from address: must be an enabled address the caller holds on a domain that can send (403 from_address_forbidden)', async (t, s) => {
  assertError(t, await send(s, { from: 'old@acme.test' }), 403, 'from_address_forbidden', 'from'); // disabled
  assertError(t, await send(s, { from: 'news@beta.test' }), 403, 'from_address_forbidden', 'from'); // sending pending
  assertError(t, await send(s, { from: 'hi@other.test' }), 403, 'from_address_forbidden', 'from'); // another workspace
  assertError(t, await send(s, { from: 'sales@acme.test' }, s.fixture.tokens.narrowed), 403, 'from_address_forbidden', 'from');
  assertError(t, await send(s, { from: 'new@acme.test' }, s.fixture.tokens.memberApp), 403, 'from_address_forbidden', 'from');
  t.is((await send(s, { from: 'hello@acme.test' }, s.fixture.tokens.narrowed)).status, 201);
  t.is((await send(s, { from: 'new@acme.test' })).status, 201, 'an unrestricted caller may use an uncreated local part');
  t.is(s.mailer.sent.length, 2);
  assertError(t, await s.call('POST', '/emails', { token: s.fixture.tokens.readOnly, body: {} }), 403, 'insufficient_scope');
});

serverTest('suppressions: a suppressed recipient is dropped and reported; all suppressed fails outright', async (t, s) => {
  await s.call('POST', '/suppressions', { token: owner(s), body: { email: 'gone@example.test' } });
  const partial = await send(s, { to: ['gone@example.test', 'rita@example.test'] });
  t.is(partial.body.status, 'sent');
  t.deepEqual(partial.body.suppressed, ['gone@example.test']);
  t.deepEqual(s.mailer.sent[0]!.to, ['rita@example.test']);
  const all = await send(s, { to: 'GONE@example.test' });
  t.is(all.status, 201);
  t.is(all.body.status, 'failed');
  t.deepEqual(all.body.suppressed, ['gone@example.test']);
  t.is(s.mailer.sent.length, 1, 'nothing left for the all-suppressed message');
  t.deepEqual(await typesOf(s), ['email.failed', 'email.queued', 'email.queued', 'email.sent', 'email.suppressed', 'email.suppressed']);
  const refused = (await eventsOf(s)).filter((e) => e.type === 'email.suppressed').map((e) => [e.data.emailId, e.data.recipient]);
  t.deepEqual(refused.sort(), [[partial.body.id, 'gone@example.test'], [all.body.id, 'gone@example.test']].sort());
});

serverTest('unsubscribes stop marketing mail only; marketing mail carries RFC 8058 headers', async (t, s) => {
  await s.call('POST', '/suppressions/unsubscribes', { token: owner(s), body: { email: 'rita@example.test' } });
  const marketing = await send(s, { to: ['rita@example.test', 'max@example.test'], marketing: true });
  t.deepEqual(marketing.body.suppressed, ['rita@example.test']);
  t.is(s.mailer.sent.length, 1);
  const headers = s.mailer.sent[0]!.headers!;
  t.regex(headers['List-Unsubscribe']!, /^<http:\/\/127\.0\.0\.1:\d+\/v1\/public\/unsubscribe\/[^>]+>, <mailto:[^>]+>$/);
  t.is(headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
  const plain = await send(s, { to: 'rita@example.test' });
  t.is(plain.body.status, 'sent');
  t.deepEqual(plain.body.suppressed, []);
  t.is(s.mailer.sent.length, 2);
});

serverTest('one-click unsubscribe: a forged or altered token is 404 and records nothing', async (t, s) => {
  await send(s, { marketing: true });
  const link = /<(http[^>]+)>/.exec(s.mailer.sent[0]!.headers!['List-Unsubscribe']!)![1]!;
  const token = link.slice(link.lastIndexOf('/') + 1);
  const forged = token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
  const res = await fetch(`${s.url}/public/unsubscribe/${forged}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  t.is(res.status, 404);
  t.deepEqual((await s.call('GET', '/suppressions/unsubscribes', { token: owner(s) })).body.data ?? (await s.call('GET', '/suppressions/unsubscribes', { token: owner(s) })).body.items, []);
});

serverTest('attachments: files of this workspace in reach; anything else is 422 on attachments.N', async (t, s) => {
  const file = (await upload(s, owner(s), 'report body', { filename: 'report.txt' })).body;
  assertError(t, await send(s, { attachments: [file.id, 'file_000000000000000000000000'] }), 422, 'invalid_parameter', 'attachments.1');
  assertError(t, await send(s, { attachments: ['nope'] }), 422, 'invalid_parameter', 'attachments.0');
  const otherFile = (await upload(s, s.fixture.tokens.other, 'theirs', { filename: 'x.txt' })).body;
  assertError(t, await send(s, { attachments: [otherFile.id] }), 422, 'invalid_parameter', 'attachments.0');
  const ok = await send(s, { attachments: [file.id] });
  t.is(ok.status, 201);
  const att = s.mailer.sent[0]!.attachments!;
  t.is(att[0]!.filename, 'report.txt');
  t.is(Buffer.from(att[0]!.content).toString(), 'report body');
});

serverTest('signatures: the default of the from address is appended to html; signatureId picks another; a foreign one is 422', async (t, s) => {
  const def = (await s.call('POST', '/signatures', { token: owner(s), body: { address: 'hello@acme.test', name: 'Main', html: '<p>Kind regards, Hello</p>' } })).body;
  const alt = (await s.call('POST', '/signatures', { token: owner(s), body: { address: 'hello@acme.test', name: 'Short', html: '<p>-- H</p>' } })).body;
  const sales = (await s.call('POST', '/signatures', { token: owner(s), body: { address: 'sales@acme.test', name: 'Sales', html: '<p>Sales team</p>' } })).body;
  const first = await send(s, { html: '<p>Body</p>' });
  t.is(first.body.signatureId, def.id);
  t.true(first.body.html.startsWith('<p>Body</p>'));
  t.true(s.mailer.sent[0]!.html!.includes('Kind regards, Hello'));
  const second = await send(s, { html: '<p>Body</p>', signatureId: alt.id });
  t.true(s.mailer.sent[1]!.html!.includes('-- H'));
  t.false(s.mailer.sent[1]!.html!.includes('Kind regards'));
  t.is(second.body.signatureId, alt.id);
  assertError(t, await send(s, { html: '<p>x</p>', signatureId: sales.id }), 422, 'invalid_parameter', 'signatureId');
});

serverTest('scheduled: stored as scheduled, sent by the due-check once its time comes; cancel only while scheduled', async (t, s) => {
  const at = new Date(s.clock.now().getTime() + 3_600_000).toISOString();
  const res = await send(s, { scheduledAt: at });
  t.is(res.body.status, 'scheduled');
  t.is(res.body.scheduledAt, at);
  t.is(s.mailer.sent.length, 0);
  t.is(await s.service.emails.sendDue.execute(), 0, 'not due yet');
  s.clock.advance(3_600_000);
  t.is(await s.service.emails.sendDue.execute(), 1);
  t.is(s.mailer.sent.length, 1);
  t.is((await s.call('GET', `/emails/${res.body.id}`, { token: owner(s) })).body.status, 'sent');
  assertError(t, await s.call('POST', `/emails/${res.body.id}/cancel`, { token: owner(s) }), 409, 'email_not_cancellable', 'id');

  const later = await send(s, { scheduledAt: new Date(s.clock.now().getTime() + 60_000).toISOString() });
  const cancelled = await s.call('POST', `/emails/${later.body.id}/cancel`, { token: owner(s) });
  t.is(cancelled.status, 200);
  t.is(cancelled.body.status, 'cancelled');
  t.truthy(cancelled.body.cancelledAt);
  s.clock.advance(120_000);
  t.is(await s.service.emails.sendDue.execute(), 0, 'a cancelled email is never sent');
  t.is(s.mailer.sent.length, 1);
  t.deepEqual(await typesOf(s), ['email.cancelled', 'email.queued', 'email.scheduled', 'email.scheduled', 'email.sent']);
});

serverTest('list and get: newest first, paged; other workspaces and narrowed callers out of reach get 404', async (t, s) => {
  const a = (await send(s, { subject: 'A' })).body;
  s.clock.advance(1000);
  const b = (await send(s, { from: 'sales@acme.test', subject: 'B' })).body;
  s.clock.advance(1000);
  const c = (await send(s, { subject: 'C' })).body;
  const page1 = await s.call('GET', '/emails?limit=2', { token: owner(s) });
  t.deepEqual(page1.body.items.map((e: { id: string }) => e.id), [c.id, b.id]);
  t.true(page1.body.hasMore);
  const page2 = await s.call('GET', `/emails?limit=2&cursor=${page1.body.nextCursor}`, { token: owner(s) });
  t.deepEqual(page2.body.items.map((e: { id: string }) => e.id), [a.id]);
  t.is(page2.body.nextCursor, null);
  const narrowed = await s.call('GET', '/emails', { token: s.fixture.tokens.narrowed });
  t.deepEqual(narrowed.body.items.map((e: { id: string }) => e.id), [c.id, a.id]);
  assertError(t, await s.call('GET', `/emails/${b.id}`, { token: s.fixture.tokens.narrowed }), 404, 'resource_not_found');
  assertError(t, await s.call('GET', `/emails/${a.id}`, { token: s.fixture.tokens.other }), 404, 'resource_not_found');
  assertError(t, await s.call('POST', `/emails/${a.id}/cancel`, { token: s.fixture.tokens.other }), 404, 'resource_not_found');
  assertError(t, await s.call('GET', '/emails?cursor=forged', { token: owner(s) }), 400, 'invalid_cursor');
});

serverTest('allowance: the free plan sends 3,000 recipients a month; then 429 send_quota_exceeded with Retry-After to the 1st', async (t, s) => {
  // The `other` workspace is on the free plan; 2,999 recipients already went out this month.
  const { emails } = await import('./emails-kit.ts');
  await withStore(s, (store) => emails.seedSent(store, s.fixture.ids.other, 2_999, s.clock.now().toISOString()));
  const token = s.fixture.tokens.other;
  const base = { from: 'hi@other.test', subject: 'Hi', text: 'x' };
  t.is((await s.call('POST', '/emails', { token, body: { ...base, to: 'a@example.test' } })).status, 201);
  const refused = await s.call('POST', '/emails', { token, body: { ...base, to: 'b@example.test' } });
  assertError(t, refused, 429, 'send_quota_exceeded');
  // The clock stands at 2026-11-22T10:00Z: 8 days and 14 hours to 2026-12-01T00:00Z.
  t.is(refused.headers.get('retry-after'), String(8 * 86_400 + 14 * 3_600));
  s.clock.set('2026-12-01T00:00:00.000Z');
  t.is((await s.call('POST', '/emails', { token, body: { ...base, to: 'b@example.test' } })).status, 201, 'a new month, a new allowance');
  t.is((await send(s, { to: 'c@example.test' })).status, 201, 'the starter workspace is not affected');
});
