import { recordEvent } from '../events/record-event.ts';
import { typedEvent } from '../events/event-types.ts';
import { requireListEditor } from './list-access.ts';
import { listedEmail } from './list-input.ts';
import { unsubscribeView, type Unsubscribe, type UnsubscribeView } from './suppression.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

export interface AddUnsubscribeInput { email: unknown }

/**
 * spec: POST /suppressions/unsubscribes — a team record (source `manual`): the contact with that address is
 * unsubscribed from every audience and `contact.unsubscribed` fires (no broadcast or automation: a team record).
 * "Ends automations sending to them": automations do not exist yet; that side effect belongs here once they do.
 * An address already on the list answers its record unchanged (`created` false: 200, not 201).
 */
export class AddUnsubscribe {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, input: AddUnsubscribeInput): Promise<{ created: boolean; unsubscribe: UnsubscribeView }> {
    requireListEditor(caller);
    const email = listedEmail(input.email);
    const at = this.clock.now().toISOString();
    return this.store.transaction(async (tx) => {
      await tx.contacts.lockWorkspace(caller.workspaceId);
      const existing = await tx.suppressions.unsubscribe(caller.workspaceId, email);
      if (existing) return { created: false, unsubscribe: unsubscribeView(existing) };
      const [contact] = await tx.contacts.byEmails(caller.workspaceId, [email]);
      const audienceIds = contact ? await tx.contacts.setSubscribed(contact.id, null, at) : [];
      const record: Unsubscribe = {
        workspaceId: caller.workspaceId, email, source: 'manual', broadcastId: null, automationId: null, audienceIds, createdAt: at,
      };
      await tx.suppressions.insertUnsubscribe(record);
      if (contact) {
        await recordEvent(tx, this.ids, this.clock, typedEvent('contact.unsubscribed', {
          workspaceId: caller.workspaceId, address: null, domain: null,
          data: { contactId: contact.id, email, audienceIds, broadcastId: null, automationId: null, unsubscribedAt: at },
        }));
      }
      return { created: true, unsubscribe: unsubscribeView(record) };
    });
  }
}
