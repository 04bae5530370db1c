import { holdsAddress, type Caller } from '../auth/caller.ts';
import { pageLimit, type Cursors, type PageParams } from '../kernel/paging.ts';
import type { Store } from '../ports/repositories.ts';
import type { Clock } from '../ports/clock.ts';
import { canSend } from '../domains/domain.ts';

/** More domains than a workspace may hold: the address book lists them all on every page. */
const ALL_DOMAINS = 10_000;

/**
 * spec: Addresses — the address book. Lists the workspace's created addresses alphabetically with `canSend` for
 * this caller, plus the domains and whether the caller is unrestricted (an app of a member never is).
 */
export class ListAddresses {
  constructor(private readonly store: Store, private readonly cursors: Cursors, private readonly clock: Clock) {}

  async execute(caller: Caller, query: PageParams) {
    const limit = pageLimit(query.limit);
    const after = this.cursors.decode('addresses', query.cursor);
    const [rows, domains] = await Promise.all([
      this.store.directory.addresses(caller.workspaceId, after, limit + 1),
      this.store.domains.list(caller.workspaceId, null, ALL_DOMAINS),
    ]);
    const now = this.clock.now();
    const byId = new Map(domains.map((d) => [d.id, d]));
    const page = this.cursors.page('addresses', rows, limit, (a) => [a.address], (a) => {
      const domain = byId.get(a.domainId);
      return {
        address: a.address,
        enabled: a.enabled,
        canSend: a.enabled && domain !== undefined && canSend(domain, now) && holdsAddress(caller, a.address),
      };
    });
    return {
      object: 'list' as const,
      unrestricted: caller.reachesAll && caller.actsForOwner,
      data: page.items,
      domains: domains.map((d) => ({
        domain: d.domain, receivingVerified: d.receivingVerified, sendingVerified: d.sendingStatus === 'verified', catchAll: d.catchAll,
      })),
      hasMore: page.hasMore,
      nextCursor: page.nextCursor,
    };
  }
}
