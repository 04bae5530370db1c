import { AppError } from '../kernel/errors.ts';
import { recordEvent } from '../events/record-event.ts';
import { typedEvent } from '../events/event-types.ts';
import { isEnabled } from './webhook-endpoint.ts';
import { requireWithinHoldings } from './webhook-input.ts';
import { actorOf, recordAudit, visibleEndpoint } from './webhook-access.ts';
import { newDelivery } from './fan-out-events.ts';
import { deliveryView } from './webhook-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * POST /webhooks/{id}/test (path named by the spec, shape ours): records a `webhook.test` event for this endpoint
 * alone and answers its delivery, which is attempted at once like any other and can be followed by id.
 */
export class SendTestWebhook {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string) {
    const now = this.clock.now();
    const at = now.toISOString();
    return this.store.transaction(async (tx) => {
      const endpoint = await visibleEndpoint(tx, caller, id);
      requireWithinHoldings(caller, endpoint);
      if (!isEnabled(endpoint)) throw new AppError('webhook_disabled', 'This webhook endpoint is disabled; enable it to send a test.', 'id');
      const event = typedEvent('webhook.test', {
        workspaceId: caller.workspaceId, address: null, domain: null,
        data: { webhookId: endpoint.id, message: 'A test event sent from the webhooks API.', sentAt: at },
      });
      const eventId = await recordEvent(tx, this.ids, this.clock, event);
      // The delivery is made here so the answer can name it; the dispatcher finds it already there (one per endpoint and event).
      const delivery = newDelivery(this.ids, endpoint, { ...event, id: eventId, createdAt: at }, at);
      await tx.webhooks.insertDeliveries([delivery]);
      await recordAudit(tx, this.ids, endpoint, 'test_sent', actorOf(caller), at, { deliveryId: delivery.id, eventId });
      return deliveryView(delivery);
    });
  }
}
