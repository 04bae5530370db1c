import { audienceNotFound } from './contact-input.ts';
import type { Membership, StoredContact } from './contact.ts';
import type { Audience, Store } from '../ports/repositories.ts';

/** The audiences named by `ids`, each of the workspace; the first unknown one is 404 on `param.N`. */
export async function resolveAudiences(tx: Store, workspaceId: string, ids: string[], param: string): Promise<Audience[]> {
  if (!ids.length) return [];
  const found = new Map((await tx.contacts.audiencesNamed(workspaceId, ids)).map((a) => [a.id, a]));
  return ids.map((id, i) => found.get(id) ?? (() => { throw audienceNotFound(`${param}.${i}`, id); })());
}

/**
 * Puts contacts into audiences; memberships already there keep their join time and state. An address on the
 * unsubscribe list joins unsubscribed (spec: Unsubscribes stop marketing mail), and its record learns the
 * audience, so taking the record back re-subscribes it with the rest. Answers how many memberships were new.
 */
export async function joinAudiences(tx: Store, workspaceId: string, contacts: StoredContact[], audienceIds: string[], at: string): Promise<number> {
  if (!contacts.length || !audienceIds.length) return 0;
  const held = new Set((await tx.contacts.memberships(contacts.map((c) => c.id))).map((m) => `${m.contactId} ${m.audienceId}`));
  const unsubscribed = new Set((await tx.suppressions.unsubscribesAmong(workspaceId, contacts.map((c) => c.email))).map((u) => u.email));
  const fresh: Membership[] = [];
  const learned = new Map<string, string[]>();
  for (const c of contacts) {
    for (const audienceId of audienceIds) {
      if (held.has(`${c.id} ${audienceId}`)) continue;
      const off = unsubscribed.has(c.email);
      fresh.push({ audienceId, contactId: c.id, joinedAt: at, unsubscribedAt: off ? at : null });
      if (off) learned.set(c.email, [...(learned.get(c.email) ?? []), audienceId]);
    }
  }
  await tx.contacts.join(fresh);
  for (const [email, ids] of learned) await tx.suppressions.addUnsubscribedAudiences(workspaceId, email, ids);
  return fresh.length;
}
