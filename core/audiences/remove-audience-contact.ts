import { invalid, notFound } from '../kernel/errors.ts';
import { audienceNotFound } from './audience.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * DELETE /audiences/{id}/contacts/{contactId} — the contact leaves this audience and stays a contact. The
 * default audience holds every contact (spec: Resources — Audience), so leaving it means deleting the contact.
 */
export class RemoveAudienceContact {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, audienceId: string, contactId: string): Promise<{ object: 'audience_membership'; audienceId: string; contactId: string; deleted: true }> {
    await this.store.transaction(async (tx) => {
      const [audience] = await tx.contacts.audiencesNamed(caller.workspaceId, [audienceId]);
      if (!audience) throw audienceNotFound();
      if (audience.builtin === 'default') throw invalid('id', 'Every contact belongs to the default audience; delete the contact instead.');
      const contact = await tx.contacts.get(caller.workspaceId, contactId);
      if (!contact || !(await tx.contacts.leave(audience.id, contact.id))) throw notFound('contact in this audience', 'contactId');
    });
    return { object: 'audience_membership', audienceId, contactId, deleted: true };
  }
}
