import { requireKeyManager } from './key-access.ts';
import { sendScopeInside } from './key-authority.ts';
import { keyView, type KeyView } from './key-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';
import { pageLimit, type Cursors, type Page, type PageParams, type Position } from '../kernel/paging.ts';
import type { ApiKey } from './api-key.ts';
import type { PendingWrites } from './record-request.ts';

const BATCH = 100;

/** spec: GET /keys — newest first; narrowed callers see only keys whose send scope is inside their own. */
export class ListKeys {
  constructor(
    private readonly store: Store, private readonly cursors: Cursors, private readonly clock: Clock,
    private readonly usage: PendingWrites,
  ) {}

  async execute(caller: Caller, query: PageParams): Promise<Page<KeyView>> {
    requireKeyManager(caller);
    const limit = pageLimit(query.limit);
    await this.usage.flush();
    let after: Position | null = this.cursors.decode('keys', query.cursor);
    const visible: ApiKey[] = [];
    // Visibility is a containment test SQL cannot express; scan in batches until the page (and one more) is full.
    for (;;) {
      const batch = await this.store.keys.list(caller.workspaceId, after, BATCH);
      visible.push(...batch.filter((k) => sendScopeInside(caller, k)));
      if (visible.length > limit || batch.length < BATCH) break;
      const last = batch[batch.length - 1]!;
      after = [last.createdAt, last.id];
    }
    const now = this.clock.now();
    return this.cursors.page('keys', visible.slice(0, limit + 1), limit, (k) => [k.createdAt, k.id], (k) => keyView(k, now));
  }
}
