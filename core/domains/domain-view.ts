import type { Caller } from '../auth/caller.ts';
import type { Address } from '../workspaces/workspace.ts';
import { statusOf, type CustomHost } from './custom-host.ts';
import { visibleAddresses } from './domain-access.ts';
import { canSend, type DomainRecord } from './domain.ts';
import { dmarcReport } from './dmarc.ts';
import { dmarcStatus, expectedRecords } from './dns-records.ts';

// What reads show (spec: Resources — Domain; host contract: the name is in `domain`, `id` is the UUID).

const hostView = (h: CustomHost | null) => ({
  status: statusOf(h),
  host: h?.host ?? null,
  record: h ? { type: 'CNAME' as const, name: h.host, value: h.target } : null,
  target: h?.target ?? null,
  error: h?.error ?? null,
});

export function domainSummary(d: DomainRecord, now: Date) {
  return {
    id: d.id,
    object: 'domain' as const,
    domain: d.domain,
    receiving: {
      verified: d.receivingVerified, verifiedAt: d.receivingVerifiedAt, catchAll: d.catchAll,
      lastCheckedAt: d.receivingCheckedAt, error: d.receivingError,
    },
    sending: { status: d.sendingStatus, canSend: canSend(d, now), checkedAt: d.sendingCheckedAt, error: d.sendingError },
    tracking: hostView(d.tracking),
    storage: hostView(d.storage),
    dmarcPolicy: d.dmarcPolicy,
    senderName: d.senderName,
    createdAt: d.createdAt,
  };
}

/** The records to publish with what the last check saw of each; `priority` on MX only. */
export const recordsView = (d: DomainRecord, serviceHost: string) => expectedRecords(d, serviceHost).map((r) => ({
  type: r.type, name: r.name, value: r.value, ...(r.type === 'MX' ? { priority: r.priority } : {}), purpose: r.purpose,
  status: r.purpose === 'dmarc' ? dmarcStatus(d) : d.recordStatus[r.purpose] ?? null,
}));

/** The single-domain read: adds the addresses the caller may see, the records to publish and the DMARC report. */
export function domainDetail(d: DomainRecord, addresses: Address[], caller: Caller, now: Date, serviceHost: string) {
  return {
    ...domainSummary(d, now),
    addresses: visibleAddresses(caller, addresses).map((a) => ({ address: a.address, enabled: a.enabled })),
    records: recordsView(d, serviceHost),
    dmarc: dmarcReport(d, now),
  };
}

export type DomainSummary = ReturnType<typeof domainSummary>;
export type DomainDetail = ReturnType<typeof domainDetail>;
