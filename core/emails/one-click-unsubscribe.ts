import { recordEvent } from '../events/record-event.ts';
import { typedEvent } from '../events/event-types.ts';
import { notFound } from '../kernel/errors.ts';
import { unsubscribeView, type Unsubscribe, type UnsubscribeView } from '../suppressions/suppression.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';
import type { Clock } from '../ports/clock.ts';
import type { Signer } from '../ports/crypto.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * POST /public/unsubscribe/{token} — RFC 8058 one-click: a single POST records the unsubscribe (source
 * `one_click`), with no confirmation page. Like a team record (core/suppressions/add-unsubscribe.ts) it
 * unsubscribes the contact from every audience and fires `contact.unsubscribed`. A token the service did not sign
 * is 404. A repeat answers the record already there.
 */
export class OneClickUnsubscribe {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock, private readonly signer: Signer) {}

  async execute(token: string): Promise<UnsubscribeView> {
    const target = readUnsubscribeToken(this.signer, token);
    if (!target || !(await this.store.directory.workspace(target.workspaceId))) throw notFound('unsubscribe link', 'token');
    const { workspaceId, email } = target;
    const at = this.clock.now().toISOString();
    return this.store.transaction(async (tx) => {
      await tx.contacts.lockWorkspace(workspaceId);
      const existing = await tx.suppressions.unsubscribe(workspaceId, email);
      if (existing) return unsubscribeView(existing);
      const [contact] = await tx.contacts.byEmails(workspaceId, [email]);
      const audienceIds = contact ? await tx.contacts.setSubscribed(contact.id, null, at) : [];
      const record: Unsubscribe = { workspaceId, email, source: 'one_click', broadcastId: null, automationId: null, audienceIds, createdAt: at };
      await tx.suppressions.insertUnsubscribe(record);
      if (contact) {
        await recordEvent(tx, this.ids, this.clock, typedEvent('contact.unsubscribed', {
          workspaceId, address: null, domain: null,
          data: { contactId: contact.id, email, audienceIds, broadcastId: null, automationId: null, unsubscribedAt: at },
        }));
      }
      return unsubscribeView(record);
    });
  }
}
