import type { DomainEvent } from './event.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/** Appends an event to the outbox; call it with the transaction's store so it commits with the change. */
export async function recordEvent(tx: Store, ids: IdSource, clock: Clock, event: DomainEvent): Promise<string> {
  const id = `evt_${ids.hex(12)}`;
  await tx.events.append({ ...event, id, createdAt: clock.now().toISOString() });
  return id;
}
