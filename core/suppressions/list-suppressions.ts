import { pageLimit, type Cursors, type PageParams } from '../kernel/paging.ts';
import { oneOf, searchText } from './list-input.ts';
import { SUPPRESSION_REASONS, suppressionView, type SuppressionView } from './suppression.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

export interface ListEnvelope<T> { object: 'list'; data: T[]; hasMore: boolean; nextCursor: string | null }

export interface ListSuppressionsQuery extends PageParams { q?: string; reason?: string }

/** spec: GET /suppressions — newest first, the whole workspace's list even for narrowed keys; `q` matches part of the address. */
export class ListSuppressions {
  constructor(private readonly store: Store, private readonly cursors: Cursors) {}

  async execute(caller: Caller, query: ListSuppressionsQuery): Promise<ListEnvelope<SuppressionView>> {
    const limit = pageLimit(query.limit);
    const filters = { q: searchText(query.q), reason: oneOf('reason', query.reason, SUPPRESSION_REASONS) };
    const after = this.cursors.decode('suppressions', query.cursor);
    const rows = await this.store.suppressions.list(caller.workspaceId, filters, after, limit + 1);
    const page = this.cursors.page('suppressions', rows, limit, (s) => [s.createdAt, s.id], suppressionView);
    return { object: 'list', data: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }
}
