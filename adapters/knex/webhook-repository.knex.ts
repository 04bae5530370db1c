import type { Knex } from 'knex';
import type { RecordedEvent } from '../../core/events/event.ts';
import type { Position } from '../../core/kernel/paging.ts';
import type { WebhookEndpoint } from '../../core/webhooks/webhook-endpoint.ts';
import type { WebhookAttempt, WebhookDelivery } from '../../core/webhooks/webhook-delivery.ts';
import type { AttemptCounts, DeliveryCounts, WebhookAuditEntry, WebhookRepository } from '../../core/ports/webhook-repository.ts';
import { dialectOf } from './dialect.ts';
import { countOf, newestFirst } from './queries.ts';
import { fromJson, toBool, toJson, toNumber, unstorable } from './values.ts';

type Row = Record<string, any>;
const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : toNumber(v));

const endpointFromRow = (r: Row): WebhookEndpoint => ({
  id: r.id, workspaceId: r.workspace_id, url: r.url, description: r.description, eventTypes: fromJson(r.event_types),
  state: r.state, disabledAt: r.disabled_at, disabledReason: r.disabled_reason, consecutiveFailures: toNumber(r.consecutive_failures),
  addressAllowlist: fromJson(r.address_allowlist), domainAllowlist: fromJson(r.domain_allowlist), lastDeliveryAt: r.last_delivery_at,
  secretSealed: r.secret_sealed, previousSecretSealed: r.previous_secret_sealed, previousSecretExpiresAt: r.previous_secret_expires_at,
  enabledSince: r.enabled_since, createdAt: r.created_at, updatedAt: r.updated_at,
});

const endpointToRow = (e: WebhookEndpoint): Row => ({
  id: e.id, workspace_id: e.workspaceId, url: e.url, description: e.description, event_types: toJson(e.eventTypes),
  state: e.state, disabled_at: e.disabledAt, disabled_reason: e.disabledReason, consecutive_failures: e.consecutiveFailures,
  address_allowlist: toJson(e.addressAllowlist), domain_allowlist: toJson(e.domainAllowlist), last_delivery_at: e.lastDeliveryAt,
  secret_sealed: e.secretSealed, previous_secret_sealed: e.previousSecretSealed, previous_secret_expires_at: e.previousSecretExpiresAt,
  enabled_since: e.enabledSince, created_at: e.createdAt, updated_at: e.updatedAt,
});

const deliveryFromRow = (r: Row): WebhookDelivery => ({
  id: r.id, workspaceId: r.workspace_id, endpointId: r.endpoint_id, eventId: r.event_id, eventType: r.event_type,
  payload: r.payload, status: r.status, attempts: toNumber(r.attempts), roundAttempts: toNumber(r.round_attempts),
  nextAttemptAt: r.next_attempt_at, leaseUntil: r.lease_until, lastResponseStatus: nullableNumber(r.last_response_status),
  lastError: r.last_error, createdAt: r.created_at, updatedAt: r.updated_at, completedAt: r.completed_at,
});

const deliveryToRow = (d: WebhookDelivery): Row => ({
  id: d.id, workspace_id: d.workspaceId, endpoint_id: d.endpointId, event_id: d.eventId, event_type: d.eventType,
  payload: d.payload, status: d.status, attempts: d.attempts, round_attempts: d.roundAttempts,
  next_attempt_at: d.nextAttemptAt, lease_until: d.leaseUntil, last_response_status: d.lastResponseStatus,
  last_error: d.lastError, created_at: d.createdAt, updated_at: d.updatedAt, completed_at: d.completedAt,
});

const attemptFromRow = (r: Row): WebhookAttempt => ({
  id: r.id, deliveryId: r.delivery_id, endpointId: r.endpoint_id, workspaceId: r.workspace_id, attempt: toNumber(r.attempt),
  startedAt: r.started_at, url: r.url, requestHeaders: fromJson(r.request_headers), responseStatus: nullableNumber(r.response_status),
  responseBodyExcerpt: r.response_body, durationMs: toNumber(r.duration_ms), error: r.error, succeeded: toBool(r.succeeded),
});

const auditFromRow = (r: Row): WebhookAuditEntry => ({
  id: r.id, workspaceId: r.workspace_id, endpointId: r.endpoint_id, type: r.type, actor: fromJson(r.actor),
  detail: fromJson(r.detail), createdAt: r.created_at,
});

const eventFromRow = (r: Row): RecordedEvent => ({
  id: r.id, workspaceId: r.workspace_id, type: r.type, data: fromJson(r.data), address: r.address, domain: r.domain, createdAt: r.created_at,
});

/** Due, unleased pending deliveries at `now`. */
const due = (q: Knex.QueryBuilder, now: string) => q.where('status', 'pending').where('next_attempt_at', '<=', now)
  .where((w) => w.whereNull('lease_until').orWhere('lease_until', '<', now));

export class KnexWebhookRepository implements WebhookRepository {
  constructor(private readonly db: Knex) {}

  private get postgres() { return dialectOf(this.db) === 'postgres'; }

  async get(workspaceId: string, id: string) {
    if (unstorable(id)) return null;
    const row = await this.db('webhook_endpoints').where({ workspace_id: workspaceId, id }).first();
    return row ? endpointFromRow(row) : null;
  }

  async list(workspaceId: string, after: Position | null, limit: number) {
    return (await newestFirst(this.db('webhook_endpoints').where({ workspace_id: workspaceId }), after).limit(limit)).map(endpointFromRow);
  }

  count(workspaceId: string) { return countOf(this.db('webhook_endpoints').where({ workspace_id: workspaceId })); }

  async insert(e: WebhookEndpoint) { await this.db('webhook_endpoints').insert(endpointToRow(e)); }

  async update(e: WebhookEndpoint, options: { resetFailures?: boolean } = {}) {
    const { id, workspace_id: _w, created_at: _c, consecutive_failures: _f, last_delivery_at: _l, ...rest } = endpointToRow(e);
    // The attempt counters move only through countAttempt (so a concurrent change cannot undo a count), or here
    // when switching back on resets them.
    await this.db('webhook_endpoints').where({ id }).update({ ...rest, ...(options.resetFailures ? { consecutive_failures: 0 } : {}) });
  }

  async delete(workspaceId: string, id: string) { await this.db('webhook_endpoints').where({ workspace_id: workspaceId, id }).delete(); }

  async enabledEndpoints(workspaceId: string) {
    return (await this.db('webhook_endpoints').where({ workspace_id: workspaceId, state: 'enabled' })).map(endpointFromRow);
  }

  async countAttempt(endpointId: string, succeeded: boolean, at: string) {
    await this.db('webhook_endpoints').where({ id: endpointId }).update({
      consecutive_failures: succeeded ? 0 : this.db.raw('consecutive_failures + 1'), last_delivery_at: at,
    });
    const row = await this.db('webhook_endpoints').where({ id: endpointId }).first();
    return row ? endpointFromRow(row) : null;
  }

  async disableByServer(endpointId: string, at: string, reason: string) {
    const n = await this.db('webhook_endpoints').where({ id: endpointId, state: 'enabled' })
      .update({ state: 'disabled_by_server', disabled_at: at, disabled_reason: reason, updated_at: at });
    return n > 0;
  }

  async undispatchedEvents(limit: number) {
    const q = this.db('events').whereNull('dispatched_at').orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(limit);
    if (this.postgres) q.forUpdate().skipLocked();
    return (await q).map(eventFromRow);
  }

  async markDispatched(eventIds: string[], at: string) {
    for (let i = 0; i < eventIds.length; i += 500) {
      await this.db('events').whereIn('id', eventIds.slice(i, i + 500)).update({ dispatched_at: at });
    }
  }

  async insertDeliveries(deliveries: WebhookDelivery[]) {
    // 17 columns a row: 50 rows stay under SQLite's bound-parameter limit.
    for (let i = 0; i < deliveries.length; i += 50) {
      await this.db('webhook_deliveries').insert(deliveries.slice(i, i + 50).map(deliveryToRow)).onConflict(['endpoint_id', 'event_id']).ignore();
    }
  }

  async hasWork(now: string) {
    const waiting = await this.db('events').whereNull('dispatched_at').select('id').first();
    if (waiting) return true;
    return Boolean(await due(this.db('webhook_deliveries'), now).select('id').first());
  }

  async claimDue(now: string, leaseUntil: string, limit: number) {
    const candidates = due(this.db('webhook_deliveries'), now).select('id').orderBy('next_attempt_at').limit(limit);
    const ids = (await candidates).map((r: Row) => r.id as string);
    if (!ids.length) return [];
    // The lease condition is checked again in the update, so two claimers racing for a row cannot both win it.
    const q = due(this.db('webhook_deliveries').whereIn('id', ids), now).update({ lease_until: leaseUntil });
    const rows: Row[] = await q.returning('*');
    return rows.map(deliveryFromRow);
  }

  async getDelivery(workspaceId: string, endpointId: string, id: string) {
    if (unstorable(id)) return null;
    const row = await this.db('webhook_deliveries').where({ workspace_id: workspaceId, endpoint_id: endpointId, id }).first();
    return row ? deliveryFromRow(row) : null;
  }

  async listDeliveries(workspaceId: string, endpointId: string, after: Position | null, limit: number) {
    const q = this.db('webhook_deliveries').where({ workspace_id: workspaceId, endpoint_id: endpointId });
    return (await newestFirst(q, after).limit(limit)).map(deliveryFromRow);
  }

  async updateDelivery(d: WebhookDelivery) {
    const { id, ...rest } = deliveryToRow(d);
    await this.db('webhook_deliveries').where({ id }).update(rest);
  }

  async insertAttempt(a: WebhookAttempt) {
    await this.db('webhook_attempts').insert({
      id: a.id, delivery_id: a.deliveryId, endpoint_id: a.endpointId, workspace_id: a.workspaceId, attempt: a.attempt,
      started_at: a.startedAt, url: a.url, request_headers: toJson(a.requestHeaders), response_status: a.responseStatus,
      response_body: a.responseBodyExcerpt, duration_ms: Math.round(a.durationMs), error: a.error, succeeded: a.succeeded,
    });
  }

  async attemptsOf(deliveryId: string) {
    return (await this.db('webhook_attempts').where({ delivery_id: deliveryId }).orderBy('attempt')).map(attemptFromRow);
  }

  async appendAudit(e: WebhookAuditEntry) {
    await this.db('webhook_audit').insert({
      id: e.id, workspace_id: e.workspaceId, endpoint_id: e.endpointId, type: e.type, actor: toJson(e.actor),
      detail: toJson(e.detail), created_at: e.createdAt,
    });
  }

  async listAudit(workspaceId: string, endpointId: string, after: Position | null, limit: number) {
    const q = this.db('webhook_audit').where({ workspace_id: workspaceId, endpoint_id: endpointId });
    return (await newestFirst(q, after).limit(limit)).map(auditFromRow);
  }

  async deliveryCounts(endpointId: string): Promise<DeliveryCounts> {
    const rows: Row[] = await this.db('webhook_deliveries').where({ endpoint_id: endpointId }).groupBy('status').select('status').count({ n: '*' });
    const counts: DeliveryCounts = { pending: 0, succeeded: 0, failed: 0 };
    for (const r of rows) counts[r.status as keyof DeliveryCounts] = toNumber(r.n);
    return counts;
  }

  async attemptCounts(endpointId: string, since: string): Promise<AttemptCounts> {
    const rows: Row[] = await this.db('webhook_attempts').where({ endpoint_id: endpointId }).where('started_at', '>=', since)
      .groupBy('succeeded').select('succeeded').count({ n: '*' }).sum({ ms: 'duration_ms' });
    let succeeded = 0; let failed = 0; let ms = 0;
    for (const r of rows) {
      if (toBool(r.succeeded)) succeeded += toNumber(r.n); else failed += toNumber(r.n);
      ms += toNumber(r.ms);
    }
    const total = succeeded + failed;
    return { total, succeeded, failed, averageDurationMs: total ? Math.round(ms / total) : null };
  }

  async people(workspaceId: string) {
    const owner: Row[] = await this.db('workspaces').join('users', 'users.id', 'workspaces.owner_id')
      .where('workspaces.id', workspaceId).select('users.email');
    const members: Row[] = await this.db('memberships').join('users', 'users.id', 'memberships.user_id')
      .where('memberships.workspace_id', workspaceId).select('users.email', 'memberships.role_id');
    return [...owner.map((r) => ({ email: r.email as string, roleId: 'owner' })), ...members.map((r) => ({ email: r.email as string, roleId: r.role_id as string }))];
  }
}
