import test from 'ava';
import { isBlockedIp, webhookUrl } from '../../../core/webhooks/webhook-url.ts';
import { nextAttemptAfterFailure, RETRY_DELAYS_MS } from '../../../core/webhooks/webhook-delivery.ts';
import { moveEndpoint, DISABLED_REASON, type WebhookEndpoint } from '../../../core/webhooks/webhook-endpoint.ts';
import { reaches } from '../../../core/events/routing.ts';
import { CHOOSABLE_EVENT_TYPES, DEFAULT_EVENT_TYPES } from '../../../core/events/event-types.ts';

test('blocked ranges cover IPv4, IPv6, IPv4-mapped and NAT64 forms; public addresses pass', (t) => {
  for (const ip of ['127.0.0.1', '10.9.9.9', '172.31.255.255', '192.168.0.1', '169.254.1.1', '100.127.0.1', '224.1.1.1', '0.0.0.0',
    '::1', '::', 'fe80::abcd', 'fd00::1', 'fc00::1', 'ff05::2', '::ffff:192.168.1.1', '::ffff:7f00:1', '64:ff9b::7f00:1', '::127.0.0.1']) {
    t.true(isBlockedIp(ip), ip);
  }
  for (const ip of ['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
    t.false(isBlockedIp(ip), ip);
  }
});

test('the URL rule: allow-listed origins skip it; everything else needs https and a public target', (t) => {
  t.is(webhookUrl('http://127.0.0.1:4000/hook', ['http://127.0.0.1:4000']), 'http://127.0.0.1:4000/hook');
  t.throws(() => webhookUrl('http://127.0.0.1:4001/hook', ['http://127.0.0.1:4000']), { message: /https/ });
  t.throws(() => webhookUrl('https://user:pw@example.com/', []), { message: /credentials/ });
  t.throws(() => webhookUrl('https://EXAMPLE.LOCALHOST./', []), { message: /local or internal/ });
  t.is(webhookUrl('https://Example.COM/a?b=c', []), 'https://example.com/a?b=c');
});

test('the retry schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the round is over', (t) => {
  t.deepEqual(RETRY_DELAYS_MS, [5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 36e6]);
  const at = new Date('2026-01-01T00:00:00.000Z');
  t.is(nextAttemptAfterFailure(1, at), '2026-01-01T00:00:05.000Z');
  t.is(nextAttemptAfterFailure(7, at), '2026-01-01T10:00:00.000Z');
  t.is(nextAttemptAfterFailure(8, at), null);
});

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'whe_1', workspaceId: 'ws', url: 'https://x.test/', description: null, eventTypes: [], state: 'enabled', disabledAt: null,
  disabledReason: null, consecutiveFailures: 7, addressAllowlist: [], domainAllowlist: [], lastDeliveryAt: null, secretSealed: 's',
  previousSecretSealed: null, previousSecretExpiresAt: null, enabledSince: 'a', createdAt: 'a', updatedAt: 'a', ...over,
});

test('endpoint transitions: the server sets disabledAt and the reason, a person does not; enabling clears and resets', (t) => {
  const byServer = moveEndpoint(endpoint(), 'failure_limit', 'T1');
  t.like(byServer, { state: 'disabled_by_server', disabledAt: 'T1', disabledReason: DISABLED_REASON });
  t.like(moveEndpoint(endpoint(), 'disable', 'T1'), { state: 'disabled_by_person', disabledAt: null, disabledReason: null });
  t.like(moveEndpoint(byServer, 'enable', 'T2'), { state: 'enabled', disabledAt: null, disabledReason: null, consecutiveFailures: 0, enabledSince: 'T2' });
  t.throws(() => moveEndpoint(byServer, 'failure_limit', 'T3'), { message: /disabled/ });
});

test('routing: the default set, narrowed endpoints and targeted events', (t) => {
  t.true(DEFAULT_EVENT_TYPES.every((e) => CHOOSABLE_EVENT_TYPES.includes(e)));
  t.false(CHOOSABLE_EVENT_TYPES.includes('automation.webhook'));
  const ev = (type: string, address: string | null = null, domain: string | null = null, data = {}) => ({ type, address, domain, data });
  const narrowed = endpoint({ eventTypes: ['email.sent', 'contact.created', 'file.deleted'], domainAllowlist: ['acme.test'] });
  t.true(reaches(narrowed, ev('email.sent', 'Any@ACME.test')));
  t.false(reaches(narrowed, ev('email.sent', 'x@beta.test')));
  t.false(reaches(narrowed, ev('contact.created')));
  t.false(reaches(narrowed, ev('file.deleted')));
  t.true(reaches(endpoint(), ev('email.opened')));
  t.false(reaches(endpoint(), ev('file.deleted')));
  t.true(reaches(endpoint({ eventTypes: ['file.uploaded'], addressAllowlist: ['a@b.test'] }), ev('automation.webhook', null, null, { webhookId: 'whe_1' })));
  t.false(reaches(endpoint({ eventTypes: ['automation.webhook'] }), ev('automation.webhook', null, null, { webhookId: 'whe_2' })));
});
