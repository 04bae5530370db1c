import { visibleLabel } from './label-access.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: DELETE /labels/{id}. The label comes off every thread in the same transaction; there is no undo. */
export class DeleteLabel {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, id: string): Promise<{ object: 'label'; id: string; deleted: true }> {
    await this.store.transaction(async (tx) => {
      const label = await visibleLabel(tx, caller, id);
      await tx.labels.removeFromThreads(caller.workspaceId, label.id);
      await tx.labels.delete(caller.workspaceId, label.id);
    });
    return { object: 'label', id, deleted: true };
  }
}
