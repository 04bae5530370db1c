import type { RecordedEvent } from '../events/event.ts';
import type { Position } from '../kernel/paging.ts';
import type { Actor } from '../keys/api-key.ts';
import type { WebhookEndpoint } from '../webhooks/webhook-endpoint.ts';
import type { WebhookAttempt, WebhookDelivery } from '../webhooks/webhook-delivery.ts';

export interface WebhookAuditEntry {
  id: string; workspaceId: string; endpointId: string; type: string; actor: Actor; detail: Record<string, unknown>; createdAt: string;
}

export interface DeliveryCounts { pending: number; succeeded: number; failed: number }
export interface AttemptCounts { total: number; succeeded: number; failed: number; averageDurationMs: number | null }

export interface WebhookRepository {
  get(workspaceId: string, id: string): Promise<WebhookEndpoint | null>;
  /** Newest first: `createdAt` desc, then `id` desc; position `[createdAt, id]`. */
  list(workspaceId: string, after: Position | null, limit: number): Promise<WebhookEndpoint[]>;
  count(workspaceId: string): Promise<number>;
  insert(endpoint: WebhookEndpoint): Promise<void>;
  /** Writes every field but the attempt counters, which only countAttempt moves (or `resetFailures`, on switching back on). */
  update(endpoint: WebhookEndpoint, options?: { resetFailures?: boolean }): Promise<void>;
  /** Deletes the endpoint with its deliveries and attempts (its audit log stays). */
  delete(workspaceId: string, id: string): Promise<void>;
  /** Every endpoint of the workspace that is switched on, for routing. */
  enabledEndpoints(workspaceId: string): Promise<WebhookEndpoint[]>;
  /** Counts one attempt's outcome atomically (success resets, failure adds one) and returns the endpoint after it. */
  countAttempt(endpointId: string, succeeded: boolean, at: string): Promise<WebhookEndpoint | null>;
  /** Moves an endpoint to the server-disabled state unless it is already off; true when this call did it. */
  disableByServer(endpointId: string, at: string, reason: string): Promise<boolean>;

  /** Outbox rows no dispatcher has handled yet, oldest first; on PostgreSQL rows another dispatcher holds are skipped. */
  undispatchedEvents(limit: number): Promise<RecordedEvent[]>;
  markDispatched(eventIds: string[], at: string): Promise<void>;
  /** Inserts deliveries, ignoring any that exist for the same endpoint and event. */
  insertDeliveries(deliveries: WebhookDelivery[]): Promise<void>;
  /** True when an event waits to be routed or a pending delivery is due and not leased at `now`. */
  hasWork(now: string): Promise<boolean>;
  /** Leases up to `limit` due, unleased pending deliveries until `leaseUntil`; each is leased by one caller only. */
  claimDue(now: string, leaseUntil: string, limit: number): Promise<WebhookDelivery[]>;
  getDelivery(workspaceId: string, endpointId: string, id: string): Promise<WebhookDelivery | null>;
  /** Newest first; position `[createdAt, id]`. */
  listDeliveries(workspaceId: string, endpointId: string, after: Position | null, limit: number): Promise<WebhookDelivery[]>;
  updateDelivery(delivery: WebhookDelivery): Promise<void>;
  insertAttempt(attempt: WebhookAttempt): Promise<void>;
  /** Oldest first. */
  attemptsOf(deliveryId: string): Promise<WebhookAttempt[]>;

  appendAudit(entry: WebhookAuditEntry): Promise<void>;
  /** Newest first; position `[createdAt, id]`. */
  listAudit(workspaceId: string, endpointId: string, after: Position | null, limit: number): Promise<WebhookAuditEntry[]>;

  deliveryCounts(endpointId: string): Promise<DeliveryCounts>;
  attemptCounts(endpointId: string, since: string): Promise<AttemptCounts>;
  /** E-mail addresses and roles of the owner and every member, for the disabled-endpoint notice. */
  people(workspaceId: string): Promise<{ email: string; roleId: string }[]>;
}
