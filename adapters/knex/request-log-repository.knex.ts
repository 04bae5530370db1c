import type { Knex } from 'knex';
import type { Position } from '../../core/kernel/paging.ts';
import type { LogQuery, RequestLogEntry, RequestLogRepository } from '../../core/ports/repositories.ts';
import { newestFirst } from './queries.ts';
import { toNumber } from './values.ts';

interface RequestRow {
  id: string; workspace_id: string; key_id: string | null; token_id: string | null; request_id: string; method: string;
  path: string; status: number | string; ip_address: string; duration_ms: number | string; created_at: string;
}

const toRow = (e: RequestLogEntry): RequestRow => ({
  id: e.id, workspace_id: e.workspaceId, key_id: e.keyId, token_id: e.tokenId, request_id: e.requestId,
  method: e.method, path: e.path, status: e.status, ip_address: e.ipAddress, duration_ms: e.durationMs,
  created_at: e.createdAt,
});

const fromRow = (r: RequestRow): RequestLogEntry => ({
  id: r.id, workspaceId: r.workspace_id, keyId: r.key_id, tokenId: r.token_id, requestId: r.request_id,
  method: r.method, path: r.path, status: toNumber(r.status), ipAddress: r.ip_address, durationMs: toNumber(r.duration_ms),
  createdAt: r.created_at,
});

export class KnexRequestLogRepository implements RequestLogRepository {
  constructor(private readonly db: Knex) {}

  async append(entry: RequestLogEntry): Promise<void> {
    await this.db('request_log').insert(toRow(entry));
  }

  async appendMany(entries: RequestLogEntry[]): Promise<void> {
    // 200 rows of 11 columns stay far below SQLite's bound-parameter limit.
    for (let i = 0; i < entries.length; i += 200) await this.db('request_log').insert(entries.slice(i, i + 200).map(toRow));
  }

  /** `since` is inclusive and `until` exclusive, so adjacent windows neither overlap nor leave gaps. */
  async list(workspaceId: string, q: LogQuery, after: Position | null, limit: number): Promise<RequestLogEntry[]> {
    const query = this.db<RequestRow>('request_log').where({ workspace_id: workspaceId });
    if (q.keyId !== undefined) query.andWhere({ key_id: q.keyId });
    if (q.since !== undefined) query.andWhere('created_at', '>=', q.since);
    if (q.until !== undefined) query.andWhere('created_at', '<', q.until);
    if (q.statusFrom !== undefined) query.andWhere('status', '>=', q.statusFrom);
    if (q.statusTo !== undefined) query.andWhere('status', '<=', q.statusTo);
    const rows: RequestRow[] = await newestFirst(query, after).limit(limit);
    return rows.map(fromRow);
  }

  async counts(workspaceId: string, keyId: string | null, since: string): Promise<{ requests: number; errors: number }> {
    const query = this.db('request_log').where({ workspace_id: workspaceId }).andWhere('created_at', '>=', since);
    if (keyId !== null) query.andWhere({ key_id: keyId });
    const row = (await query.select(
      this.db.raw('count(*) as requests'),
      this.db.raw('coalesce(sum(case when status >= 400 then 1 else 0 end), 0) as errors'),
    ).first()) as { requests: unknown; errors: unknown } | undefined;
    return { requests: toNumber(row?.requests), errors: toNumber(row?.errors) };
  }
}
