import { AppError, notFound } from '../kernel/errors.ts';
import { domainOf } from '../kernel/emails.ts';
import { holdsAddress, holdsDomain, type Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import type { Address } from '../workspaces/workspace.ts';
import type { DomainRecord } from './domain.ts';

// Who reaches a domain (docs/adr/0004-dns-records.md, "Narrowed callers"): a caller holding the whole domain,
// or one holding an address on it. Anybody else gets the same 404 as for an unknown id.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const seesDomain = (caller: Caller, domain: string): boolean =>
  holdsDomain(caller, domain) || caller.addressAllowlist.some((a) => domainOf(a) === domain);

/** spec: GET /domains/{id} — other workspace's or unknown id: 404; a name is not accepted in place of the id. */
export async function visibleDomain(store: Store, caller: Caller, id: string): Promise<DomainRecord> {
  const d = UUID.test(id) ? await store.domains.get(caller.workspaceId, id) : null;
  if (!d || !seesDomain(caller, d.domain)) throw notFound('domain', 'id');
  return d;
}

/** Changes to the domain as a whole (catch-all, deletion) need the whole domain (spec: PATCH /domains/{id}). */
export function requireWholeDomain(caller: Caller, d: DomainRecord, param: string | null = null): void {
  if (!holdsDomain(caller, d.domain)) {
    throw new AppError('capability_unsupported', `This needs the whole domain ${d.domain}, which this caller does not hold.`, param);
  }
}

/** The addresses of a domain the caller may see: all of them for a holder of the domain, else its own. */
export const visibleAddresses = (caller: Caller, addresses: Address[]): Address[] =>
  addresses.filter((a) => holdsAddress(caller, a.address));
