import type { Cursors } from '../kernel/paging.ts';
import type { Clock } from '../ports/clock.ts';
import type { SecretSealer } from '../ports/crypto.ts';
import type { DnsResolver } from '../ports/dns-resolver.ts';
import type { DomainKeys } from '../ports/domain-keys.ts';
import type { HostChecker } from '../ports/host-checker.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/** What the domain use cases share; bound once in the container. */
export interface DomainDeps {
  store: Store;
  clock: Clock;
  ids: IdSource;
  cursors: Cursors;
  dns: DnsResolver;
  hosts: HostChecker;
  keys: DomainKeys;
  sealer: SecretSealer;
  /** The service's own host name, under which every record target lives (config `serviceHost`). */
  serviceHost: string;
}
