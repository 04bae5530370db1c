import type { Knex } from 'knex';
import type { Position } from '../../core/kernel/paging.ts';
import type { SuppressionRepository } from '../../core/ports/suppression-repository.ts';
import type { Suppression, SuppressionReason, Unsubscribe, UnsubscribeSource } from '../../core/suppressions/suppression.ts';
import { insertIfAbsent } from './insert-if-absent.ts';
import { newestFirst } from './queries.ts';
import { fromJson, toJson, unstorable } from './values.ts';

interface SuppressionRow { id: string; workspace_id: string; email: string; reason: string; detail: string | null; created_at: string }
type UnsubscribeRow = {
  workspace_id: string; email: string; source: string; broadcast_id: string | null; automation_id: string | null;
  audience_ids: string; created_at: string;
};

const suppression = (r: SuppressionRow): Suppression => ({
  id: r.id, workspaceId: r.workspace_id, email: r.email, reason: r.reason as SuppressionReason, detail: r.detail, createdAt: r.created_at,
});
const unsubscribe = (r: UnsubscribeRow): Unsubscribe => ({
  workspaceId: r.workspace_id, email: r.email, source: r.source as UnsubscribeSource, broadcastId: r.broadcast_id,
  automationId: r.automation_id, audienceIds: fromJson<string[]>(r.audience_ids), createdAt: r.created_at,
});
const unsubscribeRow = (u: Unsubscribe): UnsubscribeRow => ({
  workspace_id: u.workspaceId, email: u.email, source: u.source, broadcast_id: u.broadcastId, automation_id: u.automationId,
  audience_ids: toJson(u.audienceIds), created_at: u.createdAt,
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class KnexSuppressionRepository implements SuppressionRepository {
  constructor(private readonly db: Knex) {}

  async get(workspaceId: string, id: string): Promise<Suppression | null> {
    if (unstorable(workspaceId, id)) return null;
    const row = await this.db<SuppressionRow>('suppressions').where({ workspace_id: workspaceId, id }).first();
    return row ? suppression(row) : null;
  }

  async byEmail(workspaceId: string, email: string): Promise<Suppression | null> {
    if (unstorable(workspaceId, email)) return null;
    const row = await this.db<SuppressionRow>('suppressions').where({ workspace_id: workspaceId, email }).first();
    return row ? suppression(row) : null;
  }

  async list(workspaceId: string, query: { q?: string; reason?: SuppressionReason }, after: Position | null, limit: number): Promise<Suppression[]> {
    const q = this.db<SuppressionRow>('suppressions').where({ workspace_id: workspaceId });
    if (query.q) q.whereRaw("?? like ? escape '\\'", ['email', `%${escapeLike(query.q)}%`]);
    if (query.reason) q.andWhere({ reason: query.reason });
    return ((await newestFirst(q, after).limit(limit)) as SuppressionRow[]).map(suppression);
  }

  insert(s: Suppression): Promise<boolean> {
    return insertIfAbsent(this.db, 'suppressions', {
      id: s.id, workspace_id: s.workspaceId, email: s.email, reason: s.reason, detail: s.detail, created_at: s.createdAt,
    }, 'id');
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    await this.db('suppressions').where({ workspace_id: workspaceId, id }).delete();
  }

  async unsubscribe(workspaceId: string, email: string): Promise<Unsubscribe | null> {
    if (unstorable(workspaceId, email)) return null;
    const row = await this.db<UnsubscribeRow>('unsubscribes').where({ workspace_id: workspaceId, email }).first();
    return row ? unsubscribe(row) : null;
  }

  async unsubscribesAmong(workspaceId: string, emails: string[]): Promise<Unsubscribe[]> {
    const wanted = emails.filter((e) => !unstorable(e));
    const out: Unsubscribe[] = [];
    for (let i = 0; i < wanted.length; i += 500) {
      const rows = await this.db<UnsubscribeRow>('unsubscribes').where({ workspace_id: workspaceId }).whereIn('email', wanted.slice(i, i + 500));
      out.push(...rows.map(unsubscribe));
    }
    return out;
  }

  async listUnsubscribes(workspaceId: string, query: { email?: string; source?: UnsubscribeSource }, after: Position | null, limit: number): Promise<Unsubscribe[]> {
    const q = this.db<UnsubscribeRow>('unsubscribes').where({ workspace_id: workspaceId });
    if (query.email !== undefined) q.andWhere({ email: unstorable(query.email) ? '' : query.email });
    if (query.source) q.andWhere({ source: query.source });
    return ((await newestFirst(q, after, 'created_at', 'email').limit(limit)) as UnsubscribeRow[]).map(unsubscribe);
  }

  insertUnsubscribe(u: Unsubscribe): Promise<boolean> {
    return insertIfAbsent(this.db, 'unsubscribes', unsubscribeRow(u), 'email');
  }

  async addUnsubscribedAudiences(workspaceId: string, email: string, audienceIds: string[]): Promise<void> {
    const current = await this.unsubscribe(workspaceId, email);
    if (!current) return;
    const merged = [...new Set([...current.audienceIds, ...audienceIds])];
    await this.db('unsubscribes').where({ workspace_id: workspaceId, email }).update({ audience_ids: toJson(merged) });
  }

  async deleteUnsubscribe(workspaceId: string, email: string): Promise<void> {
    await this.db('unsubscribes').where({ workspace_id: workspaceId, email }).delete();
  }
}
