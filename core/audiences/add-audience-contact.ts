import { invalid, notFound } from '../kernel/errors.ts';
import { isEmailAddress, normalizeEmail } from '../kernel/emails.ts';
import { audienceNotFound } from './audience.ts';
import { visibleContact } from '../contacts/contact-access.ts';
import { contactView, type ContactView } from '../contacts/contact-view.ts';
import { joinAudiences } from '../contacts/join-audiences.ts';
import type { StoredContact } from '../contacts/contact.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';

export interface AddAudienceContactInput { contactId?: unknown; email?: unknown }

/**
 * POST /audiences/{id}/contacts — spec: "Adding a contact to an audience (contact must already exist)". The
 * contact is named by `contactId` or `email`; an unknown one is 404, never created here. Joining again keeps the
 * first join (`created` false: 200, not 201). Membership changes raise no contact event: the spec's
 * contact.updated names a change of the contact itself.
 */
export class AddAudienceContact {
  constructor(private readonly store: Store, private readonly clock: Clock) {}

  async execute(caller: Caller, audienceId: string, input: AddAudienceContactInput): Promise<{ created: boolean; contact: ContactView }> {
    const by = readReference(input);
    const at = this.clock.now().toISOString();
    return this.store.transaction(async (tx) => {
      await tx.contacts.lockWorkspace(caller.workspaceId);
      if (!(await tx.contacts.audiencesNamed(caller.workspaceId, [audienceId])).length) throw audienceNotFound();
      const contact = await find(tx, caller, by);
      const joined = await joinAudiences(tx, caller.workspaceId, [contact], [audienceId], at);
      return { created: joined > 0, contact: contactView(contact, await tx.contacts.memberships([contact.id])) };
    });
  }
}

type Reference = { contactId: string } | { email: string };

function readReference(input: AddAudienceContactInput): Reference {
  if (input.contactId !== undefined && input.email !== undefined) throw invalid('email', 'Name the contact by `contactId` or by `email`, not both.');
  if (input.contactId !== undefined) {
    if (typeof input.contactId !== 'string' || !input.contactId) throw invalid('contactId', '`contactId` is a contact id.');
    return { contactId: input.contactId };
  }
  if (input.email === undefined) throw invalid('contactId', 'Name the contact by `contactId` or by `email`.');
  const email = typeof input.email === 'string' ? normalizeEmail(input.email) : '';
  if (!isEmailAddress(email)) throw invalid('email', '`email` is an e-mail address.');
  return { email };
}

async function find(tx: Store, caller: Caller, by: Reference): Promise<StoredContact> {
  if ('contactId' in by) return visibleContact(tx, caller, by.contactId, 'contactId');
  const [contact] = await tx.contacts.byEmails(caller.workspaceId, [by.email]);
  if (!contact) throw notFound('contact', 'email');
  return contact;
}
