import test from 'ava';
import { createPublicKey } from 'node:crypto';
import { startTestServer } from '../support/server.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { SmtpMailer } from '../../adapters/mailer-smtp/mailer.smtp.ts';

test.serial('mail from a domain is DKIM-signed over SMTP with the key whose public half the domain publishes', async (t) => {
  const s = await startTestServer('sqlite');
  const sink = await startSmtpSink();
  const mailer = new SmtpMailer(sink.url);
  try {
    const token = s.fixture.tokens.owner;
    const domain = await s.call('GET', `/domains/${s.fixture.ids.domain}`, { token });
    t.is(domain.status, 200, JSON.stringify(domain.body));
    const dkimRecord = domain.body.records.find((r: any) => r.purpose === 'dkim' || /_domainkey/.test(r.name));
    t.truthy(dkimRecord, JSON.stringify(domain.body.records));

    const key = await s.service.domains.signingKey.forAddress(s.fixture.ids.workspace, 'hello@acme.test');
    t.truthy(key);
    t.is(key!.domainName, 'acme.test');
    t.true(dkimRecord.name.startsWith(`${key!.selector}._domainkey.`));
    const published = /p=([A-Za-z0-9+/=]+)/.exec(dkimRecord.value)![1];
    const derived = createPublicKey(key!.privateKeyPem).export({ type: 'spki', format: 'der' }).toString('base64');
    t.is(derived, published, 'the sealed private key pairs with the published public key');

    await mailer.send({ from: 'hello@acme.test', to: ['reader@example.test'], subject: 'Signed', text: 'Hello', dkim: key! });
    const raw = sink.messages.at(-1)!.raw.toString();
    const header = /DKIM-Signature:([^\n]+(\n[ \t][^\n]+)*)/i.exec(raw)?.[1] ?? '';
    t.regex(header, /d=acme\.test/);
    t.regex(header, new RegExp(`s=${key!.selector}`));
    t.regex(header, /a=rsa-sha256/);
    t.is(await s.service.domains.signingKey.forAddress(s.fixture.ids.workspace, 'someone@nowhere.test'), null);
  } finally {
    mailer.close();
    await sink.close();
    await s.stop();
  }
});
