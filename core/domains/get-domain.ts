import type { Caller } from '../auth/caller.ts';
import { visibleDomain } from './domain-access.ts';
import { DomainChecks } from './domain-checks.ts';
import type { DomainDeps } from './domain-deps.ts';
import { wantsRecheckOnRead } from './domain.ts';
import type { DomainDetail } from './domain-view.ts';
import { showDomain } from './show-domain.ts';

/** spec: GET /domains/{id} — re-checks the DNS of an unverified domain when the last check is over 20 seconds old. */
export class GetDomain {
  private readonly checks: DomainChecks;
  constructor(private readonly deps: DomainDeps) { this.checks = new DomainChecks(deps); }

  async execute(caller: Caller, id: string): Promise<DomainDetail> {
    let d = await this.checks.ensureSigningKey(await visibleDomain(this.deps.store, caller, id));
    if (wantsRecheckOnRead(d, this.deps.clock.now())) d = await this.checks.dns(d);
    return showDomain(this.deps, caller, d);
  }
}
