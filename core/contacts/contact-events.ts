import { recordEvent } from '../events/record-event.ts';
import { typedEvent } from '../events/event-types.ts';
import type { StoredContact } from './contact.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

// spec: Events — contact.created / updated / deleted fire for one-at-a-time changes only: never for imports,
// nor for removals of more than 25 contacts in one call. Workspace-level: they name no address.

type Change = 'created' | 'updated' | 'deleted';

export async function recordContactEvent(tx: Store, ids: IdSource, clock: Clock, change: Change, c: StoredContact, at: string): Promise<void> {
  const base = { contactId: c.id, email: c.email, name: c.name, source: c.source };
  const event = change === 'created'
    ? typedEvent('contact.created', { workspaceId: c.workspaceId, address: null, domain: null, data: { ...base, createdAt: at } })
    : change === 'updated'
      ? typedEvent('contact.updated', { workspaceId: c.workspaceId, address: null, domain: null, data: { ...base, updatedAt: at } })
      : typedEvent('contact.deleted', { workspaceId: c.workspaceId, address: null, domain: null, data: { ...base, deletedAt: at } });
  await recordEvent(tx, ids, clock, event);
}

export async function recordSubscriptionEvent(
  tx: Store, ids: IdSource, clock: Clock, subscribed: boolean, c: StoredContact, audienceIds: string[], at: string,
): Promise<void> {
  const base = { contactId: c.id, email: c.email, audienceIds, broadcastId: null, automationId: null };
  const event = subscribed
    ? typedEvent('contact.resubscribed', { workspaceId: c.workspaceId, address: null, domain: null, data: { ...base, resubscribedAt: at } })
    : typedEvent('contact.unsubscribed', { workspaceId: c.workspaceId, address: null, domain: null, data: { ...base, unsubscribedAt: at } });
  await recordEvent(tx, ids, clock, event);
}
