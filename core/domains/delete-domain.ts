import { notFound } from '../kernel/errors.ts';
import { requireStepUp } from '../auth/authorize.ts';
import type { Caller } from '../auth/caller.ts';
import { requireWholeDomain, visibleDomain } from './domain-access.ts';
import type { DomainDeps } from './domain-deps.ts';
import { domainEvents } from './events.ts';

/**
 * DELETE /domains/{id} (spec: domain deletion, path ours). Needs the whole domain, and over OAuth a recent
 * step-up (spec: Authentication item 9). Its addresses, key and hosts go with it; raises `domain.deleted`.
 */
export class DeleteDomain {
  constructor(private readonly deps: DomainDeps) {}

  async execute(caller: Caller, id: string) {
    const { store, clock, ids } = this.deps;
    const found = await visibleDomain(store, caller, id);
    requireWholeDomain(caller, found);
    requireStepUp(caller, clock);
    await store.transaction(async (tx) => {
      const d = await tx.domains.get(caller.workspaceId, found.id);
      if (!d) throw notFound('domain', 'id');
      await tx.domains.delete(caller.workspaceId, d.id);
      await domainEvents.deleted(tx, ids, clock, d, 'removed', clock.now().toISOString());
    });
    return { id: found.id, object: 'domain' as const, deleted: true as const };
  }
}
