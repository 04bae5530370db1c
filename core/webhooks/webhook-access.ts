import { notFound } from '../kernel/errors.ts';
import { ENDPOINT_ID, type WebhookEndpoint } from './webhook-endpoint.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import type { Actor } from '../keys/api-key.ts';
import type { IdSource } from '../ports/id-source.ts';
import { sortableHex } from '../kernel/sortable-id.ts';

/** spec: GET /webhooks/{id} — 404 `resource_not_found` for unknown ids and other workspaces alike. */
export async function visibleEndpoint(store: Store, caller: Caller, id: string): Promise<WebhookEndpoint> {
  const endpoint = ENDPOINT_ID.test(id) ? await store.webhooks.get(caller.workspaceId, id) : null;
  if (!endpoint) throw notFound('webhook endpoint', 'id');
  return endpoint;
}

export const actorOf = (caller: Caller): Actor => ({ type: caller.kind, id: caller.credentialId });

export type AuditType = 'created' | 'updated' | 'enabled' | 'disabled' | 'disabled_by_server' | 'secret_rotated'
  | 'deleted' | 'test_sent' | 'delivery_replayed';

/** The endpoint's audit log: who changed what, and what the server did to it. */
export async function recordAudit(
  store: Store, ids: IdSource, endpoint: Pick<WebhookEndpoint, 'id' | 'workspaceId'>, type: AuditType, actor: Actor,
  at: string, detail: Record<string, unknown> = {},
): Promise<void> {
  await store.webhooks.appendAudit({ id: `wha_${sortableHex(new Date(at), ids)}`, workspaceId: endpoint.workspaceId, endpointId: endpoint.id, type, actor, detail, createdAt: at });
}
