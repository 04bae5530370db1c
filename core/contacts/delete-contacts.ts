import { invalid } from '../kernel/errors.ts';
import { visibleContact } from './contact-access.ts';
import { recordContactEvent } from './contact-events.ts';
import { CONTACT_LIMITS, type StoredContact } from './contact.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * DELETE /contacts/{id} and POST /contacts/batch-delete. A contact leaves every audience with it. Each removal
 * fires `contact.deleted`, except in a call removing more than 25 contacts (spec: Events — contact.deleted).
 * Automations do not exist yet; "a deleted contact leaves an automation with reason `removed`" belongs here.
 */
export class DeleteContacts {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async one(caller: Caller, id: string): Promise<{ object: 'contact'; id: string; deleted: true }> {
    await this.store.transaction(async (tx) => {
      const contact = await visibleContact(tx, caller, id);
      await this.remove(tx, [contact]);
    });
    return { object: 'contact', id, deleted: true };
  }

  /** Ids that are unknown, already deleted or of another workspace are reported as `missing`. */
  async batch(caller: Caller, input: { ids: unknown }): Promise<{ object: 'contact_batch_delete'; deleted: string[]; missing: string[] }> {
    const ids = input.ids;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > CONTACT_LIMITS.batchDeleteMax) {
      throw invalid('ids', `\`ids\` lists 1 to ${CONTACT_LIMITS.batchDeleteMax} contact ids.`);
    }
    ids.forEach((v, i) => { if (typeof v !== 'string' || v.length > 128) throw invalid(`ids.${i}`, 'A contact id is a string of at most 128 characters.'); });
    const unique = [...new Set(ids as string[])];
    return this.store.transaction(async (tx) => {
      const found: StoredContact[] = [];
      for (const id of unique) {
        const contact = await tx.contacts.get(caller.workspaceId, id);
        if (contact) found.push(contact);
      }
      await this.remove(tx, found);
      const deleted = new Set(found.map((c) => c.id));
      return { object: 'contact_batch_delete' as const, deleted: unique.filter((id) => deleted.has(id)), missing: unique.filter((id) => !deleted.has(id)) };
    });
  }

  private async remove(tx: Store, contacts: StoredContact[]): Promise<void> {
    if (!contacts.length) return;
    await tx.contacts.delete(contacts[0]!.workspaceId, contacts.map((c) => c.id));
    if (contacts.length > CONTACT_LIMITS.eventfulRemovalsMax) return;
    const at = this.clock.now().toISOString();
    for (const c of contacts) await recordContactEvent(tx, this.ids, this.clock, 'deleted', c, at);
  }
}
