import type { Caller } from '../auth/caller.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { ActivityEntry, Store } from '../ports/repositories.ts';
import type { Actor, ApiKey } from './api-key.ts';
import { sortableHex } from '../kernel/sortable-id.ts';

export type KeyChange = 'created' | 'updated' | 'enabled' | 'disabled' | 'rotated' | 'revoked' | 'deleted';

export const actorOf = (caller: Caller): Actor => ({ type: caller.kind, id: caller.credentialId });

/** Stamps the change on the key and appends it to the activity log (spec: new keys are recorded with source `api`). */
export function stampChange(key: ApiKey, change: KeyChange, actor: Actor, at: string): ApiKey {
  return { ...key, updatedAt: at, updatedBy: actor, lastChangeAt: at, lastChangeType: change };
}

export async function recordActivity(
  store: Store, ids: IdSource, key: Pick<ApiKey, 'id' | 'workspaceId'>, change: KeyChange, actor: Actor, at: string,
  detail: Record<string, unknown> = {}, source: ActivityEntry['source'] = 'api',
): Promise<void> {
  await store.activity.append({
    id: `act_${sortableHex(new Date(at), ids)}`, workspaceId: key.workspaceId, keyId: key.id, type: change, source, actor, detail, createdAt: at,
  });
}
