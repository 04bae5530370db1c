import type { Caller } from '../auth/caller.ts';
import { visibleDomain } from './domain-access.ts';
import { DomainChecks } from './domain-checks.ts';
import type { DomainDeps } from './domain-deps.ts';
import { mayVerifyNow } from './domain.ts';
import type { DomainDetail } from './domain-view.ts';
import { showDomain } from './show-domain.ts';

/**
 * spec: POST /domains/{id}/verify — checks DNS at once, but not again within 10 seconds of the last check (the
 * domain is answered as it stands). A verified domain has its signing and return-path records re-checked.
 */
export class VerifyDomain {
  private readonly checks: DomainChecks;
  constructor(private readonly deps: DomainDeps) { this.checks = new DomainChecks(deps); }

  async execute(caller: Caller, id: string): Promise<DomainDetail> {
    let d = await this.checks.ensureSigningKey(await visibleDomain(this.deps.store, caller, id));
    if (mayVerifyNow(d, this.deps.clock.now())) d = await this.checks.dns(d);
    return showDomain(this.deps, caller, d);
  }
}
