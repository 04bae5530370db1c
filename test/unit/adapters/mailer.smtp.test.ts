import test from 'ava';
import { createServer, type Socket } from 'node:net';
import { SmtpMailer } from '../../../adapters/mailer-smtp/mailer.smtp.ts';
import { startSmtpSink } from '../../support/smtp-sink.ts';
import { parseEml } from './eml.ts';

const mail = {
  from: 'Workspace Mail <no-reply@mail.test>',
  to: ['owner@acme.test'],
  subject: 'Your verification code',
  text: 'Your code is 123456.',
};

/** A loopback port nobody listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('delivers over real SMTP: envelope, subject, recipients and body arrive', async (t) => {
  const sink = await startSmtpSink();
  const mailer = new SmtpMailer(sink.url);
  t.teardown(async () => { mailer.close(); await sink.close(); });

  const { messageId } = await mailer.send({ ...mail, to: ['owner@acme.test', 'member@acme.test'], headers: { 'X-Workspace-Id': 'ws_1' } });
  t.is(sink.messages.length, 1);
  const got = sink.messages[0]!;
  t.is(got.from, 'no-reply@mail.test');
  t.deepEqual(got.to, ['owner@acme.test', 'member@acme.test']);
  t.is(got.auth, null);
  const { headers, body } = parseEml(got.raw);
  t.is(headers.get('subject'), 'Your verification code');
  t.is(headers.get('to'), 'owner@acme.test, member@acme.test');
  t.is(headers.get('message-id'), messageId);
  t.is(headers.get('x-workspace-id'), 'ws_1');
  t.is(body.trim(), 'Your code is 123456.');
});

test('logs in with the credentials of an smtp://user:pass@host URL, percent-decoded', async (t) => {
  const sink = await startSmtpSink();
  const mailer = new SmtpMailer(`smtp://relay%40acme.test:p%40ss%3Aw0rd@127.0.0.1:${sink.port}`);
  t.teardown(async () => { mailer.close(); await sink.close(); });
  await mailer.send(mail);
  t.deepEqual(sink.messages[0]!.auth, { username: 'relay@acme.test', password: 'p@ss:w0rd' });
});

test('rejects when the relay refuses the recipient', async (t) => {
  const sink = await startSmtpSink({ rejectRcpt: /^nobody@/ });
  const mailer = new SmtpMailer(sink.url);
  t.teardown(async () => { mailer.close(); await sink.close(); });
  await t.throwsAsync(mailer.send({ ...mail, to: ['nobody@acme.test'] }), { instanceOf: Error });
  t.is(sink.messages.length, 0);
});

test('rejects with an Error when nothing listens, without revealing the password', async (t) => {
  const mailer = new SmtpMailer(`smtp://user:hunter2-secret@127.0.0.1:${await closedPort()}`);
  t.teardown(() => mailer.close());
  const err = await t.throwsAsync(mailer.send(mail), { instanceOf: Error });
  t.regex(`${err!.message} ${(err as NodeJS.ErrnoException).code}`, /ECONNREFUSED|ECONNECTION/);
  t.false(JSON.stringify({ ...err, message: err!.message, stack: err!.stack }).includes('hunter2-secret'));
});

test('gives up on a server that accepts the connection but never greets', async (t) => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => { sockets.add(socket); });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as { port: number };
  const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, { connectTimeoutMs: 300 });
  t.teardown(() => { mailer.close(); for (const s of sockets) s.destroy(); silent.close(); });
  const started = Date.now();
  await t.throwsAsync(mailer.send(mail), { instanceOf: Error });
  t.true(Date.now() - started < 5000);
});

test('only smtp:// and smtps:// URLs are accepted, and the error does not echo the URL', (t) => {
  for (const url of ['http://user:secret-pw@relay.test', 'not a url secret-pw', 'smtp://']) {
    const err = t.throws(() => new SmtpMailer(url), { instanceOf: Error }, url);
    t.false(err!.message.includes('secret-pw'));
  }
  t.notThrows(() => new SmtpMailer('smtps://user:pw@relay.test:465').close());
});
