import { DnsLookupFailed, type DnsResolver } from '../ports/dns-resolver.ts';
import type { SendingStatus } from '../workspaces/workspace.ts';
import type { DomainRecord, RecordPurpose } from './domain.ts';
import { dkimName, dmarcName, judge, returnPathName, returnPathTarget, type Judgement } from './dns-records.ts';

// One DNS check of a domain: the lookups (network, outside any transaction) and the pure verdict drawn from them.

type Looked<T> = { ok: true; value: T } | { ok: false; error: string };

export interface DnsObservation {
  /** Absent on a verified domain: spec: verify — "on a verified domain re-checks signing and return path records". */
  mx?: Looked<Judgement>;
  spf: Looked<Judgement>;
  dkim: Looked<Judgement> | null;
  returnPath: Looked<Judgement>;
  dmarc: Looked<string | null>;
}

async function look<T>(work: () => Promise<T>): Promise<Looked<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (e) {
    if (e instanceof DnsLookupFailed) return { ok: false, error: e.message };
    throw e;
  }
}

export async function observe(dns: DnsResolver, d: DomainRecord, serviceHost: string): Promise<DnsObservation> {
  const txtAtApex = look(() => dns.txt(d.domain));
  const [mx, spf, dkim, returnPath, dmarc] = await Promise.all([
    d.receivingVerified ? undefined : look(async () => judge.mx(await dns.mx(d.domain), serviceHost)),
    txtAtApex.then((r) => (r.ok ? { ok: true as const, value: judge.spf(r.value, serviceHost) } : r)),
    d.dkim ? look(async () => judge.dkim(await dns.txt(dkimName(d.dkim!.selector, d.domain)), d.dkim!.publicKey)) : null,
    look(async () => judge.cname(await dns.cname(returnPathName(d.domain)), returnPathTarget(serviceHost))),
    look(async () => judge.dmarcRecord(await dns.txt(dmarcName(d.domain)))),
  ]);
  return { mx, spf, dkim, returnPath, dmarc };
}

const LABELS: Record<'spf' | 'dkim' | 'return_path', string> = { spf: 'SPF', dkim: 'DKIM', return_path: 'return path' };

/** The domain after a check, and what changed that events report. */
export interface CheckOutcome { next: DomainRecord; newlyVerified: boolean; sendingChange: { from: SendingStatus; to: SendingStatus } | null }

export function applyObservation(d: DomainRecord, o: DnsObservation, at: string, serviceHost: string): CheckOutcome {
  const next: DomainRecord = { ...d, recordStatus: { ...d.recordStatus }, sendingCheckedAt: at };
  const mark = (purpose: RecordPurpose, j: Looked<Judgement> | null | undefined) => {
    if (j?.ok) next.recordStatus[purpose] = j.value === 'found' ? 'found' : 'missing';
  };

  let newlyVerified = false;
  if (o.mx) {
    next.receivingCheckedAt = at;
    mark('receiving', o.mx);
    if (!o.mx.ok) next.receivingError = o.mx.error;
    else if (o.mx.value === 'found') {
      next.receivingVerified = true;
      next.receivingError = null;
      // The first verification only: spec: Events — domain.verified fires the first time.
      if (d.receivingVerifiedAt === null) { next.receivingVerifiedAt = at; newlyVerified = true; }
    } else {
      next.receivingError = `No MX record of ${d.domain} points at mx.${serviceHost} yet.`;
    }
  }

  mark('spf', o.spf);
  mark('dkim', o.dkim);
  mark('return_path', o.returnPath);
  if (o.dmarc.ok) { next.dmarcPublished = o.dmarc.value; next.recordStatus.dmarc = o.dmarc.value ? 'found' : 'missing'; }

  const sending = { spf: o.spf, dkim: o.dkim, return_path: o.returnPath };
  const failedLookup = Object.values(sending).find((j) => j && !j.ok) as { ok: false; error: string } | undefined;
  const judged = Object.entries(sending).map(([k, j]) => [k, j?.ok ? j.value : null] as const);
  const missing = judged.filter(([, v]) => v !== 'found').map(([k]) => LABELS[k as keyof typeof LABELS]);
  const wrong = judged.filter(([, v]) => v === 'conflict').map(([k]) => LABELS[k as keyof typeof LABELS]);

  if (failedLookup) {
    next.sendingStatus = 'unknown';
    next.sendingError = failedLookup.error;
  } else if (!d.dkim) {
    next.sendingStatus = 'no_identity';
    next.sendingError = 'The domain has no signing key yet.';
  } else if (missing.length === 0) {
    next.sendingStatus = 'verified';
    next.sendingError = null;
  } else if (wrong.length || d.sendingStatus === 'verified' || d.sendingStatus === 'failed') {
    // Something else is published where our record belongs, or records that once passed are gone.
    next.sendingStatus = 'failed';
    next.sendingError = wrong.length ? `Published with another value: ${wrong.join(', ')}.` : `No longer found: ${missing.join(', ')}.`;
  } else {
    next.sendingStatus = 'pending';
    next.sendingError = `Not found yet: ${missing.join(', ')}.`;
  }
  const sendingChange = next.sendingStatus !== d.sendingStatus ? { from: d.sendingStatus, to: next.sendingStatus } : null;
  return { next, newlyVerified, sendingChange };
}
