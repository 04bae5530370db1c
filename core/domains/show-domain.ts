import type { Caller } from '../auth/caller.ts';
import type { DomainDeps } from './domain-deps.ts';
import type { DomainRecord } from './domain.ts';
import { domainDetail, type DomainDetail } from './domain-view.ts';

/** The single-domain read every domain use case answers with (host contract: a PATCH answers the whole domain). */
export async function showDomain(deps: DomainDeps, caller: Caller, d: DomainRecord): Promise<DomainDetail> {
  const addresses = await deps.store.domains.addresses(d.id);
  return domainDetail(d, addresses, caller, deps.clock.now(), deps.serviceHost);
}
