import { invalid } from '../kernel/errors.ts';
import { isEmailAddress } from '../kernel/emails.ts';
import { pageLimit, type Cursors, type PageParams } from '../kernel/paging.ts';
import { oneOf, searchText } from './list-input.ts';
import { UNSUBSCRIBE_SOURCES, unsubscribeView, type UnsubscribeView } from './suppression.ts';
import type { ListEnvelope } from './list-suppressions.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

export interface ListUnsubscribesQuery extends PageParams { q?: string; source?: string }

/** spec: GET /suppressions/unsubscribes — newest first; `q` is one whole address, matched exactly ignoring case. */
export class ListUnsubscribes {
  constructor(private readonly store: Store, private readonly cursors: Cursors) {}

  async execute(caller: Caller, query: ListUnsubscribesQuery): Promise<ListEnvelope<UnsubscribeView>> {
    const limit = pageLimit(query.limit);
    const email = searchText(query.q);
    if (email !== undefined && !isEmailAddress(email)) throw invalid('q', '`q` is one whole e-mail address.');
    const filters = { email, source: oneOf('source', query.source, UNSUBSCRIBE_SOURCES) };
    const after = this.cursors.decode('unsubscribes', query.cursor);
    const rows = await this.store.suppressions.listUnsubscribes(caller.workspaceId, filters, after, limit + 1);
    const page = this.cursors.page('unsubscribes', rows, limit, (u) => [u.createdAt, u.email], unsubscribeView);
    return { object: 'list', data: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }
}
