import type { Knex } from 'knex';
import type { Actor } from '../../core/keys/api-key.ts';
import type { Position } from '../../core/kernel/paging.ts';
import type { ActivityEntry, ActivityRepository, LogQuery } from '../../core/ports/repositories.ts';
import { newestFirst } from './queries.ts';
import { fromJson, toJson } from './values.ts';

interface ActivityRow {
  id: string; workspace_id: string; key_id: string; type: string; source: string; actor: string; detail: string;
  created_at: string;
}

const toRow = (e: ActivityEntry): ActivityRow => ({
  id: e.id, workspace_id: e.workspaceId, key_id: e.keyId, type: e.type, source: e.source, actor: toJson(e.actor),
  detail: toJson(e.detail), created_at: e.createdAt,
});

const fromRow = (r: ActivityRow): ActivityEntry => ({
  id: r.id, workspaceId: r.workspace_id, keyId: r.key_id, type: r.type, source: r.source as ActivityEntry['source'],
  actor: fromJson<Actor>(r.actor), detail: fromJson<Record<string, unknown>>(r.detail), createdAt: r.created_at,
});

type ActivityQuery = Pick<LogQuery, 'keyId' | 'since' | 'until'> & { type?: string };

export class KnexActivityRepository implements ActivityRepository {
  constructor(private readonly db: Knex) {}

  async append(entry: ActivityEntry): Promise<void> {
    await this.db('key_activity').insert(toRow(entry));
  }

  /** `since` is inclusive and `until` exclusive, as in the request log. */
  async list(workspaceId: string, q: ActivityQuery, after: Position | null, limit: number): Promise<ActivityEntry[]> {
    const query = this.db<ActivityRow>('key_activity').where({ workspace_id: workspaceId });
    if (q.keyId !== undefined) query.andWhere({ key_id: q.keyId });
    if (q.type !== undefined) query.andWhere({ type: q.type });
    if (q.since !== undefined) query.andWhere('created_at', '>=', q.since);
    if (q.until !== undefined) query.andWhere('created_at', '<', q.until);
    const rows: ActivityRow[] = await newestFirst(query, after).limit(limit);
    return rows.map(fromRow);
  }
}
