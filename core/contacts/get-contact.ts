import { visibleContact } from './contact-access.ts';
import { contactView, type ContactView } from './contact-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** GET /contacts/{id}: the contact with its subscribed state per audience. */
export class GetContact {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, id: string): Promise<ContactView> {
    const contact = await visibleContact(this.store, caller, id);
    return contactView(contact, await this.store.contacts.memberships([contact.id]));
  }
}
