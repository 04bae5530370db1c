import type { Knex } from 'knex';
import type { RecordedEvent } from '../../core/events/event.ts';
import type { Position } from '../../core/kernel/paging.ts';
import type { EventRepository } from '../../core/ports/event-repository.ts';
import { fromJson, toJson } from './values.ts';

interface EventRow { id: string; workspace_id: string; type: string; data: string; address: string | null; domain: string | null; created_at: string }

const fromRow = (r: EventRow): RecordedEvent => ({
  id: r.id, workspaceId: r.workspace_id, type: r.type, data: fromJson(r.data), address: r.address, domain: r.domain, createdAt: r.created_at,
});

export class KnexEventRepository implements EventRepository {
  constructor(private readonly db: Knex) {}

  async append(e: RecordedEvent): Promise<void> {
    await this.db('events').insert({
      id: e.id, workspace_id: e.workspaceId, type: e.type, data: toJson(e.data), address: e.address, domain: e.domain, created_at: e.createdAt,
    });
  }

  async listAfter(workspaceId: string, after: Position | null, limit: number): Promise<RecordedEvent[]> {
    const q = this.db<EventRow>('events').where({ workspace_id: workspaceId });
    if (after) q.whereRaw('(??, ??) > (?, ?)', ['created_at', 'id', String(after[0]), String(after[1])]);
    return (await q.orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(limit)).map(fromRow);
  }
}
