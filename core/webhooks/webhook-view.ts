import { isEnabled, type WebhookEndpoint } from './webhook-endpoint.ts';
import type { WebhookAttempt, WebhookDelivery } from './webhook-delivery.ts';
import type { WebhookAuditEntry } from '../ports/webhook-repository.ts';

/** spec: Resources — Webhook endpoint. The secret is never read back; only create and rotate show it. */
export function endpointView(e: WebhookEndpoint) {
  return {
    id: e.id,
    object: 'webhook_endpoint' as const,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes.length ? e.eventTypes : ['*'],
    enabled: isEnabled(e),
    disabledAt: e.disabledAt,
    disabledReason: e.disabledReason,
    consecutiveFailures: e.consecutiveFailures,
    addressAllowlist: e.addressAllowlist,
    domainAllowlist: e.domainAllowlist,
    lastDeliveryAt: e.lastDeliveryAt,
    previousSecretExpiresAt: e.previousSecretExpiresAt,
    createdAt: e.createdAt,
  };
}
export type EndpointView = ReturnType<typeof endpointView>;

export function attemptView(a: WebhookAttempt) {
  return {
    attempt: a.attempt,
    startedAt: a.startedAt,
    succeeded: a.succeeded,
    request: { method: 'POST' as const, url: a.url, headers: a.requestHeaders },
    response: { status: a.responseStatus, bodyExcerpt: a.responseBodyExcerpt },
    durationMs: a.durationMs,
    error: a.error,
  };
}

/** A delivery in lists: where it stands, without its attempts. */
export function deliveryView(d: WebhookDelivery) {
  return {
    id: d.id,
    object: 'webhook_delivery' as const,
    webhookId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempt: d.attempts,
    nextAttemptAt: d.nextAttemptAt,
    responseStatus: d.lastResponseStatus,
    error: d.lastError,
    createdAt: d.createdAt,
    completedAt: d.completedAt,
  };
}

/** One delivery in full: the request it sends, and what the last attempt got back (plus every attempt). */
export function deliveryDetailView(d: WebhookDelivery, attempts: WebhookAttempt[]) {
  const last = attempts[attempts.length - 1];
  return {
    ...deliveryView(d),
    request: { method: 'POST' as const, url: last?.url ?? null, headers: last?.requestHeaders ?? null, body: d.payload },
    response: last ? { status: last.responseStatus, bodyExcerpt: last.responseBodyExcerpt } : null,
    durationMs: last?.durationMs ?? null,
    attempts: attempts.map(attemptView),
  };
}

export const auditView = (a: WebhookAuditEntry) => ({
  id: a.id, type: a.type, actor: a.actor, detail: a.detail, createdAt: a.createdAt,
});
