import { visibleKey } from './key-access.ts';
import { actorOf, recordActivity } from './key-activity.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: DELETE /keys/{id}. The key's request log and activity stay for the workspace-wide logs. */
export class DeleteKey {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string): Promise<{ id: string; object: 'api_key'; deleted: true }> {
    const at = this.clock.now().toISOString();
    await this.store.transaction(async (tx) => {
      const key = await visibleKey(tx, caller, id);
      await tx.keys.delete(caller.workspaceId, key.id);
      await recordActivity(tx, this.ids, key, 'deleted', actorOf(caller), at, { name: key.name });
    });
    return { id, object: 'api_key', deleted: true };
  }
}
