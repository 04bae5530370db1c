import { recordEvent } from '../events/record-event.ts';
import { typedEvent } from '../events/event-types.ts';
import { requireListEditor } from './list-access.ts';
import { listedEmail } from './list-input.ts';
import { suppressionId, suppressionView, type Suppression, type SuppressionView } from './suppression.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

export interface AddSuppressionInput { email: unknown }

/**
 * spec: POST /suppressions — a manual suppression, `suppression.added` in the same transaction. An address
 * already listed answers its existing row unchanged (`created` false: the host answers 200, not 201).
 */
export class AddSuppression {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, input: AddSuppressionInput): Promise<{ created: boolean; suppression: SuppressionView }> {
    requireListEditor(caller);
    const email = listedEmail(input.email);
    const at = this.clock.now().toISOString();
    return this.store.transaction(async (tx) => {
      const existing = await tx.suppressions.byEmail(caller.workspaceId, email);
      if (existing) return { created: false, suppression: suppressionView(existing) };
      const row: Suppression = { id: suppressionId(this.ids.hex(12)), workspaceId: caller.workspaceId, email, reason: 'manual', detail: null, createdAt: at };
      if (!(await tx.suppressions.insert(row))) {
        // A concurrent add won the unique index: answer its row, as for any address already listed.
        return { created: false, suppression: suppressionView((await tx.suppressions.byEmail(caller.workspaceId, email))!) };
      }
      await recordEvent(tx, this.ids, this.clock, typedEvent('suppression.added', {
        workspaceId: caller.workspaceId, address: null, domain: null,
        data: { email, reason: row.reason, detail: row.detail, addedAt: at },
      }));
      return { created: true, suppression: suppressionView(row) };
    });
  }
}
