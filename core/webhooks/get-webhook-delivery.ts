import { notFound } from '../kernel/errors.ts';
import { DELIVERY_ID } from './webhook-endpoint.ts';
import { visibleEndpoint } from './webhook-access.ts';
import { deliveryDetailView } from './webhook-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** GET /webhooks/{id}/deliveries/{deliveryId}: the request, response status, body excerpt, duration and attempt. */
export class GetWebhookDelivery {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, id: string, deliveryId: string) {
    const endpoint = await visibleEndpoint(this.store, caller, id);
    const delivery = DELIVERY_ID.test(deliveryId) ? await this.store.webhooks.getDelivery(caller.workspaceId, endpoint.id, deliveryId) : null;
    if (!delivery) throw notFound('webhook delivery', 'deliveryId');
    return deliveryDetailView(delivery, await this.store.webhooks.attemptsOf(delivery.id));
  }
}
