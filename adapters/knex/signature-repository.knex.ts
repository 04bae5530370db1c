import type { Knex } from 'knex';
import type { Position } from '../../core/kernel/paging.ts';
import type { SignatureListFilter, SignatureRepository } from '../../core/ports/signature-repository.ts';
import {
  signatureNameKey, signatureNameTaken, type DefaultFlag, type Signature, type SignatureSummary,
} from '../../core/signatures/signature.ts';
import { dialectOf } from './dialect.ts';
import { toBool, unstorable } from './values.ts';

interface SignatureRow {
  id: string; workspace_id: string; address: string; domain: string; name: string; name_key: string; html: string;
  is_default: unknown; is_reply_default: unknown; created_at: string; updated_at: string;
}

const SUMMARY_COLUMNS = ['id', 'workspace_id', 'address', 'name', 'is_default', 'is_reply_default', 'created_at', 'updated_at'];
const FLAG_COLUMN: Record<DefaultFlag, string> = { isDefault: 'is_default', isReplyDefault: 'is_reply_default' };

const summaryFromRow = (r: Omit<SignatureRow, 'html' | 'domain' | 'name_key'>): SignatureSummary => ({
  id: r.id, workspaceId: r.workspace_id, address: r.address, name: r.name, isDefault: toBool(r.is_default),
  isReplyDefault: toBool(r.is_reply_default), createdAt: r.created_at, updatedAt: r.updated_at,
});
const fromRow = (r: SignatureRow): Signature => ({ ...summaryFromRow(r), html: r.html });

const changes = (s: Signature) => ({
  name: s.name, name_key: signatureNameKey(s.name), html: s.html, is_default: s.isDefault,
  is_reply_default: s.isReplyDefault, updated_at: s.updatedAt,
});

/** The unique name index refused a write (a race the use case's own check could not see). */
const isNameClash = (e: unknown): boolean => {
  const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === 'signatures_name_unique';
  return typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT') && String(message).includes('signatures.name_key');
};

export class KnexSignatureRepository implements SignatureRepository {
  constructor(private readonly db: Knex) {}

  private get table() { return this.db<SignatureRow>('signatures'); }

  async get(workspaceId: string, id: string): Promise<Signature | null> {
    if (unstorable(workspaceId, id)) return null;
    const row = await this.table.where({ workspace_id: workspaceId, id }).first();
    return row ? fromRow(row) : null;
  }

  async list(workspaceId: string, filter: SignatureListFilter, after: Position | null, limit: number): Promise<Signature[]> {
    const q = this.table.where({ workspace_id: workspaceId });
    if (filter.address !== null) q.andWhere({ address: filter.address });
    const reach = filter.reach;
    if (reach) {
      // Catch-all rows show only through their whole domain, even were `*@d` ever listed as an address.
      const addresses = reach.addresses.filter((a) => !a.startsWith('*@'));
      q.andWhere((w) => w.whereIn('address', addresses).orWhereIn('domain', [...reach.domains]));
    }
    if (after) q.whereRaw('(??, ??, ??) > (?, ?, ?)', ['address', 'created_at', 'id', String(after[0]), String(after[1]), String(after[2])]);
    const rows: SignatureRow[] = await q.orderBy([{ column: 'address' }, { column: 'created_at' }, { column: 'id' }]).limit(limit);
    return rows.map(fromRow);
  }

  async onAddress(workspaceId: string, address: string): Promise<SignatureSummary[]> {
    const rows: SignatureRow[] = await this.db('signatures').select(SUMMARY_COLUMNS).where({ workspace_id: workspaceId, address })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(summaryFromRow);
  }

  async lockAddress(workspaceId: string, address: string): Promise<void> {
    // SQLite: the store's transactions already hold the database's one write lock from their first statement.
    if (dialectOf(this.db) !== 'postgres') return;
    await this.db.raw("select pg_advisory_xact_lock(hashtext('signatures:' || ? || ':' || ?))", [workspaceId, address]);
  }

  async insert(s: Signature): Promise<void> {
    const domain = s.address.slice(s.address.lastIndexOf('@') + 1);
    await this.guard(() => this.table.insert({
      id: s.id, workspace_id: s.workspaceId, address: s.address, domain, created_at: s.createdAt, ...changes(s),
    }));
  }

  async update(s: Signature): Promise<void> {
    await this.guard(() => this.table.where({ workspace_id: s.workspaceId, id: s.id }).update(changes(s)));
  }

  async clearFlag(workspaceId: string, address: string, flag: DefaultFlag, at: string): Promise<void> {
    const column = FLAG_COLUMN[flag];
    await this.table.where({ workspace_id: workspaceId, address, [column]: true }).update({ [column]: false, updated_at: at });
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    await this.table.where({ workspace_id: workspaceId, id }).delete();
  }

  private async guard(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (e) {
      if (isNameClash(e)) throw signatureNameTaken();
      throw e;
    }
  }
}
