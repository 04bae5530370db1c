import { canSend, type DomainRecord } from './domain.ts';
import { publishedPolicy, tagsOf } from './dns-records.ts';

// spec: Domain — `dmarc` (stage, issues, whether stricter than `p=none` is safe), null until verified.
// stage: the policy receivers see now (`none`, `quarantine`, `reject`), `missing` when no DMARC record is
// published, `unknown` before any check. Stricter is safe once mail passes SPF and DKIM from this service.

export interface DmarcIssue { code: string; message: string }

export function dmarcReport(d: DomainRecord, now: Date) {
  if (!d.receivingVerified) return null;
  const checked = d.recordStatus.dmarc !== undefined;
  const published = publishedPolicy(d.dmarcPublished);
  const stage = !checked ? 'unknown' : published ?? 'missing';
  const issues: DmarcIssue[] = [];
  if (checked && !d.dmarcPublished) issues.push({ code: 'dmarc_missing', message: `Publish the DMARC record at _dmarc.${d.domain}.` });
  if (published && published !== d.dmarcPolicy) {
    issues.push({ code: 'policy_mismatch', message: `The published policy is p=${published}; this domain asks for p=${d.dmarcPolicy}.` });
  }
  if (d.dmarcPublished && !tagsOf(d.dmarcPublished).has('rua')) {
    issues.push({ code: 'no_reports', message: 'The published record asks for no aggregate reports (rua=).' });
  }
  if (d.recordStatus.spf === 'missing') issues.push({ code: 'spf_missing', message: 'SPF does not include this service yet.' });
  if (d.recordStatus.dkim === 'missing') issues.push({ code: 'dkim_missing', message: 'The DKIM key is not published yet.' });
  if (d.dmarcPolicy === 'none') issues.push({ code: 'policy_none', message: 'Logos show in inboxes only at p=quarantine or p=reject.' });
  const stricterSafe = d.sendingStatus === 'verified' && canSend(d, now)
    && d.recordStatus.spf !== 'missing' && d.recordStatus.dkim !== 'missing';
  return { stage, issues, stricterSafe };
}
