import type { Caller } from '../auth/caller.ts';
import { visibleAddress } from './address-input.ts';
import { visibleDomain } from './domain-access.ts';
import type { DomainDeps } from './domain-deps.ts';

/** DELETE /domains/{id}/addresses/{address}. */
export class RemoveDomainAddress {
  constructor(private readonly deps: DomainDeps) {}

  async execute(caller: Caller, id: string, address: string) {
    const { store } = this.deps;
    const d = await visibleDomain(store, caller, id);
    return store.transaction(async (tx) => {
      const found = await visibleAddress(tx, caller, d, address);
      await tx.domains.deleteAddress(caller.workspaceId, found.id);
      return { object: 'address' as const, address: found.address, deleted: true as const };
    });
  }
}
