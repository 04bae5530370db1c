import test, { type ExecutionContext } from 'ava';
import { assertError, startTestServer, type TestServer } from '../support/server.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

// CRUD and the rules of the Webhooks table. Delivery, routing and processes have files of their own.
let receiver: WebhookReceiver;
test.before(async () => { receiver = await WebhookReceiver.start(); });
test.after.always(async () => { await receiver?.stop(); });

/** Like serverTest, with the receiver's origin allowed and the default (https only) for everything else. */
function webhookTest(title: string, fn: (t: ExecutionContext, s: TestServer) => Promise<void>, allowReceiver = true) {
  for (const backend of ['sqlite', 'postgres'] as const) {
    test.serial(`[${backend}] ${title}`, async (t) => {
      const s = await startTestServer(backend, allowReceiver ? { webhookAllow: [receiver.origin] } : {});
      try { await fn(t, s); } finally { await s.stop(); }
    });
  }
}

const HOOK = 'https://hooks.example.com/in';
const create = (s: TestServer, body: Record<string, unknown>, token = s.fixture.tokens.owner) => s.call('POST', '/webhooks', { token, body });
const patch = (s: TestServer, id: string, body: unknown, token = s.fixture.tokens.owner) => s.call('PATCH', `/webhooks/${id}`, { token, body });

webhookTest('create answers the endpoint and its secret once; reads never show it', async (t, s) => {
  const res = await create(s, { url: HOOK, description: '  Orders  ' });
  t.is(res.status, 201, JSON.stringify(res.body));
  t.regex(res.body.id, /^whe_[0-9a-f]{24}$/);
  t.regex(res.body.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
  t.deepEqual(res.body.eventTypes, ['*']);
  t.is(res.body.description, 'Orders');
  t.like(res.body, { enabled: true, disabledAt: null, disabledReason: null, consecutiveFailures: 0, lastDeliveryAt: null, previousSecretExpiresAt: null });
  t.deepEqual([res.body.addressAllowlist, res.body.domainAllowlist], [[], []]);
  const read = await s.call('GET', `/webhooks/${res.body.id}`, { token: s.fixture.tokens.owner });
  t.is(read.status, 200);
  t.false('secret' in read.body);
  t.deepEqual(read.body, (({ secret: _s, ...rest }) => rest)(res.body));
});

webhookTest('named event types are kept; unknown and unchoosable ones are refused by index', async (t, s) => {
  const ok = await create(s, { url: HOOK, eventTypes: ['file.uploaded', 'email.sent', 'file.uploaded'] });
  t.deepEqual(ok.body.eventTypes, ['file.uploaded', 'email.sent']);
  assertError(t, await create(s, { url: HOOK, eventTypes: ['email.sent', 'email.nope'] }), 422, 'invalid_parameter', 'eventTypes.1');
  assertError(t, await create(s, { url: HOOK, eventTypes: ['automation.webhook'] }), 422, 'invalid_parameter', 'eventTypes.0');
  assertError(t, await create(s, { url: HOOK, description: 'x'.repeat(201) }), 422, 'invalid_parameter', 'description');
  t.is((await create(s, { url: HOOK, description: 'x'.repeat(200) })).status, 201);
  const empty = await create(s, { url: HOOK, eventTypes: [] });
  t.deepEqual(empty.body.eventTypes, ['*']);
});

webhookTest('the URL rule: https only, no local, private, link-local, shared, multicast or unique-local targets', async (t, s) => {
  const refused = [
    'http://hooks.example.com/', 'ftp://hooks.example.com/', 'not a url', 'https://localhost/', 'https://api.localhost/',
    'https://db.internal/', 'https://printer.local/', 'https://127.0.0.1/', 'https://10.1.2.3/', 'https://172.16.0.1/',
    'https://192.168.1.1/', 'https://169.254.169.254/latest/meta-data', 'https://100.64.0.1/', 'https://224.0.0.1/',
    'https://0.0.0.0/', 'https://[::1]/', 'https://[fe80::1]/', 'https://[fd12:3456::1]/', 'https://[ff02::1]/',
    'https://[::ffff:127.0.0.1]/', 'https://[::ffff:a00:1]/', 'https://2130706433/', 'https://0x7f000001/',
    'https://0x7f.0.0.1/', 'https://0177.0.0.1/', 'https://017700000001/',
  ];
  for (const url of refused) assertError(t, await create(s, { url }), 422, 'invalid_webhook_url', 'url');
  // A name that does not resolve (yet) is accepted: it is resolved again at every delivery (host contract).
  t.is((await create(s, { url: 'https://not-yet.example.invalid/hook' })).status, 201);
  t.is((await create(s, { url: 'https://8.8.8.8/hook' })).status, 201);
  t.is((await s.call('GET', '/webhooks', { token: s.fixture.tokens.owner })).body.items.length, 2);
}, false);

webhookTest('with an empty allow list the local receiver is refused like any other http target', async (t, s) => {
  assertError(t, await create(s, { url: receiver.url }), 422, 'invalid_webhook_url', 'url');
}, false);

webhookTest('a workspace has at most 10 endpoints', async (t, s) => {
  for (let i = 0; i < 10; i++) t.is((await create(s, { url: `${HOOK}/${i}` })).status, 201);
  assertError(t, await create(s, { url: HOOK }), 422, 'workspace_limit_reached', null);
  t.is((await s.call('POST', '/webhooks', { token: s.fixture.tokens.other, body: { url: HOOK } })).status, 201);
});

webhookTest('allowlists: owned addresses and domains only; an address under a listed domain is dropped', async (t, s) => {
  const res = await create(s, { url: HOOK, addressAllowlist: ['Hello@Acme.test', 'news@beta.test'], domainAllowlist: ['acme.test'] });
  t.is(res.status, 201, JSON.stringify(res.body));
  t.deepEqual(res.body.addressAllowlist, ['news@beta.test']);
  t.deepEqual(res.body.domainAllowlist, ['acme.test']);
  assertError(t, await create(s, { url: HOOK, addressAllowlist: ['hello@acme.test', 'hi@other.test'] }), 422, 'invalid_parameter', 'addressAllowlist.1');
  assertError(t, await create(s, { url: HOOK, addressAllowlist: ['nobody@acme.test'] }), 422, 'invalid_parameter', 'addressAllowlist.0');
  assertError(t, await create(s, { url: HOOK, domainAllowlist: ['other.test'] }), 422, 'invalid_parameter', 'domainAllowlist.0');
  const many = Array.from({ length: 51 }, (_, i) => `a${i}@acme.test`);
  assertError(t, await create(s, { url: HOOK, addressAllowlist: many }), 422, 'invalid_parameter', 'addressAllowlist');
  assertError(t, await create(s, { url: HOOK, domainAllowlist: Array(26).fill('acme.test') }), 422, 'invalid_parameter', 'domainAllowlist');
});

webhookTest('list: newest first, paged, every endpoint for narrowed keys; other workspaces never show', async (t, s) => {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    ids.push((await create(s, { url: `${HOOK}/${i}` })).body.id);
    s.clock.advance(1000);
  }
  await s.call('POST', '/webhooks', { token: s.fixture.tokens.other, body: { url: HOOK } });
  const first = await s.call('GET', '/webhooks?limit=2', { token: s.fixture.tokens.owner });
  t.deepEqual(first.body.items.map((e: any) => e.id), [ids[2], ids[1]]);
  t.true(first.body.hasMore);
  const second = await s.call('GET', `/webhooks?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`, { token: s.fixture.tokens.owner });
  t.deepEqual(second.body.items.map((e: any) => e.id), [ids[0]]);
  t.is(second.body.nextCursor, null);
  const narrowed = await s.call('GET', '/webhooks', { token: s.fixture.tokens.narrowed });
  t.is(narrowed.body.items.length, 3);
  assertError(t, await s.call('GET', '/webhooks?cursor=forged.sig', { token: s.fixture.tokens.owner }), 400, 'invalid_cursor', 'cursor');
  assertError(t, await s.call('GET', '/webhooks?limit=0', { token: s.fixture.tokens.owner }), 422, 'invalid_parameter', 'limit');
});

webhookTest('404 for unknown ids and for other workspaces, on every call', async (t, s) => {
  const theirs = (await s.call('POST', '/webhooks', { token: s.fixture.tokens.other, body: { url: HOOK } })).body.id;
  const token = s.fixture.tokens.owner;
  for (const id of [theirs, 'whe_000000000000000000000000', 'nope']) {
    assertError(t, await s.call('GET', `/webhooks/${id}`, { token }), 404, 'resource_not_found');
    assertError(t, await patch(s, id, {}), 404, 'resource_not_found');
    assertError(t, await s.call('DELETE', `/webhooks/${id}`, { token }), 404, 'resource_not_found');
    assertError(t, await s.call('POST', `/webhooks/${id}/rotate-secret`, { token }), 404, 'resource_not_found');
    assertError(t, await s.call('POST', `/webhooks/${id}/test`, { token }), 404, 'resource_not_found');
    assertError(t, await s.call('GET', `/webhooks/${id}/deliveries`, { token }), 404, 'resource_not_found');
  }
});

webhookTest('scopes: webhooks:read for reads, webhooks:write for changes', async (t, s) => {
  const id = (await create(s, { url: HOOK })).body.id;
  const token = s.fixture.tokens.readOnly;
  assertError(t, await s.call('GET', '/webhooks', { token }), 403, 'insufficient_scope');
  assertError(t, await s.call('GET', `/webhooks/${id}`, { token }), 403, 'insufficient_scope');
  assertError(t, await create(s, { url: HOOK }, token), 403, 'insufficient_scope');
  assertError(t, await patch(s, id, {}, token), 403, 'insufficient_scope');
});

webhookTest('PATCH: fields replace, null clears, empty event types mean the default set, an empty patch changes nothing', async (t, s) => {
  const made = (await create(s, { url: HOOK, description: 'd', eventTypes: ['file.uploaded'], addressAllowlist: ['hello@acme.test'] })).body;
  const { secret: _secret, ...before } = made;
  const empty = await patch(s, made.id, {});
  t.is(empty.status, 200);
  t.deepEqual(empty.body, before);
  const changed = await patch(s, made.id, { url: 'https://other.example.com/x', description: null, eventTypes: [], domainAllowlist: ['beta.test'] });
  t.is(changed.status, 200, JSON.stringify(changed.body));
  t.like(changed.body, { url: 'https://other.example.com/x', description: null });
  t.deepEqual(changed.body.eventTypes, ['*']);
  t.deepEqual([changed.body.addressAllowlist, changed.body.domainAllowlist], [['hello@acme.test'], ['beta.test']]);
  const all = await patch(s, made.id, { addressAllowlist: [], domainAllowlist: [] });
  t.deepEqual([all.body.addressAllowlist, all.body.domainAllowlist], [[], []]);
  assertError(t, await patch(s, made.id, { url: 'https://10.0.0.1/' }), 422, 'invalid_webhook_url', 'url');
  assertError(t, await patch(s, made.id, { eventTypes: ['bogus'] }), 422, 'invalid_parameter', 'eventTypes.0');
  assertError(t, await patch(s, made.id, { color: 'red' }), 422, 'unknown_parameter');
  t.deepEqual((await s.call('GET', `/webhooks/${made.id}`, { token: s.fixture.tokens.owner })).body, all.body);
});

webhookTest('enabled=false and back: a person disabling leaves disabledAt and reason null; enabling resets the count', async (t, s) => {
  const id = (await create(s, { url: HOOK })).body.id;
  const off = await patch(s, id, { enabled: false });
  t.like(off.body, { enabled: false, disabledAt: null, disabledReason: null });
  assertError(t, await s.call('POST', `/webhooks/${id}/test`, { token: s.fixture.tokens.owner }), 409, 'webhook_disabled');
  const on = await patch(s, id, { enabled: true });
  t.like(on.body, { enabled: true, disabledAt: null, disabledReason: null, consecutiveFailures: 0 });
});

webhookTest('narrowed keys write only endpoints inside their holdings (422 capability_unsupported on addressAllowlist)', async (t, s) => {
  const narrowed = s.fixture.tokens.narrowed; // holds hello@acme.test
  assertError(t, await create(s, { url: HOOK }, narrowed), 422, 'capability_unsupported', 'addressAllowlist');
  assertError(t, await create(s, { url: HOOK, addressAllowlist: ['sales@acme.test'] }, narrowed), 422, 'capability_unsupported', 'addressAllowlist');
  assertError(t, await create(s, { url: HOOK, domainAllowlist: ['acme.test'] }, narrowed), 422, 'capability_unsupported', 'addressAllowlist');
  const mine = await create(s, { url: HOOK, addressAllowlist: ['hello@acme.test'] }, narrowed);
  t.is(mine.status, 201);
  t.is((await patch(s, mine.body.id, { description: 'ok' }, narrowed)).status, 200);
  assertError(t, await patch(s, mine.body.id, { addressAllowlist: [] }, narrowed), 422, 'capability_unsupported', 'addressAllowlist');
  const wide = (await create(s, { url: HOOK })).body.id;
  assertError(t, await patch(s, wide, { description: 'x' }, narrowed), 422, 'capability_unsupported', 'addressAllowlist');
  assertError(t, await s.call('DELETE', `/webhooks/${wide}`, { token: narrowed }), 422, 'capability_unsupported', 'addressAllowlist');
  // A domain key holding acme.test may make endpoints for that domain and its addresses.
  t.is((await create(s, { url: HOOK, domainAllowlist: ['acme.test'] }, s.fixture.tokens.domainKey)).status, 201);
  t.is((await s.call('GET', `/webhooks/${wide}`, { token: narrowed })).status, 200);
});

webhookTest('OAuth tokens need step-up to change or delete an endpoint; keys are never asked', async (t, s) => {
  const id = (await create(s, { url: HOOK })).body.id;
  const app = s.fixture.tokens.ownerApp;
  assertError(t, await patch(s, id, { description: 'x' }, app), 403, 'step_up_required');
  assertError(t, await s.call('DELETE', `/webhooks/${id}`, { token: app }), 403, 'step_up_required');
  assertError(t, await s.call('POST', `/webhooks/${id}/rotate-secret`, { token: app }), 403, 'step_up_required');
  t.is((await s.call('GET', `/webhooks/${id}`, { token: app })).body.description, null);
});

webhookTest('rotate: a new secret once, previousSecretExpiresAt 24 hours on; delete removes the endpoint', async (t, s) => {
  const made = (await create(s, { url: HOOK })).body;
  const rotated = await s.call('POST', `/webhooks/${made.id}/rotate-secret`, { token: s.fixture.tokens.owner });
  t.is(rotated.status, 200, JSON.stringify(rotated.body));
  t.regex(rotated.body.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
  t.not(rotated.body.secret, made.secret);
  t.is(rotated.body.previousSecretExpiresAt, new Date(s.clock.now().getTime() + 86_400_000).toISOString());
  const gone = await s.call('DELETE', `/webhooks/${made.id}`, { token: s.fixture.tokens.owner });
  t.deepEqual(gone.body, { id: made.id, object: 'webhook_endpoint', deleted: true });
  assertError(t, await s.call('GET', `/webhooks/${made.id}`, { token: s.fixture.tokens.owner }), 404, 'resource_not_found');
});
