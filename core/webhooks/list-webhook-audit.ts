import { pageLimit, type Cursors, type PageParams } from '../kernel/paging.ts';
import { visibleEndpoint } from './webhook-access.ts';
import { auditView } from './webhook-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** GET /webhooks/{id}/audit: who created, changed, rotated, tested or replayed, and when the server switched it off. */
export class ListWebhookAudit {
  constructor(private readonly store: Store, private readonly cursors: Cursors) {}

  async execute(caller: Caller, id: string, query: PageParams) {
    const endpoint = await visibleEndpoint(this.store, caller, id);
    const limit = pageLimit(query.limit);
    const list = `webhook-audit:${endpoint.id}`;
    const rows = await this.store.webhooks.listAudit(caller.workspaceId, endpoint.id, this.cursors.decode(list, query.cursor), limit + 1);
    return this.cursors.page(list, rows, limit, (a) => [a.createdAt, a.id], auditView);
  }
}
