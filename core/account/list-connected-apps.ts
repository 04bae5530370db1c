import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: GET /account/connected-apps — the person's apps, one record per app however many tokens it holds. */
export class ListConnectedApps {
  constructor(private readonly store: Store, private readonly clock: Clock) {}

  async execute(caller: Caller) {
    const now = this.clock.now().toISOString();
    const tokens = await this.store.account.tokensOf(caller.userId);
    const byApp = new Map<string, typeof tokens>();
    for (const t of tokens) byApp.set(t.app.clientId, [...(byApp.get(t.app.clientId) ?? []), t]);
    return [...byApp.values()].map((held) => {
      const newest = held[held.length - 1]!;
      const live = held.filter((t) => t.expiresAt === null || t.expiresAt > now);
      return {
        object: 'connected_app' as const,
        clientId: newest.app.clientId, name: newest.app.name, kind: newest.app.kind,
        cliDevice: newest.app.kind === 'cli' ? newest.app.name : null,
        status: live.length ? 'active' : 'expired',
        grant: { scopes: newest.scopes, addressAllowlist: newest.addressAllowlist, domainAllowlist: newest.domainAllowlist },
        tokenCount: live.length,
        current: caller.app?.clientId === newest.app.clientId,
        connectedAt: held[0]!.createdAt,
      };
    });
  }
}
