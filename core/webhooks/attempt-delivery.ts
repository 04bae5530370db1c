import { DISABLED_REASON, FAILURE_LIMIT, isEnabled, moveEndpoint } from './webhook-endpoint.ts';
import { isSuccessStatus, nextAttemptAfterFailure, type WebhookDelivery } from './webhook-delivery.ts';
import { signedHeaders, signingSecrets } from './webhook-secret.ts';
import { recordAudit } from './webhook-access.ts';
import type { NotifyEndpointDisabled } from './notify-endpoint-disabled.ts';
import type { Clock } from '../ports/clock.ts';
import type { SecretSealer } from '../ports/crypto.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';
import type { WebhookSender, WebhookSigner } from '../ports/webhook-sender.ts';
import { sortableHex } from '../kernel/sortable-id.ts';

const SERVER = { type: 'library' as const, id: null };

/**
 * One attempt of a leased delivery (host contract: consecutiveFailures counts failed attempts; a success resets
 * it; lastDeliveryAt moves on failures too). The outcome, the counters and a possible switch-off commit together.
 */
export class AttemptDelivery {
  constructor(
    private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock,
    private readonly sealer: SecretSealer, private readonly signer: WebhookSigner, private readonly sender: WebhookSender,
    private readonly notify: NotifyEndpointDisabled, private readonly timeoutMs: number,
  ) {}

  async execute(delivery: WebhookDelivery): Promise<void> {
    const endpoint = await this.store.webhooks.get(delivery.workspaceId, delivery.endpointId);
    if (!endpoint) return; // deleted meanwhile: its deliveries went with it
    const started = this.clock.now();
    if (!isEnabled(endpoint)) {
      // spec: never delivered while disabled; it stays replayable once the endpoint is enabled again.
      const at = started.toISOString();
      await this.store.webhooks.updateDelivery({
        ...delivery, status: 'failed', nextAttemptAt: null, leaseUntil: null, lastError: 'endpoint_disabled', updatedAt: at, completedAt: at,
      });
      return;
    }
    const headers = signedHeaders(this.signer, signingSecrets(endpoint, this.sealer, started), delivery.id,
      Math.floor(started.getTime() / 1000), delivery.payload);
    const response = await this.sender.send({ url: endpoint.url, headers, body: delivery.payload, timeoutMs: this.timeoutMs });

    const done = this.clock.now();
    const at = done.toISOString();
    const ok = response.error === null && isSuccessStatus(response.status);
    const round = delivery.roundAttempts + 1;
    const next = ok ? null : nextAttemptAfterFailure(round, done);
    let switchedOff = false;
    await this.store.transaction(async (tx) => {
      await tx.webhooks.insertAttempt({
        id: `wht_${sortableHex(started, this.ids)}`, deliveryId: delivery.id, endpointId: endpoint.id, workspaceId: endpoint.workspaceId,
        attempt: delivery.attempts + 1, startedAt: started.toISOString(), url: endpoint.url, requestHeaders: headers,
        responseStatus: response.status, responseBodyExcerpt: response.bodyExcerpt, durationMs: response.durationMs,
        error: response.error, succeeded: ok,
      });
      await tx.webhooks.updateDelivery({
        ...delivery, status: ok ? 'succeeded' : next ? 'pending' : 'failed', attempts: delivery.attempts + 1,
        roundAttempts: round, nextAttemptAt: next, leaseUntil: null, lastResponseStatus: response.status,
        lastError: ok ? null : response.error ?? `http_${response.status}`, updatedAt: at, completedAt: ok || !next ? at : null,
      });
      const counted = await tx.webhooks.countAttempt(endpoint.id, ok, at);
      if (!ok && counted && counted.consecutiveFailures >= FAILURE_LIMIT && isEnabled(counted)) {
        const off = moveEndpoint(counted, 'failure_limit', at);
        switchedOff = await tx.webhooks.disableByServer(endpoint.id, at, off.disabledReason ?? DISABLED_REASON);
        if (switchedOff) await recordAudit(tx, this.ids, endpoint, 'disabled_by_server', SERVER, at, { consecutiveFailures: counted.consecutiveFailures });
      }
    });
    if (switchedOff) await this.notify.execute(endpoint);
  }
}
