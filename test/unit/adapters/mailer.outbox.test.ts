import test, { type ExecutionContext } from 'ava';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutboxMailer } from '../../../adapters/mailer-outbox/mailer.outbox.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { parseEml } from './eml.ts';

const outboxDir = (t: ExecutionContext) => {
  const root = mkdtempSync(join(tmpdir(), 'wm-outbox-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  return join(root, 'outbox');
};

test('writes one parseable .eml per message, named by time and Message-ID, into a directory it creates', async (t) => {
  const dir = outboxDir(t);
  const mailer = new OutboxMailer(dir, new FakeClock('2026-11-22T10:00:00.000Z'));
  const { messageId } = await mailer.send({
    from: 'Workspace Mail <no-reply@mail.test>',
    to: ['owner@acme.test', 'member@acme.test'],
    subject: 'Your verification code',
    text: 'Your code is 123456.\n',
    headers: { 'X-Workspace-Id': 'ws_1' },
  });
  t.regex(messageId, /^<[^<>\s]+@[^<>\s]+>$/);

  const files = readdirSync(dir);
  t.is(files.length, 1);
  t.regex(files[0]!, /^2026-11-22T10-00-00\.000Z-[A-Za-z0-9._-]+\.eml$/);
  t.false(files[0]!.includes(':'));

  const raw = readFileSync(join(dir, files[0]!), 'utf8');
  t.false(raw.includes('\r\n'), 'newline: unix');
  const { headers, body } = parseEml(raw);
  t.is(headers.get('subject'), 'Your verification code');
  t.is(headers.get('to'), 'owner@acme.test, member@acme.test');
  t.is(headers.get('from'), 'Workspace Mail <no-reply@mail.test>');
  t.is(headers.get('message-id'), messageId);
  t.is(headers.get('x-workspace-id'), 'ws_1');
  t.is(new Date(headers.get('date')!).toISOString(), '2026-11-22T10:00:00.000Z');
  t.is(body.trim(), 'Your code is 123456.');
});

test('messages in the same millisecond do not overwrite each other; html makes a multipart message', async (t) => {
  const dir = outboxDir(t);
  const mailer = new OutboxMailer(dir, new FakeClock('2026-11-22T10:00:00.000Z'));
  const sent = await Promise.all([1, 2, 3].map((n) =>
    mailer.send({ from: 'a@mail.test', to: ['b@acme.test'], subject: `n${n}`, text: 'plain', html: '<p>rich</p>' })));
  t.is(new Set(sent.map((s) => s.messageId)).size, 3);
  const files = readdirSync(dir);
  t.is(files.length, 3);
  const raw = readFileSync(join(dir, files[0]!), 'utf8');
  t.regex(parseEml(raw).headers.get('content-type')!, /^multipart\/alternative/);
  t.true(raw.includes('<p>rich</p>'));
});
