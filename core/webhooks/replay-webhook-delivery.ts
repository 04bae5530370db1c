import { AppError, notFound } from '../kernel/errors.ts';
import { DELIVERY_ID, isEnabled } from './webhook-endpoint.ts';
import { requireWithinHoldings } from './webhook-input.ts';
import { actorOf, recordAudit, visibleEndpoint } from './webhook-access.ts';
import { deliveryView } from './webhook-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * POST /webhooks/{id}/deliveries/{deliveryId}/replay: sends the same delivery again (same `webhook-id`, so a
 * receiver can tell), starting a new round of the retry schedule. spec: States — Webhook endpoint: only once
 * the endpoint is enabled, 409 `webhook_disabled` otherwise.
 */
export class ReplayWebhookDelivery {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string, deliveryId: string) {
    const at = this.clock.now().toISOString();
    return this.store.transaction(async (tx) => {
      const endpoint = await visibleEndpoint(tx, caller, id);
      requireWithinHoldings(caller, endpoint);
      const delivery = DELIVERY_ID.test(deliveryId) ? await tx.webhooks.getDelivery(caller.workspaceId, endpoint.id, deliveryId) : null;
      if (!delivery) throw notFound('webhook delivery', 'deliveryId');
      if (!isEnabled(endpoint)) throw new AppError('webhook_disabled', 'This webhook endpoint is disabled; enable it before replaying.', 'id');
      const next = { ...delivery, status: 'pending' as const, roundAttempts: 0, nextAttemptAt: at, leaseUntil: null, completedAt: null, updatedAt: at };
      await tx.webhooks.updateDelivery(next);
      await recordAudit(tx, this.ids, endpoint, 'delivery_replayed', actorOf(caller), at, { deliveryId });
      return deliveryView(next);
    });
  }
}
