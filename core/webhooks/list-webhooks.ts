import { pageLimit, type Cursors, type Page, type PageParams } from '../kernel/paging.ts';
import { endpointView, type EndpointView } from './webhook-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: GET /webhooks — newest first; narrowed keys read all endpoints. */
export class ListWebhooks {
  constructor(private readonly store: Store, private readonly cursors: Cursors) {}

  async execute(caller: Caller, query: PageParams): Promise<Page<EndpointView>> {
    const limit = pageLimit(query.limit);
    const after = this.cursors.decode('webhooks', query.cursor);
    const rows = await this.store.webhooks.list(caller.workspaceId, after, limit + 1);
    return this.cursors.page('webhooks', rows, limit, (e) => [e.createdAt, e.id], endpointView);
  }
}
