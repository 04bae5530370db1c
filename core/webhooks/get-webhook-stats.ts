import { visibleEndpoint } from './webhook-access.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';

const DAY_MS = 24 * 3_600_000;

/** GET /webhooks/{id}/stats: deliveries by status, and the attempts of the last 24 hours. */
export class GetWebhookStats {
  constructor(private readonly store: Store, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string) {
    const endpoint = await visibleEndpoint(this.store, caller, id);
    const since = new Date(this.clock.now().getTime() - DAY_MS).toISOString();
    const attempts = await this.store.webhooks.attemptCounts(endpoint.id, since);
    return {
      webhookId: endpoint.id,
      object: 'webhook_stats' as const,
      deliveries: await this.store.webhooks.deliveryCounts(endpoint.id),
      last24Hours: { ...attempts, successRate: attempts.total ? attempts.succeeded / attempts.total : null },
      consecutiveFailures: endpoint.consecutiveFailures,
      lastDeliveryAt: endpoint.lastDeliveryAt,
    };
  }
}
