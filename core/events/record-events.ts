import { recordEvent } from './record-event.ts';
import type { DomainEvent } from './event.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * Records events on their own, outside any other change: for library callers (and tests) that raise events of
 * areas whose use cases do not exist yet. Use cases that change state call `recordEvent` in their transaction.
 */
export class RecordEvents {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(events: DomainEvent[]): Promise<string[]> {
    return this.store.transaction(async (tx) => {
      const ids: string[] = [];
      for (const e of events) ids.push(await recordEvent(tx, this.ids, this.clock, e));
      return ids;
    });
  }
}
