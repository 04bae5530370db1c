import type { DkimSigning } from '../ports/mailer.ts';
import { DomainChecks } from './domain-checks.ts';
import type { DomainDeps } from './domain-deps.ts';

/** More domains than a workspace may hold: the lookup reads them all. */
const ALL_DOMAINS = 10_000;

/**
 * The DKIM key mail from `address` is signed with: its domain's own key, opened from the sealed store.
 * Null when the address is on no domain of the workspace (nothing to sign with).
 */
export class DomainSigningKey {
  constructor(private readonly deps: DomainDeps) {}

  async forAddress(workspaceId: string, address: string): Promise<DkimSigning | null> {
    const name = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
    const found = (await this.deps.store.domains.list(workspaceId, null, ALL_DOMAINS)).find((d) => d.domain === name);
    if (!found) return null;
    const domain = await new DomainChecks(this.deps).ensureSigningKey(found);
    if (!domain.dkim) return null;
    return { domainName: domain.domain, selector: domain.dkim.selector, privateKeyPem: this.deps.sealer.open(domain.dkim.privateKeySealed) };
  }
}
