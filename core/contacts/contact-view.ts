import type { Membership, StoredContact } from './contact.ts';

const byJoin = (a: Membership, b: Membership) => (a.joinedAt < b.joinedAt ? -1 : a.joinedAt > b.joinedAt ? 1 : a.audienceId < b.audienceId ? -1 : 1);

/** What every read of a contact shows: its fields and its subscribed state in each audience it belongs to. */
export function contactView(c: StoredContact, memberships: Membership[]) {
  return {
    object: 'contact' as const,
    id: c.id,
    email: c.email,
    name: c.name,
    customFields: c.customFields,
    audiences: memberships.filter((m) => m.contactId === c.id).sort(byJoin).map((m) => ({
      id: m.audienceId, subscribed: m.unsubscribedAt === null, joinedAt: m.joinedAt, unsubscribedAt: m.unsubscribedAt,
    })),
    source: c.source,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export type ContactView = ReturnType<typeof contactView>;
