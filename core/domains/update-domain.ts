import { invalid, AppError } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { hostTarget, moveHost, normalizeHost, statusOf, type CustomHost, type HostKind } from './custom-host.ts';
import { requireWholeDomain, visibleDomain } from './domain-access.ts';
import { DomainChecks } from './domain-checks.ts';
import type { DomainDeps } from './domain-deps.ts';
import { DMARC_POLICIES, DOMAIN_LIMITS, type DmarcPolicy, type DomainRecord } from './domain.ts';
import type { DomainDetail } from './domain-view.ts';
import { showDomain } from './show-domain.ts';

export interface UpdateDomainInput {
  catchAll?: boolean;
  trackingHost?: string | null;
  filesHost?: string | null;
  dmarcPolicy?: string;
  senderName?: string | null;
}

const FIELD: Record<HostKind, 'trackingHost' | 'filesHost'> = { tracking: 'trackingHost', storage: 'filesHost' };

/**
 * spec: PATCH /domains/{id} — five optional, independent fields; a patch with none changes nothing. A saved host
 * is checked in the same call; the same host sent again is re-checked unless its last check is under 30 s old.
 */
export class UpdateDomain {
  private readonly checks: DomainChecks;
  constructor(private readonly deps: DomainDeps) { this.checks = new DomainChecks(deps); }

  async execute(caller: Caller, id: string, input: UpdateDomainInput): Promise<DomainDetail> {
    const { store, clock, ids, sealer, serviceHost } = this.deps;
    const found = await visibleDomain(store, caller, id);
    if (input.catchAll !== undefined) requireWholeDomain(caller, found, 'catchAll');
    const hosts = this.hostInput(found, input);
    const dmarcPolicy = policy(input.dmarcPolicy);
    const senderName = input.senderName === undefined ? undefined : name(input.senderName);

    const toCheck: HostKind[] = [];
    const at = clock.now().toISOString();
    let d = await store.transaction(async (tx) => {
      const fresh = await tx.domains.get(caller.workspaceId, found.id);
      if (!fresh) return found;
      const next: DomainRecord = { ...fresh };
      if (input.catchAll !== undefined) next.catchAll = input.catchAll;
      if (dmarcPolicy !== undefined) next.dmarcPolicy = dmarcPolicy;
      if (senderName !== undefined) next.senderName = senderName;
      for (const [kind, host] of hosts) {
        const current = fresh[kind];
        if (host === null) {
          moveHost(statusOf(current), 'remove');
          next[kind] = null;
        } else if (current?.host === host) {
          if (this.checks.mayCheckHost(current)) toCheck.push(kind);
        } else {
          const owner = await tx.domains.byHost(host);
          if (owner && owner.id !== fresh.id) {
            throw new AppError('tracking_host_in_use', `${host} is already a custom host of ${owner.domain}.`, FIELD[kind]);
          }
          const status = moveHost(statusOf(current), current ? 'replace' : 'save') as CustomHost['status'];
          next[kind] = { kind, host, status, target: hostTarget(kind, serviceHost), error: null, checkedAt: null, createdAt: at };
          toCheck.push(kind);
        }
      }
      if (!next.hostSecretSealed && toCheck.length) next.hostSecretSealed = sealer.seal(ids.secret(32));
      if (JSON.stringify(next) !== JSON.stringify(fresh)) await tx.domains.update(next);
      return next;
    });
    for (const kind of toCheck) d = await this.checks.host(d, kind);
    return showDomain(this.deps, caller, d);
  }

  /** The hosts the patch names, normalised; null removes. The two hosts of a domain must differ. */
  private hostInput(d: DomainRecord, input: UpdateDomainInput): Array<[HostKind, string | null]> {
    const out: Array<[HostKind, string | null]> = [];
    for (const kind of ['tracking', 'storage'] as const) {
      const value = input[FIELD[kind]];
      if (value === undefined) continue;
      out.push([kind, value === null ? null : normalizeHost(value, d.domain, FIELD[kind])]);
    }
    const tracking = out.find(([k]) => k === 'tracking')?.[1] ?? (input.trackingHost === undefined ? d.tracking?.host : null);
    const files = out.find(([k]) => k === 'storage')?.[1] ?? (input.filesHost === undefined ? d.storage?.host : null);
    if (tracking && tracking === files) {
      const param = input.filesHost !== undefined ? 'filesHost' : 'trackingHost';
      throw invalid(param, 'The tracking host and the files host must be different hosts.');
    }
    return out;
  }
}

function policy(value: string | undefined): DmarcPolicy | undefined {
  if (value === undefined) return undefined;
  if (!(DMARC_POLICIES as readonly string[]).includes(value)) throw invalid('dmarcPolicy', 'The DMARC policy is none, quarantine or reject.');
  return value as DmarcPolicy;
}

/** spec: sender name — trimmed; null or empty removes it. */
function name(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed.length > DOMAIN_LIMITS.senderNameMax) throw invalid('senderName', `A sender name is at most ${DOMAIN_LIMITS.senderNameMax} characters.`);
  return trimmed || null;
}
