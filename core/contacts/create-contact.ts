import { ensureDefaultAudience } from '../audiences/default-audience.ts';
import { audienceIdList, contactEmail, contactName, customFields } from './contact-input.ts';
import { recordContactEvent } from './contact-events.ts';
import { contactView, type ContactView } from './contact-view.ts';
import { contactId, type StoredContact } from './contact.ts';
import { joinAudiences, resolveAudiences } from './join-audiences.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

export interface CreateContactInput { email: unknown; name?: unknown; customFields?: unknown; audienceIds?: unknown }

/**
 * POST /contacts: a new contact joins the default audience and the audiences named, and `contact.created`
 * fires. An address already held answers the existing contact unchanged (`created` false: 200, not 201), the
 * spec's way with lists keyed by address (POST /suppressions).
 */
export class CreateContact {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, input: CreateContactInput): Promise<{ created: boolean; contact: ContactView }> {
    const email = contactEmail(input.email);
    const name = contactName(input.name);
    const fields = input.customFields === undefined ? {} : customFields(input.customFields);
    const audienceIds = audienceIdList(input.audienceIds);
    const at = this.clock.now().toISOString();
    return this.store.transaction(async (tx) => {
      await tx.contacts.lockWorkspace(caller.workspaceId);
      const audiences = await resolveAudiences(tx, caller.workspaceId, audienceIds, 'audienceIds');
      const [existing] = await tx.contacts.byEmails(caller.workspaceId, [email]);
      if (existing) return { created: false, contact: contactView(existing, await tx.contacts.memberships([existing.id])) };
      const contact: StoredContact = {
        id: contactId(this.ids.hex(12)), workspaceId: caller.workspaceId, email, name, customFields: fields, source: 'api', createdAt: at, updatedAt: at,
      };
      await tx.contacts.insert(contact);
      const defaultId = await ensureDefaultAudience(tx, this.ids, caller.workspaceId, at);
      await joinAudiences(tx, caller.workspaceId, [contact], [...new Set([defaultId, ...audiences.map((a) => a.id)])], at);
      await recordContactEvent(tx, this.ids, this.clock, 'created', contact, at);
      return { created: true, contact: contactView(contact, await tx.contacts.memberships([contact.id])) };
    });
  }
}
