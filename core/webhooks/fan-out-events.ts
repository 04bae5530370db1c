import { reaches } from '../events/routing.ts';
import type { RecordedEvent } from '../events/event.ts';
import type { WebhookEndpoint } from './webhook-endpoint.ts';
import type { WebhookDelivery } from './webhook-delivery.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';
import { sortableHex } from '../kernel/sortable-id.ts';

/** The body every attempt of a delivery sends (README: payload envelope). */
export const envelope = (e: RecordedEvent): string =>
  JSON.stringify({ id: e.id, type: e.type, createdAt: e.createdAt, workspaceId: e.workspaceId, data: e.data });

/** A delivery of `event` to `endpoint`, due at once (host contract: the first attempt starts right after the commit). */
export function newDelivery(ids: IdSource, endpoint: Pick<WebhookEndpoint, 'id' | 'workspaceId'>, event: RecordedEvent, at: string): WebhookDelivery {
  return {
    id: `whd_${sortableHex(new Date(at), ids)}`, workspaceId: endpoint.workspaceId, endpointId: endpoint.id, eventId: event.id,
    eventType: event.type, payload: envelope(event), status: 'pending', attempts: 0, roundAttempts: 0,
    nextAttemptAt: at, leaseUntil: null, lastResponseStatus: null, lastError: null, createdAt: at, updatedAt: at, completedAt: null,
  };
}

/**
 * The dispatcher's first half: turns outbox rows into deliveries for the endpoints that should get them, and
 * marks the rows handled, in one transaction (so a crash leaves either both or neither). An endpoint gets only
 * events recorded while it was switched on (spec: events fired while disabled are never delivered later).
 */
export class FanOutEvents {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(batch = 200): Promise<number> {
    return this.store.transaction(async (tx) => {
      const events = await tx.webhooks.undispatchedEvents(batch);
      if (!events.length) return 0;
      const at = this.clock.now().toISOString();
      const endpointsOf = new Map<string, WebhookEndpoint[]>();
      const deliveries: WebhookDelivery[] = [];
      for (const event of events) {
        let endpoints = endpointsOf.get(event.workspaceId);
        if (!endpoints) endpointsOf.set(event.workspaceId, endpoints = await tx.webhooks.enabledEndpoints(event.workspaceId));
        for (const endpoint of endpoints) {
          if (endpoint.enabledSince <= event.createdAt && reaches(endpoint, event)) deliveries.push(newDelivery(this.ids, endpoint, event, at));
        }
      }
      await tx.webhooks.insertDeliveries(deliveries);
      await tx.webhooks.markDispatched(events.map((e) => e.id), at);
      return events.length;
    });
  }
}
