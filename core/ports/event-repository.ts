import type { RecordedEvent } from '../events/event.ts';
import type { Position } from '../kernel/paging.ts';

export interface EventRepository {
  append(event: RecordedEvent): Promise<void>;
  /** Oldest first; position `[createdAt, id]`. */
  listAfter(workspaceId: string, after: Position | null, limit: number): Promise<RecordedEvent[]>;
}
