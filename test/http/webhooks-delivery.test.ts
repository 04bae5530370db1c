import test, { type ExecutionContext } from 'ava';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { assertError, startTestServer, type TestServer } from '../support/server.ts';
import { WebhookReceiver, eventually } from '../support/webhook-receiver.ts';
import { SystemClock } from '../../adapters/clock-system/clock.system.ts';

// Delivery: signing, the retry schedule on the clock port, switching off after 100 failures, replay.
let receiver: WebhookReceiver;
test.before(async () => { receiver = await WebhookReceiver.start(); });
test.after.always(async () => { await receiver?.stop(); });

function deliveryTest(title: string, fn: (t: ExecutionContext, s: TestServer) => Promise<void>, extra: Record<string, unknown> = {}) {
  for (const backend of ['sqlite', 'postgres'] as const) {
    test.serial(`[${backend}] ${title}`, async (t) => {
      receiver.received.length = 0;
      receiver.script = [];
      receiver.fallback = 200;
      const s = await startTestServer(backend, { webhookAllow: [receiver.origin], webhookTimeoutMs: 1500, ...extra });
      try { await fn(t, s); } finally { await s.stop(); }
    });
  }
}

const owner = (s: TestServer) => s.fixture.tokens.owner;
const makeEndpoint = async (s: TestServer, body: Record<string, unknown> = {}) =>
  (await s.call('POST', '/webhooks', { token: owner(s), body: { url: receiver.url, ...body } })).body;
const sendTest = async (s: TestServer, id: string) => (await s.call('POST', `/webhooks/${id}/test`, { token: owner(s) })).body;
const delivery = async (s: TestServer, id: string, deliveryId: string) =>
  (await s.call('GET', `/webhooks/${id}/deliveries/${deliveryId}`, { token: owner(s) })).body;
const attemptsMade = (s: TestServer, id: string, deliveryId: string, n: number) =>
  eventually(async () => { const d = await delivery(s, id, deliveryId); return d.attempts.length >= n && d; }, 10_000, `${n} attempts`);

deliveryTest('a receiver verifies deliveries with the standardwebhooks package (raw key = the whole secret string)', async (t, s) => {
  const endpoint = await makeEndpoint(s);
  await sendTest(s, endpoint.id);
  await receiver.waitFor(1);
  const got = receiver.received[0]!;
  const headers = got.headers as Record<string, string>;
  // standardwebhooks strips `whsec_` and base64-decodes the rest by default; our key is the whole string, so a
  // receiver must pass it as a raw key. The default form does not verify, which proves the difference is real.
  const payload = new Webhook(endpoint.secret, { format: 'raw' }).verify(got.body, headers) as any;
  t.is(payload.type, 'webhook.test');
  t.throws(() => new Webhook(endpoint.secret).verify(got.body, headers));
  const expected = createHmac('sha256', endpoint.secret).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${got.body}`).digest('base64');
  t.is(headers['webhook-signature'], `v1,${expected}`);
}, { clock: new SystemClock() });

deliveryTest('after a rotation both secrets sign for 24 hours, then only the new one', async (t, s) => {
  const endpoint = await makeEndpoint(s);
  const rotated = (await s.call('POST', `/webhooks/${endpoint.id}/rotate-secret`, { token: owner(s) })).body;
  await sendTest(s, endpoint.id);
  await receiver.waitFor(1);
  const sign = (secret: string, r = receiver.received.at(-1)!) =>
    `v1,${createHmac('sha256', secret).update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`).digest('base64')}`;
  t.is(receiver.received[0]!.headers['webhook-signature'], `${sign(rotated.secret)} ${sign(endpoint.secret)}`);
  s.clock.advance(24 * 3_600_000);
  await sendTest(s, endpoint.id);
  await receiver.waitFor(2);
  t.is(receiver.received[1]!.headers['webhook-signature'], sign(rotated.secret));
});

deliveryTest('retries follow the schedule on the clock: 500, then a timeout, then 2xx', async (t, s) => {
  receiver.script = [500, 'hang'];
  const endpoint = await makeEndpoint(s);
  const t0 = s.clock.now().getTime();
  const sent = await sendTest(s, endpoint.id);
  const first = await attemptsMade(s, endpoint.id, sent.id, 1);
  t.like(first, { status: 'pending', attempt: 1, nextAttemptAt: new Date(t0 + 5_000).toISOString() });
  t.like(first.attempts[0], { succeeded: false, response: { status: 500, bodyExcerpt: 'answer 500' }, startedAt: new Date(t0).toISOString() });
  t.is((await s.call('GET', `/webhooks/${endpoint.id}`, { token: owner(s) })).body.consecutiveFailures, 1);

  s.clock.advance(5_000);
  const second = await attemptsMade(s, endpoint.id, sent.id, 2);
  t.like(second.attempts[1], { succeeded: false, error: 'timeout', startedAt: new Date(t0 + 5_000).toISOString() });
  t.is(second.nextAttemptAt, new Date(t0 + 5_000 + 300_000).toISOString());
  const afterTwo = (await s.call('GET', `/webhooks/${endpoint.id}`, { token: owner(s) })).body;
  t.is(afterTwo.consecutiveFailures, 2);
  t.is(afterTwo.lastDeliveryAt, new Date(t0 + 5_000).toISOString());

  s.clock.advance(300_000);
  const third = await attemptsMade(s, endpoint.id, sent.id, 3);
  t.like(third, { status: 'succeeded', attempt: 3, nextAttemptAt: null, completedAt: new Date(t0 + 305_000).toISOString() });
  t.is(receiver.received.length, 3);
  t.true(receiver.received.every((r) => r.headers['webhook-id'] === sent.id));
  t.is((await s.call('GET', `/webhooks/${endpoint.id}`, { token: owner(s) })).body.consecutiveFailures, 0);
});

deliveryTest('a delivery that keeps failing is tried 8 times over the whole schedule, then marked failed', async (t, s) => {
  receiver.fallback = 503;
  const endpoint = await makeEndpoint(s);
  const sent = await sendTest(s, endpoint.id);
  const delays = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
  await attemptsMade(s, endpoint.id, sent.id, 1);
  for (const [i, delay] of delays.entries()) {
    s.clock.advance(delay - 1);
    t.is((await delivery(s, endpoint.id, sent.id)).attempts.length, i + 1, 'not due a millisecond early');
    s.clock.advance(1);
    await attemptsMade(s, endpoint.id, sent.id, i + 2);
  }
  const done = await delivery(s, endpoint.id, sent.id);
  t.like(done, { status: 'failed', attempt: 8, nextAttemptAt: null, responseStatus: 503 });
  s.clock.advance(100 * 3_600_000);
  await sendTest(s, endpoint.id); // something else to do, so a stray ninth attempt would show up
  await receiver.waitFor(9);
  t.is(receiver.received.filter((r) => r.headers['webhook-id'] === sent.id).length, 8);
});

deliveryTest('100 failed attempts in a row switch the endpoint off and email the owner and members who read webhooks', async (t, s) => {
  receiver.fallback = 500;
  const endpoint = await makeEndpoint(s);
  for (let i = 0; i < 100; i++) await sendTest(s, endpoint.id);
  const off = await eventually(async () => {
    const e = (await s.call('GET', `/webhooks/${endpoint.id}`, { token: owner(s) })).body;
    return !e.enabled && e;
  }, 20_000, 'the endpoint to be switched off');
  t.like(off, { consecutiveFailures: 100, disabledAt: s.clock.now().toISOString() });
  t.truthy(off.disabledReason);
  const mails = s.mailer.sent.filter((m) => /webhook endpoint was disabled/.test(m.subject));
  t.deepEqual(mails.flatMap((m) => m.to).sort(), ['member@example.test', 'owner@example.test']);
  const audit = (await s.call('GET', `/webhooks/${endpoint.id}/audit?limit=100`, { token: owner(s) })).body.items;
  t.deepEqual(audit.filter((e: any) => e.type === 'disabled_by_server').map((e: any) => e.detail), [{ consecutiveFailures: 100 }]);

  // Pending retries are never sent while it is off, and cannot be replayed until it is on again.
  receiver.fallback = 200;
  s.clock.advance(5_000);
  const list = (await s.call('GET', `/webhooks/${endpoint.id}/deliveries?limit=100`, { token: owner(s) })).body.items;
  await eventually(async () => (await delivery(s, endpoint.id, list[0].id)).status === 'failed');
  t.is(receiver.received.length, 100);
  assertError(t, await s.call('POST', `/webhooks/${endpoint.id}/deliveries/${list[0].id}/replay`, { token: owner(s) }), 409, 'webhook_disabled');

  const on = (await s.call('PATCH', `/webhooks/${endpoint.id}`, { token: owner(s), body: { enabled: true } })).body;
  t.like(on, { enabled: true, disabledAt: null, disabledReason: null, consecutiveFailures: 0 });
  const replay = await s.call('POST', `/webhooks/${endpoint.id}/deliveries/${list[0].id}/replay`, { token: owner(s) });
  t.is(replay.status, 202, JSON.stringify(replay.body));
  await receiver.waitFor(101);
  const replayed = await eventually(async () => { const d = await delivery(s, endpoint.id, list[0].id); return d.status === 'succeeded' && d; });
  t.is(replayed.attempts.at(-1).response.status, 200);
  t.is(receiver.received[100]!.headers['webhook-id'], list[0].id);
});

deliveryTest('events fired while an endpoint is off are never delivered later', async (t, s) => {
  const endpoint = await makeEndpoint(s, { eventTypes: ['email.sent'] });
  const ws = s.fixture.ids.workspace;
  await s.call('PATCH', `/webhooks/${endpoint.id}`, { token: owner(s), body: { enabled: false } });
  const [missed] = await s.service.events.record.execute([{ type: 'email.sent', workspaceId: ws, data: { n: 1 }, address: 'hello@acme.test', domain: 'acme.test' }]);
  s.clock.advance(1_000);
  await s.call('PATCH', `/webhooks/${endpoint.id}`, { token: owner(s), body: { enabled: true } });
  const [seen] = await s.service.events.record.execute([{ type: 'email.sent', workspaceId: ws, data: { n: 2 }, address: 'hello@acme.test', domain: 'acme.test' }]);
  await receiver.waitFor(1);
  await eventually(async () => !(await s.service.webhooks.dispatcher.hasWork()));
  t.deepEqual(receiver.events().map((e) => e.id), [seen]);
  t.not(missed, seen);
});

deliveryTest('redirects are not followed and a name that does not resolve is a failed attempt', async (t, s) => {
  receiver.script = [302];
  const endpoint = await makeEndpoint(s);
  const sent = await sendTest(s, endpoint.id);
  const d = await attemptsMade(s, endpoint.id, sent.id, 1);
  t.like(d, { status: 'pending', responseStatus: 302 });
  t.is(receiver.received.length, 1);
  const nowhere = (await s.call('POST', '/webhooks', { token: owner(s), body: { url: 'https://nowhere.invalid/hook' } })).body;
  const lost = await sendTest(s, nowhere.id);
  const failed = await attemptsMade(s, nowhere.id, lost.id, 1);
  t.like(failed.attempts[0], { succeeded: false, error: 'dns_failed', response: { status: null } });
  t.is(failed.nextAttemptAt, new Date(s.clock.now().getTime() + 5_000).toISOString());
});

deliveryTest('deliveries list newest first; audit log and statistics follow what happened', async (t, s) => {
  receiver.script = [500];
  const endpoint = await makeEndpoint(s);
  const a = await sendTest(s, endpoint.id);
  await attemptsMade(s, endpoint.id, a.id, 1);
  s.clock.advance(1_000);
  const b = await sendTest(s, endpoint.id);
  await eventually(async () => (await delivery(s, endpoint.id, b.id)).status === 'succeeded');
  const list = (await s.call('GET', `/webhooks/${endpoint.id}/deliveries?limit=1`, { token: owner(s) })).body;
  t.deepEqual(list.items.map((d: any) => d.id), [b.id]);
  const rest = (await s.call('GET', `/webhooks/${endpoint.id}/deliveries?cursor=${encodeURIComponent(list.nextCursor)}`, { token: owner(s) })).body;
  t.deepEqual(rest.items.map((d: any) => [d.id, d.status]), [[a.id, 'pending']]);
  assertError(t, await s.call('GET', `/webhooks/${endpoint.id}/deliveries/whd_000000000000000000000000`, { token: owner(s) }), 404, 'resource_not_found');
  const stats = (await s.call('GET', `/webhooks/${endpoint.id}/stats`, { token: owner(s) })).body;
  t.deepEqual(stats.deliveries, { pending: 1, succeeded: 1, failed: 0 });
  t.like(stats.last24Hours, { total: 2, succeeded: 1, failed: 1, successRate: 0.5 });
  const audit = (await s.call('GET', `/webhooks/${endpoint.id}/audit`, { token: owner(s) })).body.items.map((e: any) => e.type);
  // Newest first: the second test came a second later; the first and the creation share a timestamp.
  t.is(audit[0], 'test_sent');
  t.deepEqual(audit.slice(1).sort(), ['created', 'test_sent']);
});
