import { notFound } from '../kernel/errors.ts';
import { normalizeEmail } from '../kernel/emails.ts';
import { recordEvent } from '../events/record-event.ts';
import { typedEvent } from '../events/event-types.ts';
import { requireListEditor } from './list-access.ts';
import { assertUnsubscribeRemovable } from './suppression.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * spec: DELETE /suppressions/unsubscribes/{email} — only a `manual` record can be taken back. The audiences it
 * switched off (and still holding the contact) are re-subscribed and `contact.resubscribed` fires.
 */
export class RemoveUnsubscribe {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, rawEmail: string): Promise<{ object: 'unsubscribe'; email: string; deleted: true }> {
    requireListEditor(caller);
    const email = normalizeEmail(rawEmail);
    const at = this.clock.now().toISOString();
    return this.store.transaction(async (tx) => {
      await tx.contacts.lockWorkspace(caller.workspaceId);
      const record = await tx.suppressions.unsubscribe(caller.workspaceId, email);
      if (!record) throw notFound('unsubscribe', 'email');
      assertUnsubscribeRemovable(record);
      await tx.suppressions.deleteUnsubscribe(caller.workspaceId, email);
      const [contact] = await tx.contacts.byEmails(caller.workspaceId, [email]);
      if (contact) {
        const audienceIds = record.audienceIds.length ? await tx.contacts.setSubscribed(contact.id, record.audienceIds, null) : [];
        await recordEvent(tx, this.ids, this.clock, typedEvent('contact.resubscribed', {
          workspaceId: caller.workspaceId, address: null, domain: null,
          data: { contactId: contact.id, email, audienceIds, broadcastId: null, automationId: null, resubscribedAt: at },
        }));
      }
      return { object: 'unsubscribe' as const, email, deleted: true as const };
    });
  }
}
