import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';
import type { SendingStatus } from '../workspaces/workspace.ts';
import { recordEvent } from '../events/record-event.ts';
import type { DomainRecord } from './domain.ts';

// spec: Events — the domain family. Recorded in the transaction of the change that raised them.

export type DomainDeletedReason = 'removed' | 'never_verified' | 'moved';

const base = (d: DomainRecord) => ({ workspaceId: d.workspaceId, address: null, domain: d.domain });

export const domainEvents = {
  verified: (tx: Store, ids: IdSource, clock: Clock, d: DomainRecord, records: unknown[]) => recordEvent(tx, ids, clock, {
    type: 'domain.verified', ...base(d),
    data: { domainId: d.id, domain: d.domain, verifiedAt: d.receivingVerifiedAt, sendingState: d.sendingStatus, records },
  }),
  sendingChanged: (tx: Store, ids: IdSource, clock: Clock, d: DomainRecord, from: SendingStatus, at: string) => recordEvent(tx, ids, clock, {
    type: 'domain.sending_changed', ...base(d),
    data: { domainId: d.id, domain: d.domain, previousState: from, state: d.sendingStatus, changedAt: at },
  }),
  deleted: (tx: Store, ids: IdSource, clock: Clock, d: DomainRecord, reason: DomainDeletedReason, at: string) => recordEvent(tx, ids, clock, {
    type: 'domain.deleted', ...base(d), data: { domainId: d.id, domain: d.domain, reason, deletedAt: at },
  }),
};
