import { invalid } from '../kernel/errors.ts';
import { requireUnrestricted } from '../auth/authorize.ts';
import type { Caller } from '../auth/caller.ts';
import { DomainChecks, selectorFor } from './domain-checks.ts';
import type { DomainDeps } from './domain-deps.ts';
import type { DomainRecord } from './domain.ts';
import { domainName } from './domain-name.ts';
import type { DomainDetail } from './domain-view.ts';
import { showDomain } from './show-domain.ts';

/**
 * spec: POST /domains — the first DNS check runs in the call; a new domain starts with catch-all on and no
 * addresses, and with its own DKIM key pair. A name the workspace already has is 422 `invalid_parameter` on
 * `domain` (docs/adr/0004-dns-records.md). A narrowed caller cannot add a domain: it would be outside its reach.
 */
export class CreateDomain {
  private readonly checks: DomainChecks;
  constructor(private readonly deps: DomainDeps) { this.checks = new DomainChecks(deps); }

  async execute(caller: Caller, input: { domain: string }): Promise<DomainDetail> {
    const { store, clock, ids, keys, sealer, serviceHost } = this.deps;
    requireUnrestricted(caller, 'domain');
    const name = domainName(input.domain, serviceHost);
    const pair = await keys.newDkimKeyPair();
    const now = clock.now();
    const at = now.toISOString();
    const domain: DomainRecord = {
      id: ids.uuid(), workspaceId: caller.workspaceId, domain: name, createdAt: at, catchAll: true,
      receivingVerified: false, receivingVerifiedAt: null, receivingCheckedAt: null, receivingError: null,
      // Nothing is published yet: pending is the honest verdict until the first check says otherwise.
      sendingStatus: 'pending', sendingCheckedAt: null, sendingError: null, recordStatus: {},
      dmarcPolicy: 'none', dmarcPublished: null, senderName: null, hostSecretSealed: sealer.seal(ids.secret(32)),
      dkim: { selector: selectorFor(now), publicKey: pair.publicKey, privateKeySealed: sealer.seal(pair.privateKeyPem), createdAt: at },
      tracking: null, storage: null,
    };
    if (!(await store.transaction((tx) => tx.domains.insert(domain)))) throw taken(name);
    return showDomain(this.deps, caller, await this.checks.dns(domain));
  }
}

const taken = (name: string) => invalid('domain', `${name} is already a domain of this workspace.`);
