import { pageLimit, type Cursors, type Page, type PageParams } from '../kernel/paging.ts';
import { labelView, type LabelView } from './label-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: GET /labels — the workspace's user labels by name, then id. */
export class ListLabels {
  constructor(private readonly store: Store, private readonly cursors: Cursors) {}

  async execute(caller: Caller, query: PageParams): Promise<Page<LabelView>> {
    const limit = pageLimit(query.limit);
    const after = this.cursors.decode('labels', query.cursor);
    const rows = await this.store.labels.list(caller.workspaceId, after, limit + 1);
    return this.cursors.page('labels', rows, limit, (l) => [l.name, l.id], labelView);
  }
}
