import test from 'ava';
import { assertError, serverTest, startTestServer, type TestServer } from '../support/server.ts';
import { WebhookReceiver, eventually } from '../support/webhook-receiver.ts';

// One receiver for the whole file; its origin is the only insecure target the servers here allow.
let receiver: WebhookReceiver;
test.before(async () => { receiver = await WebhookReceiver.start(); });
test.after.always(async () => { await receiver?.stop(); });
test.beforeEach(() => { receiver.received.length = 0; receiver.script = []; receiver.fallback = 200; });

const allow = () => ({ webhookAllow: [receiver.origin], webhookTimeoutMs: 400 });
const withReceiver = (title: string, fn: (t: any, s: TestServer) => Promise<void>) => {
  for (const backend of ['sqlite', 'postgres'] as const) {
    test.serial(`[${backend}] ${title}`, async (t) => {
      const s = await startTestServer(backend, allow());
      try { await fn(t, s); } finally { await s.stop(); }
    });
  }
};

const create = (s: TestServer, body: Record<string, unknown>, token = s.fixture.tokens.owner) =>
  s.call('POST', '/webhooks', { token, body });

withReceiver('create answers the endpoint and its secret once; reads never show it', async (t, s) => {
  const res = await create(s, { url: receiver.url, description: '  Orders  ' });
  t.is(res.status, 201, JSON.stringify(res.body));
  t.regex(res.body.id, /^whe_[0-9a-f]{24}$/);
  t.regex(res.body.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
  t.deepEqual(res.body.eventTypes, ['*']);
  t.is(res.body.description, 'Orders');
  t.true(res.body.enabled);
  t.is(res.body.consecutiveFailures, 0);
  t.is(res.body.previousSecretExpiresAt, null);
  const read = await s.call('GET', `/webhooks/${res.body.id}`, { token: s.fixture.tokens.owner });
  t.is(read.status, 200);
  t.false('secret' in read.body);
  t.deepEqual(read.body, (({ secret: _s, ...rest }) => rest)(res.body));
});

withReceiver('a test event is delivered, signed with the whole secret string', async (t, s) => {
  const made = await create(s, { url: receiver.url });
  const sent = await s.call('POST', `/webhooks/${made.body.id}/test`, { token: s.fixture.tokens.owner });
  t.is(sent.status, 202, JSON.stringify(sent.body));
  await receiver.waitFor(1);
  const got = receiver.received[0]!;
  t.is(got.headers['webhook-id'], sent.body.id);
  const body = JSON.parse(got.body);
  t.is(body.type, 'webhook.test');
  t.is(body.data.webhookId, made.body.id);
  const { createHmac } = await import('node:crypto');
  const expected = createHmac('sha256', made.body.secret).update(`${got.headers['webhook-id']}.${got.headers['webhook-timestamp']}.${got.body}`).digest('base64');
  t.is(got.headers['webhook-signature'], `v1,${expected}`);
  t.is(Number(got.headers['webhook-timestamp']), Math.floor(s.clock.now().getTime() / 1000));
  const delivery = await eventually(async () => {
    const r = await s.call('GET', `/webhooks/${made.body.id}/deliveries/${sent.body.id}`, { token: s.fixture.tokens.owner });
    return r.body.status === 'succeeded' && r.body;
  });
  t.is(delivery.attempt, 1);
  t.is(delivery.response.status, 200);
  t.is(delivery.response.bodyExcerpt, 'answer 200');
  t.is(delivery.request.body, got.body);
  t.is(typeof delivery.durationMs, 'number');
});
