import { AppError, invalid } from '../kernel/errors.ts';
import { domainOf, isEmailAddress, normalizeEmail } from '../kernel/emails.ts';
import type { Store } from '../ports/repositories.ts';
import { holdsAddress, type Caller } from '../auth/caller.ts';
import type { Address } from '../workspaces/workspace.ts';
import { DOMAIN_LIMITS, type DomainRecord } from './domain.ts';

/** A local part or a full address on this domain, stored trimmed and lower-cased (host contract); null if neither. */
export function addressOn(d: DomainRecord, input: string): string | null {
  const typed = normalizeEmail(input);
  const address = typed.includes('@') ? typed : `${typed}@${d.domain}`;
  return isEmailAddress(address) && domainOf(address) === d.domain ? address : null;
}

export function addressName(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed.length > DOMAIN_LIMITS.addressNameMax) throw invalid('name', `A name is at most ${DOMAIN_LIMITS.addressNameMax} characters.`);
  return trimmed || null;
}

/** An existing address of the domain that the caller holds; anything else is `address_not_found`. */
export async function visibleAddress(store: Store, caller: Caller, d: DomainRecord, input: string): Promise<Address> {
  const address = addressOn(d, input);
  const found = address ? await store.domains.address(caller.workspaceId, address) : null;
  if (!found || found.domainId !== d.id || !holdsAddress(caller, found.address)) {
    throw new AppError('address_not_found', `No address ${input} on ${d.domain}.`, 'address');
  }
  return found;
}

export const addressView = (a: Address) => ({
  object: 'address' as const, address: a.address, enabled: a.enabled, name: a.name, domainId: a.domainId, createdAt: a.createdAt,
});
