import { at, seedWorkspaces, WS, OTHER_WS, type Check } from './kit.ts';
import type { WebhookEndpoint } from '../../core/webhooks/webhook-endpoint.ts';
import type { WebhookDelivery } from '../../core/webhooks/webhook-delivery.ts';

const endpoint = (id: string, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id, workspaceId: WS, url: 'https://hooks.example.com/ü?q="x"', description: null, eventTypes: [], state: 'enabled',
  disabledAt: null, disabledReason: null, consecutiveFailures: 0, addressAllowlist: [], domainAllowlist: [], lastDeliveryAt: null,
  secretSealed: 'sealed', previousSecretSealed: null, previousSecretExpiresAt: null, enabledSince: at(1), createdAt: at(1),
  updatedAt: at(1), ...overrides,
});

const delivery = (id: string, endpointId: string, eventId: string, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id, workspaceId: WS, endpointId, eventId, eventType: 'email.sent', payload: '{"a":1}', status: 'pending', attempts: 0,
  roundAttempts: 0, nextAttemptAt: at(2), leaseUntil: null, lastResponseStatus: null, lastError: null, createdAt: at(2),
  updatedAt: at(2), completedAt: null, ...overrides,
});

export function webhooksContract(check: Check): void {
  check('webhooks: endpoints round-trip every field, list newest first, per workspace', async (t, { store }) => {
    await seedWorkspaces(store);
    const full = endpoint('whe_b', {
      description: 'Ünïcødé', eventTypes: ['file.uploaded'], state: 'disabled_by_server', disabledAt: at(5), disabledReason: 'why',
      consecutiveFailures: 100, addressAllowlist: ['hello@acme.test'], domainAllowlist: ['acme.test'], lastDeliveryAt: at(4),
      previousSecretSealed: 'old', previousSecretExpiresAt: at(9), createdAt: at(2),
    });
    await store.webhooks.insert(endpoint('whe_a'));
    await store.webhooks.insert(full);
    await store.webhooks.insert(endpoint('whe_x', { workspaceId: OTHER_WS }));
    t.deepEqual(await store.webhooks.get(WS, 'whe_b'), full);
    t.is(await store.webhooks.get(OTHER_WS, 'whe_b'), null);
    t.deepEqual((await store.webhooks.list(WS, null, 10)).map((e) => e.id), ['whe_b', 'whe_a']);
    t.deepEqual((await store.webhooks.list(WS, [at(2), 'whe_b'], 10)).map((e) => e.id), ['whe_a']);
    t.is(await store.webhooks.count(WS), 2);
    t.deepEqual((await store.webhooks.enabledEndpoints(WS)).map((e) => e.id), ['whe_a']);
  });

  check('webhooks: attempts are counted atomically; a success resets; the server switches off once', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.webhooks.insert(endpoint('whe_a'));
    await Promise.all(Array.from({ length: 5 }, () => store.webhooks.countAttempt('whe_a', false, at(3))));
    t.like(await store.webhooks.get(WS, 'whe_a'), { consecutiveFailures: 5, lastDeliveryAt: at(3) });
    // A change to other fields never undoes a count.
    await store.webhooks.update(endpoint('whe_a', { description: 'x' }));
    t.is((await store.webhooks.get(WS, 'whe_a'))!.consecutiveFailures, 5);
    t.is((await store.webhooks.countAttempt('whe_a', true, at(4)))!.consecutiveFailures, 0);
    t.true(await store.webhooks.disableByServer('whe_a', at(5), 'r'));
    t.false(await store.webhooks.disableByServer('whe_a', at(6), 'r'));
    t.like(await store.webhooks.get(WS, 'whe_a'), { state: 'disabled_by_server', disabledAt: at(5) });
  });

  check('webhooks: outbox rows are routed once; deliveries are unique per endpoint and event', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.webhooks.insert(endpoint('whe_a'));
    for (const id of ['evt_1', 'evt_2']) {
      await store.events.append({ id, workspaceId: WS, type: 'email.sent', data: {}, address: null, domain: null, createdAt: at(1) });
    }
    t.deepEqual((await store.webhooks.undispatchedEvents(10)).map((e) => e.id), ['evt_1', 'evt_2']);
    t.true(await store.webhooks.hasWork(at(0)));
    await store.webhooks.markDispatched(['evt_1', 'evt_2'], at(2));
    t.deepEqual(await store.webhooks.undispatchedEvents(10), []);
    t.false(await store.webhooks.hasWork(at(100)));
    await store.webhooks.insertDeliveries([delivery('whd_1', 'whe_a', 'evt_1')]);
    await store.webhooks.insertDeliveries([delivery('whd_2', 'whe_a', 'evt_1'), delivery('whd_3', 'whe_a', 'evt_2')]);
    t.deepEqual((await store.webhooks.listDeliveries(WS, 'whe_a', null, 10)).map((d) => d.id).sort(), ['whd_1', 'whd_3']);
    t.deepEqual(await store.webhooks.getDelivery(WS, 'whe_a', 'whd_1'), delivery('whd_1', 'whe_a', 'evt_1'));
  });

  check('webhooks: a due delivery is leased by one claimer only, and not before it is due', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.webhooks.insert(endpoint('whe_a'));
    await store.webhooks.insertDeliveries(Array.from({ length: 20 }, (_, i) => delivery(`whd_${i}`, 'whe_a', `evt_${i}`, { nextAttemptAt: at(i < 10 ? 2 : 50) })));
    t.deepEqual(await store.webhooks.claimDue(at(1), at(3), 100), []);
    const claims = await Promise.all(Array.from({ length: 4 }, () => store.webhooks.claimDue(at(2), at(3), 100)));
    const ids = claims.flat().map((d) => d.id);
    t.is(ids.length, 10);
    t.is(new Set(ids).size, 10);
    t.true(claims.flat().every((d) => d.leaseUntil === at(3)));
    t.deepEqual(await store.webhooks.claimDue(at(2.5), at(4), 100), [], 'leased rows stay taken until the lease ends');
    t.is((await store.webhooks.claimDue(at(3.5), at(4), 100)).length, 10, 'an expired lease frees the row');
  });
}
