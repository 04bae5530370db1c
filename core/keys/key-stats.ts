import { keyStatus, type KeyStatus } from './api-key.ts';
import { requireKeyManager, selfKey } from './key-access.ts';
import { sendScopeInside } from './key-authority.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';
import type { Position } from '../kernel/paging.ts';
import type { PendingWrites } from './record-request.ts';

const DAY = 86_400_000;

/** spec: GET /keys/stats and /keys/self/stats — key counts by status and request volume over the last day and month. */
export class GetKeyStats {
  constructor(private readonly store: Store, private readonly clock: Clock, private readonly log: PendingWrites) {}

  private async traffic(workspaceId: string, keyId: string | null) {
    await this.log.flush();
    const now = this.clock.now().getTime();
    const [day, month] = await Promise.all([
      this.store.requests.counts(workspaceId, keyId, new Date(now - DAY).toISOString()),
      this.store.requests.counts(workspaceId, keyId, new Date(now - 30 * DAY).toISOString()),
    ]);
    return { last24Hours: day.requests, errorsLast24Hours: day.errors, last30Days: month.requests, errorsLast30Days: month.errors };
  }

  async workspace(caller: Caller) {
    requireKeyManager(caller);
    const now = this.clock.now();
    const keys: Record<KeyStatus | 'total', number> = { total: 0, active: 0, disabled: 0, expired: 0, revoked: 0 };
    let after: Position | null = null;
    for (;;) {
      const batch = await this.store.keys.list(caller.workspaceId, after, 100);
      for (const k of batch.filter((x) => sendScopeInside(caller, x))) { keys.total++; keys[keyStatus(k, now)]++; }
      if (batch.length < 100) break;
      after = [batch[99]!.createdAt, batch[99]!.id];
    }
    return { object: 'api_key_stats' as const, keys, requests: await this.traffic(caller.workspaceId, null) };
  }

  async self(caller: Caller) {
    await this.log.flush();
    const key = await selfKey(this.store, caller);
    return {
      object: 'api_key_stats' as const, keyId: key.id, totalUses: key.totalUses, lastUsedAt: key.lastUsedAt,
      requests: await this.traffic(caller.workspaceId, key.id),
    };
  }
}
