import { T } from '../../../core/ports/tokens.ts';
import { DomainSigningKey } from '../../../core/domains/signing-key.ts';
import { ListDomains } from '../../../core/domains/list-domains.ts';
import { GetDomain } from '../../../core/domains/get-domain.ts';
import { CreateDomain } from '../../../core/domains/create-domain.ts';
import { VerifyDomain } from '../../../core/domains/verify-domain.ts';
import { UpdateDomain } from '../../../core/domains/update-domain.ts';
import { DeleteDomain } from '../../../core/domains/delete-domain.ts';
import { AddDomainAddress } from '../../../core/domains/add-domain-address.ts';
import { UpdateDomainAddress } from '../../../core/domains/update-domain-address.ts';
import { RemoveDomainAddress } from '../../../core/domains/remove-domain-address.ts';
import { AnswerHostChallenge } from '../../../core/domains/answer-host-challenge.ts';
import type { DomainDeps } from '../../../core/domains/domain-deps.ts';
import { NodeDnsResolver } from '../../../adapters/dns-node/dns-resolver.node.ts';
import { HttpsHostChecker } from '../../../adapters/host-check-https/host-checker.https.ts';
import { NodeDomainKeys } from '../../../adapters/crypto-node/domain-keys.node.ts';
import type { Binder } from './binder.ts';

/** Domains: DNS, custom host checks, DKIM keys, addresses. */
export function bindDomains({ make, value, config }: Binder): void {
  const dns = new NodeDnsResolver({ servers: config.dnsServers });
  value(T.DnsResolver, dns);
  // Custom hosts are reached through the configured DNS servers too, so a check sees what the records say.
  value(T.HostChecker, new HttpsHostChecker({
    resolve4: config.dnsServers.length ? (h) => dns.ipv4(h) : undefined, ca: config.hostCheckCa, port: config.hostCheckPort,
  }));
  value(T.DomainKeys, new NodeDomainKeys());
  make(T.DomainDeps, [T.Store, T.Clock, T.Ids, T.Cursors, T.DnsResolver, T.HostChecker, T.DomainKeys, T.Sealer],
    (store, clock, ids, cursors, d, hosts, keys, sealer): DomainDeps => ({ store, clock, ids, cursors, dns: d, hosts, keys, sealer, serviceHost: config.serviceHost }));
  make(T.ListDomains, [T.DomainDeps], (d) => new ListDomains(d));
  make(T.GetDomain, [T.DomainDeps], (d) => new GetDomain(d));
  make(T.CreateDomain, [T.DomainDeps], (d) => new CreateDomain(d));
  make(T.VerifyDomain, [T.DomainDeps], (d) => new VerifyDomain(d));
  make(T.UpdateDomain, [T.DomainDeps], (d) => new UpdateDomain(d));
  make(T.DeleteDomain, [T.DomainDeps], (d) => new DeleteDomain(d));
  make(T.AddDomainAddress, [T.DomainDeps], (d) => new AddDomainAddress(d));
  make(T.UpdateDomainAddress, [T.DomainDeps], (d) => new UpdateDomainAddress(d));
  make(T.RemoveDomainAddress, [T.DomainDeps], (d) => new RemoveDomainAddress(d));
  make(T.AnswerHostChallenge, [T.DomainDeps], (d) => new AnswerHostChallenge(d));
  make(T.DomainSigningKey, [T.DomainDeps], (d) => new DomainSigningKey(d));
}
