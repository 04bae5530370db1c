import test from 'ava';
import { HttpWebhookSender } from '../../../adapters/webhook-http/webhook-sender.http.ts';
import { HmacWebhookSigner } from '../../../adapters/webhook-http/webhook-signer.hmac.ts';
import { WebhookReceiver } from '../../support/webhook-receiver.ts';

const request = (url: string, timeoutMs = 500) => ({ url, headers: { 'content-type': 'application/json' }, body: '{"a":1}', timeoutMs });

test('a name that resolves into a blocked range fails without a byte sent', async (t) => {
  const receiver = await WebhookReceiver.start();
  try {
    // The name resolves to the receiver's own address (loopback); nothing in the allow list covers the name.
    const port = new URL(receiver.origin).port;
    const sender = new HttpWebhookSender([], async () => [{ address: '127.0.0.1', family: 4 }]);
    const res = await sender.send(request(`https://hooks.example.com:${port}/`));
    t.like(res, { status: null, error: 'blocked_address' });
    const mapped = new HttpWebhookSender([], async () => [{ address: '93.184.216.34', family: 4 }, { address: '::ffff:10.0.0.1', family: 6 }]);
    t.is((await mapped.send(request('https://mixed.example.com/'))).error, 'blocked_address', 'any blocked answer refuses the name');
    t.is(receiver.received.length, 0);
    // The same target through the allow list is sent.
    const allowed = new HttpWebhookSender([receiver.origin]);
    t.like(await allowed.send(request(receiver.url)), { status: 200, error: null, bodyExcerpt: 'answer 200' });
    // And refused when the list is empty, even as a literal: http and loopback both fail the rule.
    t.is((await new HttpWebhookSender([]).send(request(receiver.url))).error, 'blocked_address');
    t.is(receiver.received.length, 1);
  } finally {
    await receiver.stop();
  }
});

test('redirects are answers, never followed; a hung receiver is cut off by the timeout', async (t) => {
  const receiver = await WebhookReceiver.start();
  try {
    const sender = new HttpWebhookSender([receiver.origin]);
    receiver.script = [307, 'hang'];
    t.like(await sender.send(request(receiver.url)), { status: 307, error: null });
    const started = Date.now();
    t.like(await sender.send(request(receiver.url, 300)), { status: null, error: 'timeout' });
    t.true(Date.now() - started < 2_000);
    t.is(receiver.received.length, 2);
  } finally {
    await receiver.stop();
  }
});

test('the signer keys HMAC-SHA256 with the whole secret string', (t) => {
  const sig = new HmacWebhookSigner().sign('whsec_abc', 'id.1.{}');
  t.is(sig, 'iXO/pliEcBsei2EkFp1ft/3PuFxFG2d8B9p5qXEAfdA='); // node -e "crypto.createHmac('sha256','whsec_abc')…"
});
