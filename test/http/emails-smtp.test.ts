import test from 'ava';
import { SmtpMailer } from '../../adapters/mailer-smtp/mailer.smtp.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { serverTest, type TestServer } from '../support/server.ts';
import { upload, withStore } from './files-kit.ts';
import type { Mailer } from '../../core/ports/mailer.ts';

// The one end-to-end run: POST /emails through a real SMTP relay (the sink), read back as raw messages.
let sink: SmtpSink;
let relay: SmtpMailer;
test.before(async () => { sink = await startSmtpSink(); relay = new SmtpMailer(sink.url); });
test.after.always(async () => { relay.close(); await sink.close(); });
const viaSink: Mailer = { send: (mail) => relay.send(mail) };

const owner = (s: TestServer) => s.fixture.tokens.owner;
/** The header block of a raw message, with folded lines joined. */
const headersOf = (raw: string) => raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headersOf(raw))?.[1];

serverTest('end to end over SMTP: headers, DKIM, signature, attachment, one-click unsubscribe, then marketing refused', async (t, s) => {
  sink.messages.length = 0;
  const audience = (await s.call('POST', '/audiences', { token: owner(s), body: { name: 'Newsletter' } })).body;
  const contact = (await s.call('POST', '/contacts', { token: owner(s), body: { email: 'rita@example.test', audienceIds: [audience.id] } })).body;
  t.truthy(contact.id, JSON.stringify(contact));
  await s.call('POST', '/signatures', { token: owner(s), body: { address: 'hello@acme.test', name: 'Main', html: '<p>Kind regards</p>' } });
  const file = (await upload(s, owner(s), 'quarterly numbers', { filename: 'report.txt' })).body;

  const sent = await s.call('POST', '/emails', { token: owner(s), body: {
    from: 'Acme News <hello@acme.test>', to: 'rita@example.test', subject: 'November news', html: '<p>News body</p>',
    attachments: [file.id], marketing: true, headers: { 'X-Campaign': 'nov' },
  } });
  t.is(sent.body.status, 'sent', JSON.stringify(sent.body));
  t.is(sink.messages.length, 1);
  const message = sink.messages[0]!;
  t.deepEqual(message.to, ['rita@example.test']);
  t.is(message.from, 'hello@acme.test');
  const raw = message.raw;
  t.is(header(raw, 'From'), 'Acme News <hello@acme.test>');
  t.is(header(raw, 'To'), 'rita@example.test');
  t.is(header(raw, 'Subject'), 'November news');
  t.is(header(raw, 'X-Campaign'), 'nov');
  t.regex(header(raw, 'DKIM-Signature') ?? '', /(^|;\s*)d=acme\.test;/);
  t.is(header(raw, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
  const listUnsubscribe = header(raw, 'List-Unsubscribe') ?? '';
  const link = /<(http[^>]+)>/.exec(listUnsubscribe)?.[1];
  t.truthy(link, listUnsubscribe);
  t.regex(listUnsubscribe, /<mailto:[^>]+>/);
  t.true(raw.includes('Kind regards'), 'the default signature is appended to the HTML');
  t.true(raw.includes('News body'));
  t.regex(raw, /Content-Disposition: attachment; filename=report\.txt/);
  t.true(raw.includes(Buffer.from('quarterly numbers').toString('base64')));

  // RFC 8058: one POST, no credential, no confirmation page.
  const clicked = await fetch(link!, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  t.is(clicked.status, 200);
  t.like(await clicked.json(), { object: 'unsubscribe', email: 'rita@example.test', source: 'one_click' });
  const list = (await s.call('GET', '/suppressions/unsubscribes', { token: owner(s) })).body;
  t.deepEqual((list.data ?? list.items).map((u: { email: string; source: string }) => [u.email, u.source]), [['rita@example.test', 'one_click']]);
  const again = await fetch(link!, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
  t.is(again.status, 200, 'a second click changes nothing');
  const fired = await withStore(s, async (store) => (await store.events.listAfter(s.fixture.ids.workspace, null, 1000)).filter((e) => e.type === 'contact.unsubscribed'));
  t.is(fired.length, 1);
  t.is(fired[0]!.data.contactId, contact.id);
  t.true((fired[0]!.data.audienceIds as string[]).includes(audience.id), 'unsubscribed from every audience');

  const refused = await s.call('POST', '/emails', { token: owner(s), body: { from: 'hello@acme.test', to: 'rita@example.test', subject: 'More news', text: 'x', marketing: true } });
  t.is(refused.body.status, 'failed');
  t.deepEqual(refused.body.suppressed, ['rita@example.test']);
  const personal = await s.call('POST', '/emails', { token: owner(s), body: { from: 'hello@acme.test', to: 'rita@example.test', subject: 'Your order', text: 'Shipped' } });
  t.is(personal.body.status, 'sent');
  t.is(sink.messages.length, 2);
  t.is(header(sink.messages[1]!.raw, 'Subject'), 'Your order');
  t.is(header(sink.messages[1]!.raw, 'List-Unsubscribe'), undefined);
}, { mailer: viaSink });
