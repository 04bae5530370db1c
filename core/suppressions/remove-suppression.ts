import { recordEvent } from '../events/record-event.ts';
import { typedEvent } from '../events/event-types.ts';
import { visibleSuppression } from './get-suppression.ts';
import { requireListEditor } from './list-access.ts';
import { assertRemovable } from './suppression.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: DELETE /suppressions/{id} — fires `suppression.removed`; a hard bounce is permanent (409). */
export class RemoveSuppression {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string): Promise<{ object: 'suppression'; id: string; email: string; deleted: true }> {
    requireListEditor(caller);
    return this.store.transaction(async (tx) => {
      const row = await visibleSuppression(tx, caller, id);
      assertRemovable(row);
      await tx.suppressions.delete(caller.workspaceId, row.id);
      await recordEvent(tx, this.ids, this.clock, typedEvent('suppression.removed', {
        workspaceId: caller.workspaceId, address: null, domain: null,
        data: { email: row.email, reason: row.reason, detail: row.detail, removedAt: this.clock.now().toISOString() },
      }));
      return { object: 'suppression' as const, id: row.id, email: row.email, deleted: true as const };
    });
  }
}
