import { requireStepUp } from '../auth/authorize.ts';
import { moveEndpoint, type WebhookEndpoint } from './webhook-endpoint.ts';
import { requireWithinHoldings, webhookAllowlists, webhookDescription, webhookEventTypes } from './webhook-input.ts';
import { webhookUrl } from './webhook-url.ts';
import { actorOf, recordAudit, visibleEndpoint, type AuditType } from './webhook-access.ts';
import { endpointView, type EndpointView } from './webhook-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

export interface UpdateWebhookInput {
  url?: string;
  eventTypes?: string[];
  description?: string | null;
  enabled?: boolean;
  addressAllowlist?: string[];
  domainAllowlist?: string[];
}

const FIELDS = ['url', 'eventTypes', 'description', 'addressAllowlist', 'domainAllowlist', 'state'] as const;

/**
 * spec: PATCH /webhooks/{id}. Omitted fields stay; eventTypes and allowlists replace (empty event types: the
 * default set; both lists empty: every address); description null clears; an empty patch changes nothing.
 * Answers the whole endpoint (host contract).
 */
export class UpdateWebhook {
  constructor(
    private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock,
    private readonly allow: readonly string[],
  ) {}

  async execute(caller: Caller, id: string, input: UpdateWebhookInput): Promise<EndpointView> {
    const at = this.clock.now().toISOString();
    return this.store.transaction(async (tx) => {
      const current = await visibleEndpoint(tx, caller, id);
      requireWithinHoldings(caller, current);
      requireStepUp(caller, this.clock);
      let next: WebhookEndpoint = { ...current };
      if (input.addressAllowlist !== undefined || input.domainAllowlist !== undefined) {
        Object.assign(next, await webhookAllowlists(tx, caller.workspaceId,
          input.addressAllowlist ?? current.addressAllowlist, input.domainAllowlist ?? current.domainAllowlist));
        requireWithinHoldings(caller, next);
      }
      if (input.url !== undefined) next.url = webhookUrl(input.url, this.allow);
      if (input.eventTypes !== undefined) next.eventTypes = webhookEventTypes(input.eventTypes);
      if (input.description !== undefined) next.description = webhookDescription(input.description);
      if (input.enabled !== undefined) next = moveEndpoint(next, input.enabled ? 'enable' : 'disable', at);

      const changed = FIELDS.filter((f) => JSON.stringify(current[f]) !== JSON.stringify(next[f]));
      if (changed.length === 0) return endpointView(current);
      next.updatedAt = at;
      const reenabled = current.state !== 'enabled' && next.state === 'enabled';
      await tx.webhooks.update(next, { resetFailures: reenabled });
      const type: AuditType = reenabled ? 'enabled' : current.state === 'enabled' && next.state !== 'enabled' ? 'disabled' : 'updated';
      await recordAudit(tx, this.ids, next, type, actorOf(caller), at, { fields: changed.map((f) => (f === 'state' ? 'enabled' : f)) });
      return endpointView(reenabled ? { ...next, consecutiveFailures: 0 } : next);
    });
  }
}
