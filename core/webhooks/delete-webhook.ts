import { requireStepUp } from '../auth/authorize.ts';
import { requireWithinHoldings } from './webhook-input.ts';
import { actorOf, recordAudit, visibleEndpoint } from './webhook-access.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: DELETE /webhooks/{id} (response not shown: we answer `{id, object, deleted: true}`). Pending deliveries go with it. */
export class DeleteWebhook {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string) {
    const at = this.clock.now().toISOString();
    await this.store.transaction(async (tx) => {
      const endpoint = await visibleEndpoint(tx, caller, id);
      requireWithinHoldings(caller, endpoint);
      requireStepUp(caller, this.clock);
      await tx.webhooks.delete(caller.workspaceId, id);
      await recordAudit(tx, this.ids, endpoint, 'deleted', actorOf(caller), at, { url: endpoint.url });
    });
    return { id, object: 'webhook_endpoint' as const, deleted: true };
  }
}
