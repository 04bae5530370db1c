import { HostCheckFailed } from '../ports/host-checker.ts';
import { DnsLookupFailed } from '../ports/dns-resolver.ts';
import { moveHost, type CustomHost, type HostKind } from './custom-host.ts';
import type { DomainDeps } from './domain-deps.ts';
import { DOMAIN_LIMITS, type DomainRecord } from './domain.ts';
import { applyObservation, observe } from './dns-check.ts';
import { recordsView } from './domain-view.ts';
import { domainEvents } from './events.ts';

// The checks the use cases run. Network first, outside any transaction (SQLite holds its write lock for the
// whole of one); then a short transaction re-reads the domain, applies the verdict and records the events.

export class DomainChecks {
  constructor(private readonly deps: DomainDeps) {}

  /** Domains loaded by fixtures have no DKIM key; one is made the first time the domain is checked or shown. */
  async ensureSigningKey(d: DomainRecord): Promise<DomainRecord> {
    if (d.dkim) return d;
    const { store, keys, sealer, clock } = this.deps;
    const pair = await keys.newDkimKeyPair();
    const at = clock.now();
    await store.domains.insertDkimKey(d.id, {
      selector: selectorFor(at), publicKey: pair.publicKey, privateKeySealed: sealer.seal(pair.privateKeyPem), createdAt: at.toISOString(),
    });
    return (await store.domains.get(d.workspaceId, d.id)) ?? d;
  }

  async dns(d: DomainRecord): Promise<DomainRecord> {
    const { store, ids, clock, dns, serviceHost } = this.deps;
    const observation = await observe(dns, d, serviceHost);
    return store.transaction(async (tx) => {
      const fresh = await tx.domains.get(d.workspaceId, d.id);
      if (!fresh) return d;
      const at = clock.now().toISOString();
      const { next, newlyVerified, sendingChange } = applyObservation(fresh, observation, at, serviceHost);
      await tx.domains.update(next);
      if (newlyVerified) await domainEvents.verified(tx, ids, clock, next, recordsView(next, serviceHost));
      if (sendingChange) await domainEvents.sendingChanged(tx, ids, clock, next, sendingChange.from, at);
      return next;
    });
  }

  /**
   * spec: Domain custom hosts — the host needs a CNAME to its target and must answer the challenge at
   * `https://<host>/.well-known/workspace-mail/<nonce>` with the proof only the service can give.
   */
  async host(d: DomainRecord, kind: HostKind): Promise<DomainRecord> {
    const saved = kind === 'tracking' ? d.tracking : d.storage;
    if (!saved) return d;
    const error = await this.probe(d, saved);
    const { store, clock } = this.deps;
    return store.transaction(async (tx) => {
      const fresh = await tx.domains.get(d.workspaceId, d.id);
      const current = fresh && (kind === 'tracking' ? fresh.tracking : fresh.storage);
      // Replaced or removed meanwhile: this verdict is about a host the domain no longer has.
      if (!fresh || !current || current.host !== saved.host) return fresh ?? d;
      const checked: CustomHost = {
        ...current, status: moveHost(current.status, error ? 'fail' : 'pass') as CustomHost['status'], error,
        checkedAt: clock.now().toISOString(),
      };
      const next = { ...fresh, [kind]: checked };
      await tx.domains.update(next);
      return next;
    });
  }

  /** Whether a saved host may be checked again (spec: Limits — host check no more than every 30 seconds per host). */
  mayCheckHost(h: CustomHost): boolean {
    return h.checkedAt === null || this.deps.clock.now().getTime() - Date.parse(h.checkedAt) >= DOMAIN_LIMITS.hostCheckEveryMs;
  }

  private async probe(d: DomainRecord, h: CustomHost): Promise<string | null> {
    const { dns, hosts, keys, sealer, ids } = this.deps;
    try {
      const cnames = await dns.cname(h.host);
      if (!cnames.includes(h.target)) return `${h.host} has no CNAME to ${h.target} yet.`;
      if (!d.hostSecretSealed) return 'The domain has no host secret.';
      const nonce = ids.hex(16);
      const answer = await hosts.fetchChallenge(h.host, nonce);
      return answer === keys.hostProof(sealer.open(d.hostSecretSealed), nonce)
        ? null : `https://${h.host} answered the check with something other than this service's proof.`;
    } catch (e) {
      if (e instanceof HostCheckFailed || e instanceof DnsLookupFailed) return e.message;
      throw e;
    }
  }
}

/** `wm` + year and month: a new key gets a new selector, so a rotation never breaks mail signed with the old one. */
export const selectorFor = (at: Date): string => `wm${at.toISOString().slice(0, 7).replace('-', '')}`;
