import type { DomainEvent } from './event.ts';
import { sortableHex } from '../kernel/sortable-id.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/** Appends an event to the outbox; call it with the transaction's store so it commits with the change. */
export async function recordEvent(tx: Store, ids: IdSource, clock: Clock, event: DomainEvent): Promise<string> {
  const now = clock.now();
  const id = `evt_${sortableHex(now, ids)}`;
  await tx.events.append({ ...event, id, createdAt: now.toISOString() });
  return id;
}
