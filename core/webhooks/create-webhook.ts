import { ENDPOINT_ID, type WebhookEndpoint } from './webhook-endpoint.ts';
import { requireWithinHoldings, tooManyEndpoints, webhookAllowlists, webhookDescription, webhookEventTypes, WEBHOOK_LIMITS } from './webhook-input.ts';
import { webhookUrl } from './webhook-url.ts';
import { newSecret } from './webhook-secret.ts';
import { actorOf, recordAudit } from './webhook-access.ts';
import { endpointView, type EndpointView } from './webhook-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { SecretSealer } from '../ports/crypto.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

export interface CreateWebhookInput {
  url: string;
  eventTypes?: string[];
  description?: string | null;
  addressAllowlist?: string[];
  domainAllowlist?: string[];
}

/** spec: POST /webhooks. Returns the endpoint plus its `secret`, the only time a read shows it. */
export class CreateWebhook {
  constructor(
    private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock,
    private readonly sealer: SecretSealer, private readonly allow: readonly string[],
  ) {}

  async execute(caller: Caller, input: CreateWebhookInput): Promise<EndpointView & { secret: string }> {
    const lists = await webhookAllowlists(this.store, caller.workspaceId, input.addressAllowlist ?? [], input.domainAllowlist ?? []);
    requireWithinHoldings(caller, lists);
    const url = webhookUrl(input.url, this.allow);
    const eventTypes = webhookEventTypes(input.eventTypes);
    const description = webhookDescription(input.description);
    const secret = newSecret(this.ids);
    const at = this.clock.now().toISOString();
    const endpoint: WebhookEndpoint = {
      id: `whe_${this.ids.hex(12)}`, workspaceId: caller.workspaceId, url, description, eventTypes, state: 'enabled',
      disabledAt: null, disabledReason: null, consecutiveFailures: 0, ...lists, lastDeliveryAt: null,
      secretSealed: this.sealer.seal(secret), previousSecretSealed: null, previousSecretExpiresAt: null,
      enabledSince: at, createdAt: at, updatedAt: at,
    };
    if (!ENDPOINT_ID.test(endpoint.id)) throw new Error('id source gave a malformed endpoint id');
    await this.store.transaction(async (tx) => {
      if ((await tx.webhooks.count(caller.workspaceId)) >= WEBHOOK_LIMITS.endpoints) throw tooManyEndpoints();
      await tx.webhooks.insert(endpoint);
      await recordAudit(tx, this.ids, endpoint, 'created', actorOf(caller), at, { url, eventTypes: endpointView(endpoint).eventTypes });
    });
    return { ...endpointView(endpoint), secret };
  }
}
