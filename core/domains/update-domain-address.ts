import type { Caller } from '../auth/caller.ts';
import { addressName, addressView, visibleAddress } from './address-input.ts';
import { visibleDomain } from './domain-access.ts';
import type { DomainDeps } from './domain-deps.ts';

/** PATCH /domains/{id}/addresses/{address}: `enabled`, `name` (null or empty clears); omitted fields stay. */
export class UpdateDomainAddress {
  constructor(private readonly deps: DomainDeps) {}

  async execute(caller: Caller, id: string, address: string, input: { enabled?: boolean; name?: string | null }) {
    const { store } = this.deps;
    const d = await visibleDomain(store, caller, id);
    const name = input.name === undefined ? undefined : addressName(input.name);
    return store.transaction(async (tx) => {
      const found = await visibleAddress(tx, caller, d, address);
      const next = { ...found, enabled: input.enabled ?? found.enabled, name: name === undefined ? found.name : name };
      if (next.enabled !== found.enabled || next.name !== found.name) await tx.domains.updateAddress(next);
      return addressView(next);
    });
  }
}
