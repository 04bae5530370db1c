import { requireStepUp } from '../auth/authorize.ts';
import { requireWithinHoldings } from './webhook-input.ts';
import { newSecret, PREVIOUS_SECRET_MS } from './webhook-secret.ts';
import { actorOf, recordAudit, visibleEndpoint } from './webhook-access.ts';
import { endpointView, type EndpointView } from './webhook-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { SecretSealer } from '../ports/crypto.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * spec: POST /webhooks/{id}/rotate-secret. The old secret keeps signing for 24 hours (previousSecretExpiresAt);
 * rotating again inside that window drops the older one, so at most two secrets ever sign.
 */
export class RotateWebhookSecret {
  constructor(
    private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock,
    private readonly sealer: SecretSealer,
  ) {}

  async execute(caller: Caller, id: string): Promise<EndpointView & { secret: string }> {
    const now = this.clock.now();
    const at = now.toISOString();
    const secret = newSecret(this.ids);
    return this.store.transaction(async (tx) => {
      const current = await visibleEndpoint(tx, caller, id);
      requireWithinHoldings(caller, current);
      requireStepUp(caller, this.clock);
      const next = {
        ...current, secretSealed: this.sealer.seal(secret), previousSecretSealed: current.secretSealed,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_MS).toISOString(), updatedAt: at,
      };
      await tx.webhooks.update(next);
      await recordAudit(tx, this.ids, next, 'secret_rotated', actorOf(caller), at, { previousSecretExpiresAt: next.previousSecretExpiresAt });
      return { ...endpointView(next), secret };
    });
  }
}
