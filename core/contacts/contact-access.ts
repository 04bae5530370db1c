import { notFound } from '../kernel/errors.ts';
import type { StoredContact } from './contact.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** A contact of the caller's workspace; unknown and another workspace's are the same 404. */
export async function visibleContact(store: Store, caller: Caller, id: string, param = 'id'): Promise<StoredContact> {
  const contact = await store.contacts.get(caller.workspaceId, id);
  if (!contact) throw notFound('contact', param);
  return contact;
}
