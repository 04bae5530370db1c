import { AppError, invalid } from '../kernel/errors.ts';
import { holdsAddress, type Caller } from '../auth/caller.ts';
import type { Address } from '../workspaces/workspace.ts';
import { addressName, addressOn, addressView } from './address-input.ts';
import { visibleDomain } from './domain-access.ts';
import type { DomainDeps } from './domain-deps.ts';
import { DOMAIN_LIMITS } from './domain.ts';

export interface AddAddressInput { address: string; name?: string | null; enabled?: boolean }

/**
 * POST /domains/{id}/addresses (spec: address management, path ours). Stored lower-cased; a narrowed caller adds
 * only addresses it holds (422 `capability_unsupported`); 1,000 addresses per workspace (spec: Limits).
 */
export class AddDomainAddress {
  constructor(private readonly deps: DomainDeps) {}

  async execute(caller: Caller, id: string, input: AddAddressInput) {
    const { store, ids, clock } = this.deps;
    const d = await visibleDomain(store, caller, id);
    const address = addressOn(d, input.address);
    if (address && !holdsAddress(caller, address)) {
      throw new AppError('capability_unsupported', `This caller does not hold ${address}.`, 'address');
    }
    if (!address) throw invalid('address', `\`${input.address.trim()}\` is not a local part or an address on ${d.domain}.`);
    const row: Address = {
      id: `adr_${ids.hex(12)}`, workspaceId: caller.workspaceId, domainId: d.id, address,
      enabled: input.enabled ?? true, name: addressName(input.name), createdAt: clock.now().toISOString(),
    };
    await store.transaction(async (tx) => {
      if ((await tx.domains.countAddresses(caller.workspaceId)) >= DOMAIN_LIMITS.addressesPerWorkspace) {
        throw new AppError('workspace_limit_reached', `A workspace has at most ${DOMAIN_LIMITS.addressesPerWorkspace.toLocaleString('en')} addresses; ask to raise it.`, 'address');
      }
      if (!(await tx.domains.insertAddress(row))) throw new AppError('address_unavailable', `${address} already exists.`, 'address');
    });
    return addressView(row);
  }
}
