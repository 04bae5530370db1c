import { invalid } from '../kernel/errors.ts';
import { pageLimit, type Cursors, type Page, type PageParams } from '../kernel/paging.ts';
import { audienceNotFound } from './contact-input.ts';
import { contactView, type ContactView } from './contact-view.ts';
import { CONTACT_LIMITS } from './contact.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

export interface ListContactsQuery extends PageParams { q?: string; audienceId?: string }

/** GET /contacts: newest first; `q` matches part of the address or name ignoring case; `audienceId` narrows to one audience. */
export class ListContacts {
  constructor(private readonly store: Store, private readonly cursors: Cursors) {}

  async execute(caller: Caller, query: ListContactsQuery): Promise<Page<ContactView>> {
    const limit = pageLimit(query.limit);
    if (query.q !== undefined && query.q.length > CONTACT_LIMITS.queryMax) throw invalid('q', `\`q\` is at most ${CONTACT_LIMITS.queryMax} characters.`);
    if (query.audienceId !== undefined && !(await this.store.contacts.audiencesNamed(caller.workspaceId, [query.audienceId])).length) {
      throw audienceNotFound('audienceId', query.audienceId);
    }
    const after = this.cursors.decode('contacts', query.cursor);
    const q = query.q?.trim().toLowerCase() || undefined;
    const rows = await this.store.contacts.list(caller.workspaceId, { q, audienceId: query.audienceId }, after, limit + 1);
    const memberships = await this.store.contacts.memberships(rows.slice(0, limit).map((c) => c.id));
    return this.cursors.page('contacts', rows, limit, (c) => [c.createdAt, c.id], (c) => contactView(c, memberships));
  }
}
