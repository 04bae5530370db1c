import { AppError, invalid } from '../kernel/errors.ts';
import { visibleContact } from './contact-access.ts';
import { audienceNotFound, contactName, mergeFields } from './contact-input.ts';
import { recordContactEvent, recordSubscriptionEvent } from './contact-events.ts';
import { contactView, type ContactView } from './contact-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

export interface UpdateContactInput {
  name?: unknown;
  /** Merged into the contact's fields: a value sets a field, null removes it. */
  customFields?: unknown;
  /** Audience id to subscribed state, for audiences the contact belongs to. */
  subscriptions?: unknown;
}

const FIELDS = ['name', 'customFields', 'subscriptions'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PATCH /contacts/{id}. Omitted fields stay; an empty patch is 422. The e-mail address is the contact's identity
 * and does not change. A change of name or fields fires `contact.updated`; switching audiences off or on fires
 * `contact.unsubscribed` / `contact.resubscribed` naming them (a team change: no broadcast or automation).
 */
export class UpdateContact {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string, input: UpdateContactInput): Promise<ContactView> {
    if (!FIELDS.some((f) => input[f] !== undefined)) throw new AppError('invalid_parameter', `Give at least one of ${FIELDS.join(', ')}.`, null);
    const subscriptions = readSubscriptions(input.subscriptions);
    const at = this.clock.now().toISOString();
    return this.store.transaction(async (tx) => {
      const contact = await visibleContact(tx, caller, id);
      const name = input.name === undefined ? contact.name : contactName(input.name);
      const fields = input.customFields === undefined ? contact.customFields : mergeFields(contact.customFields, input.customFields);
      const memberships = await tx.contacts.memberships([contact.id]);
      const held = new Set(memberships.map((m) => m.audienceId));
      for (const [audienceId] of subscriptions) {
        if (!held.has(audienceId)) throw audienceNotFound(`subscriptions.${audienceId}`, audienceId);
      }
      const changed = name !== contact.name || !same(fields, contact.customFields);
      const updated = changed ? { ...contact, name, customFields: fields, updatedAt: at } : contact;
      if (changed) {
        await tx.contacts.update(updated);
        await recordContactEvent(tx, this.ids, this.clock, 'updated', updated, at);
      }
      for (const subscribed of [false, true]) {
        const ids = subscriptions.filter(([, on]) => on === subscribed).map(([a]) => a);
        if (!ids.length) continue;
        const flipped = await tx.contacts.setSubscribed(contact.id, ids, subscribed ? null : at);
        if (flipped.length) await recordSubscriptionEvent(tx, this.ids, this.clock, subscribed, updated, flipped, at);
      }
      return contactView(updated, await tx.contacts.memberships([contact.id]));
    });
  }
}

function readSubscriptions(value: unknown): Array<[string, boolean]> {
  if (value === undefined) return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('subscriptions', '`subscriptions` is an object of audience ids to true (subscribed) or false.');
  }
  return Object.entries(value).map(([audienceId, on]) => {
    if (typeof on !== 'boolean') throw invalid(`subscriptions.${audienceId}`, 'A subscription is true (subscribed) or false.');
    return [audienceId, on];
  });
}
