import { invalid } from '../kernel/errors.ts';
import { moveKey } from './api-key.ts';
import { visibleKey } from './key-access.ts';
import { KEY_LIMITS } from './key-input.ts';
import { actorOf, recordActivity, stampChange } from './key-activity.ts';
import { keyView, type KeyView } from './key-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: POST /keys/{id}/revoke. Final: a revoked key stays listed until deleted and cannot be changed. */
export class RevokeKey {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string, input: { reason?: string | null } = {}): Promise<KeyView> {
    const reason = input.reason?.trim() || null;
    if (reason && reason.length > KEY_LIMITS.revokedReasonMax) throw invalid('reason', `A reason is at most ${KEY_LIMITS.revokedReasonMax} characters.`);
    const now = this.clock.now();
    const at = now.toISOString();
    const actor = actorOf(caller);
    return this.store.transaction(async (tx) => {
      const key = await visibleKey(tx, caller, id);
      const revoked = stampChange({ ...key, lifecycle: moveKey(key.lifecycle, 'revoke'), revokedAt: at, revokedReason: reason }, 'revoked', actor, at);
      await tx.keys.update(revoked);
      await recordActivity(tx, this.ids, revoked, 'revoked', actor, at, { reason });
      return keyView(revoked, now);
    });
  }
}
