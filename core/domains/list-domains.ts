import type { Caller } from '../auth/caller.ts';
import { pageLimit, type Page, type PageParams, type Position } from '../kernel/paging.ts';
import { seesDomain } from './domain-access.ts';
import type { DomainDeps } from './domain-deps.ts';
import type { DomainRecord } from './domain.ts';
import { domainSummary, type DomainSummary } from './domain-view.ts';

const BATCH = 100;

/** spec: GET /domains — a page alphabetical by domain; a narrowed caller sees only the domains it reaches. */
export class ListDomains {
  constructor(private readonly deps: DomainDeps) {}

  async execute(caller: Caller, query: PageParams): Promise<Page<DomainSummary>> {
    const { store, cursors, clock } = this.deps;
    const limit = pageLimit(query.limit);
    let after: Position | null = cursors.decode('domains', query.cursor);
    const visible: DomainRecord[] = [];
    for (;;) {
      const batch = await store.domains.list(caller.workspaceId, after, BATCH);
      visible.push(...batch.filter((d) => seesDomain(caller, d.domain)));
      if (visible.length > limit || batch.length < BATCH) break;
      after = [batch[batch.length - 1]!.domain];
    }
    const now = clock.now();
    return cursors.page('domains', visible.slice(0, limit + 1), limit, (d) => [d.domain], (d) => domainSummary(d, now));
  }
}
