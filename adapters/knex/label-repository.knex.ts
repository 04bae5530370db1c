import type { Knex } from 'knex';
import { labelNameKey, type CountedLabel, type Label } from '../../core/labels/label.ts';
import type { Position } from '../../core/kernel/paging.ts';
import type { LabelRepository } from '../../core/ports/label-repository.ts';
import { dialectOf } from './dialect.ts';
import { countOf } from './queries.ts';
import { toBool, toNumber, unstorable } from './values.ts';

interface LabelRow {
  workspace_id: string; id: string; name: string; name_key: string; background_color: string | null;
  ai_instructions: string | null; ai_enabled: boolean | number; created_at: string; updated_at: string;
}
type CountedRow = LabelRow & { thread_count: number | string };

const toRow = (l: Label): LabelRow => ({
  workspace_id: l.workspaceId, id: l.id, name: l.name, name_key: labelNameKey(l.name), background_color: l.backgroundColor,
  ai_instructions: l.aiInstructions, ai_enabled: l.aiEnabled, created_at: l.createdAt, updated_at: l.updatedAt,
});

const fromRow = (r: LabelRow): Label => ({
  id: r.id, workspaceId: r.workspace_id, name: r.name, backgroundColor: r.background_color,
  aiInstructions: r.ai_instructions, aiEnabled: toBool(r.ai_enabled), createdAt: r.created_at, updatedAt: r.updated_at,
});

const fromCountedRow = (r: CountedRow): CountedLabel => ({ ...fromRow(r), threadCount: toNumber(r.thread_count) });

/** A unique index refused the write: SQLite's constraint codes, PostgreSQL's 23505. */
const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

export class KnexLabelRepository implements LabelRepository {
  constructor(private readonly db: Knex) {}

  /** Labels with their thread count, counted from the join table at read time. */
  private counted(workspaceId: string) {
    const threads = this.db('thread_labels as tl').count('*')
      .whereRaw('?? = ??', ['tl.workspace_id', 'l.workspace_id']).andWhereRaw('?? = ??', ['tl.label_id', 'l.id']);
    return this.db<CountedRow>('labels as l').select('l.*', threads.as('thread_count')).where('l.workspace_id', workspaceId);
  }

  async lockWorkspace(workspaceId: string): Promise<void> {
    // SQLite transactions already hold the database's write lock from their start (store.knex.ts).
    if (dialectOf(this.db) !== 'postgres') return;
    await this.db.raw("select pg_advisory_xact_lock(hashtext('workspace-mail:labels:' || ?))", [workspaceId]);
  }

  async get(workspaceId: string, id: string): Promise<CountedLabel | null> {
    if (unstorable(workspaceId, id)) return null;
    const row = (await this.counted(workspaceId).andWhere('l.id', id).first()) as CountedRow | undefined;
    return row ? fromCountedRow(row) : null;
  }

  async list(workspaceId: string, after: Position | null, limit: number): Promise<CountedLabel[]> {
    const q = this.counted(workspaceId);
    if (after) q.andWhereRaw('(??, ??) > (?, ?)', ['l.name', 'l.id', String(after[0]), String(after[1])]);
    const rows = (await q.orderBy([{ column: 'l.name' }, { column: 'l.id' }]).limit(limit)) as CountedRow[];
    return rows.map(fromCountedRow);
  }

  async findClash(workspaceId: string, id: string, name: string, exceptId: string | null): Promise<Label | null> {
    if (unstorable(workspaceId, id, name)) return null;
    const q = this.db<LabelRow>('labels').where({ workspace_id: workspaceId })
      .andWhere((w) => w.where({ id }).orWhere({ name_key: labelNameKey(name) }));
    if (exceptId !== null) q.andWhereNot({ id: exceptId });
    const row = await q.first();
    return row ? fromRow(row) : null;
  }

  count(workspaceId: string): Promise<number> {
    return countOf(this.db('labels').where({ workspace_id: workspaceId }));
  }

  countAiEnabled(workspaceId: string): Promise<number> {
    return countOf(this.db('labels').where({ workspace_id: workspaceId, ai_enabled: true }));
  }

  async insert(label: Label): Promise<boolean> {
    const written: unknown[] = await this.db('labels').insert(toRow(label)).onConflict().ignore().returning('id');
    return written.length > 0;
  }

  async update(label: Label): Promise<boolean> {
    const { workspace_id, id, created_at: _created, ...changes } = toRow(label);
    try {
      await this.db('labels').where({ workspace_id, id }).update(changes);
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    await this.db('labels').where({ workspace_id: workspaceId, id }).delete();
  }

  removeFromThreads(workspaceId: string, labelId: string): Promise<number> {
    return this.db('thread_labels').where({ workspace_id: workspaceId, label_id: labelId }).delete();
  }

  async addToThread(workspaceId: string, threadId: string, labelId: string): Promise<void> {
    await this.db('thread_labels').insert({ workspace_id: workspaceId, thread_id: threadId, label_id: labelId }).onConflict().ignore();
  }
}
