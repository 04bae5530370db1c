import type { DmarcPolicy, DomainRecord, RecordPurpose, RecordStatus } from './domain.ts';

// The records a domain publishes (docs/adr/0004-dns-records.md) and how a lookup answer is judged against them.

export interface ExpectedRecord {
  type: 'MX' | 'TXT' | 'CNAME';
  name: string;
  value: string;
  priority?: number;
  purpose: RecordPurpose;
}

export const mxHost = (serviceHost: string) => `mx.${serviceHost}`;
export const spfInclude = (serviceHost: string) => `include:spf.${serviceHost}`;
export const returnPathName = (domain: string) => `bounces.${domain}`;
export const returnPathTarget = (serviceHost: string) => `bounces.${serviceHost}`;
export const dkimName = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;
export const dmarcName = (domain: string) => `_dmarc.${domain}`;

/** Tags of a `k=v; k=v` record (DKIM, DMARC), names lower-cased, whitespace removed from values. */
export function tagsOf(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    tags.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return tags;
}

/**
 * spec: PATCH /domains/{id} — the DMARC value keeps the published record's other tags and changes only `p=`;
 * with nothing published it is the service's default record.
 */
export function dmarcValue(d: Pick<DomainRecord, 'dmarcPolicy' | 'dmarcPublished'>, serviceHost: string): string {
  if (!d.dmarcPublished) return `v=DMARC1; p=${d.dmarcPolicy}; rua=mailto:dmarc@${serviceHost}`;
  const parts = d.dmarcPublished.split(';').map((p) => p.trim()).filter(Boolean);
  const at = parts.findIndex((p) => /^p\s*=/i.test(p));
  if (at >= 0) parts[at] = `p=${d.dmarcPolicy}`;
  else parts.splice(1, 0, `p=${d.dmarcPolicy}`);
  return parts.join('; ');
}

export const publishedPolicy = (published: string | null): DmarcPolicy | null => {
  const p = published ? tagsOf(published).get('p')?.toLowerCase() : undefined;
  return p === 'none' || p === 'quarantine' || p === 'reject' ? p : null;
};

export function expectedRecords(d: DomainRecord, serviceHost: string): ExpectedRecord[] {
  const records: ExpectedRecord[] = [
    { type: 'MX', name: d.domain, value: mxHost(serviceHost), priority: 10, purpose: 'receiving' },
    { type: 'TXT', name: d.domain, value: `v=spf1 ${spfInclude(serviceHost)} ~all`, purpose: 'spf' },
  ];
  if (d.dkim) {
    records.push({ type: 'TXT', name: dkimName(d.dkim.selector, d.domain), value: `v=DKIM1; k=rsa; p=${d.dkim.publicKey}`, purpose: 'dkim' });
  }
  records.push(
    { type: 'CNAME', name: returnPathName(d.domain), value: returnPathTarget(serviceHost), purpose: 'return_path' },
    { type: 'TXT', name: dmarcName(d.domain), value: dmarcValue(d, serviceHost), purpose: 'dmarc' },
  );
  return records;
}

/** found, missing, or `conflict`: something else is published where the record belongs. */
export type Judgement = RecordStatus | 'conflict';

const sameName = (a: string, b: string) => a.toLowerCase().replace(/\.$/, '') === b.toLowerCase().replace(/\.$/, '');

export const judge = {
  mx: (answers: { exchange: string }[], serviceHost: string): Judgement =>
    answers.some((a) => sameName(a.exchange, mxHost(serviceHost))) ? 'found' : answers.length ? 'conflict' : 'missing',
  /** An existing SPF record only needs the include added, so any SPF with it counts. */
  spf: (txt: string[], serviceHost: string): Judgement => {
    const spf = txt.filter((t) => /^v=spf1(\s|$)/i.test(t.trim()));
    if (spf.some((t) => t.toLowerCase().split(/\s+/).includes(spfInclude(serviceHost).toLowerCase()))) return 'found';
    return spf.length ? 'conflict' : 'missing';
  },
  dkim: (txt: string[], publicKey: string): Judgement => {
    const keys = txt.map(tagsOf).filter((t) => t.has('p'));
    if (keys.some((t) => t.get('p') === publicKey)) return 'found';
    return keys.length ? 'conflict' : 'missing';
  },
  cname: (answers: string[], target: string): Judgement =>
    answers.some((a) => sameName(a, target)) ? 'found' : answers.length ? 'conflict' : 'missing',
  /** DMARC is judged when read, against the policy chosen then (dmarcStatus). */
  dmarcRecord: (txt: string[]): string | null => txt.find((t) => /^v\s*=\s*DMARC1\b/i.test(t.trim()))?.trim() ?? null,
};

/** Found when the published record asks for the policy the domain has chosen; null before any check. */
export function dmarcStatus(d: DomainRecord): RecordStatus | null {
  if (d.recordStatus.dmarc === undefined) return null;
  return publishedPolicy(d.dmarcPublished) === d.dmarcPolicy ? 'found' : 'missing';
}
