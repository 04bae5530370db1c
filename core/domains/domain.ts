import type { SendingStatus } from '../workspaces/workspace.ts';
import type { CustomHost } from './custom-host.ts';

// spec: Resources — Domain. The stored aggregate: the verdicts of the last DNS check, the DKIM key, the custom
// hosts and the owner's choices. Fixture domains have no check yet and keep their fixture verdicts until one runs.

export type DmarcPolicy = 'none' | 'quarantine' | 'reject';
export const DMARC_POLICIES: readonly DmarcPolicy[] = ['none', 'quarantine', 'reject'];

/** The records a domain publishes, by what each is for (docs/adr/0004-dns-records.md). */
export type RecordPurpose = 'receiving' | 'spf' | 'dkim' | 'return_path' | 'dmarc';
export type RecordStatus = 'found' | 'missing';

export interface DkimKey { selector: string; publicKey: string; privateKeySealed: string; createdAt: string }

export interface DomainRecord {
  id: string;
  workspaceId: string;
  /** ASCII (punycode), lower case. */
  domain: string;
  createdAt: string;
  catchAll: boolean;
  receivingVerified: boolean;
  receivingVerifiedAt: string | null;
  receivingCheckedAt: string | null;
  receivingError: string | null;
  sendingStatus: SendingStatus;
  sendingCheckedAt: string | null;
  sendingError: string | null;
  /** What the last check saw of each record; a purpose never checked is absent. */
  recordStatus: Partial<Record<RecordPurpose, RecordStatus>>;
  dmarcPolicy: DmarcPolicy;
  /** The DMARC record found at the last check, verbatim; its tags are kept when the policy changes. */
  dmarcPublished: string | null;
  senderName: string | null;
  /** Key of the proofs custom hosts give, sealed with the master key. */
  hostSecretSealed: string | null;
  dkim: DkimKey | null;
  tracking: CustomHost | null;
  storage: CustomHost | null;
}

// spec: Limits — Domains.
export const DOMAIN_LIMITS = {
  verifyEveryMs: 10_000,
  recheckOnGetAfterMs: 20_000,
  hostCheckEveryMs: 30_000,
  /** spec: Domain — a negative sending verdict older than a day counts as unknown. */
  staleVerdictMs: 86_400_000,
  addressesPerWorkspace: 1_000,
  senderNameMax: 120,
  addressNameMax: 120,
} as const;

const NEGATIVE: readonly SendingStatus[] = ['pending', 'failed'];

/**
 * spec: Domain — `canSend`. Verified sends; a fresh negative verdict (pending, failed) blocks; a negative verdict
 * older than a day counts as unknown, and unknown does not block, so `canSend` may be true while `status` still
 * reads `pending`. Without a signing key (`no_identity`) nothing can be signed. A fixture verdict with no check
 * behind it has no age and stands.
 */
export function canSend(d: Pick<DomainRecord, 'sendingStatus' | 'sendingCheckedAt'>, now: Date): boolean {
  if (d.sendingStatus === 'verified' || d.sendingStatus === 'unknown') return true;
  if (d.sendingStatus === 'no_identity') return false;
  if (NEGATIVE.includes(d.sendingStatus) && d.sendingCheckedAt !== null) {
    return now.getTime() - Date.parse(d.sendingCheckedAt) > DOMAIN_LIMITS.staleVerdictMs;
  }
  return false;
}

const since = (at: string | null, now: Date) => (at === null ? Infinity : now.getTime() - Date.parse(at));

/** spec: POST /domains/{id}/verify — no new check when the last was under 10 seconds ago. */
export const mayVerifyNow = (d: DomainRecord, now: Date): boolean => since(lastCheckOf(d), now) >= DOMAIN_LIMITS.verifyEveryMs;

/** spec: GET /domains/{id} — re-checks an unverified domain when the last check is over 20 seconds old. */
export const wantsRecheckOnRead = (d: DomainRecord, now: Date): boolean =>
  !d.receivingVerified && since(lastCheckOf(d), now) > DOMAIN_LIMITS.recheckOnGetAfterMs;

/** Every check looks at the sending records, an unverified domain's also at MX. */
const lastCheckOf = (d: DomainRecord): string | null =>
  [d.sendingCheckedAt, d.receivingCheckedAt].filter((x): x is string => x !== null).sort().at(-1) ?? null;
