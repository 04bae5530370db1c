import type { Knex } from 'knex';
import { domainOf } from '../../core/kernel/emails.ts';
import { fileNameKey, type FileDirection, type FileKind, type FileSort, type FileUsage, type StoredFile } from '../../core/files/file.ts';
import type { Position } from '../../core/kernel/paging.ts';
import type { FileLink, FileQuery, FileReach, FileRepository, FileTally } from '../../core/ports/file-repository.ts';
import { dialectOf } from './dialect.ts';
import { toNumber, unstorable } from './values.ts';

interface FileRow {
  id: string; workspace_id: string; filename: string; name_key: string; mime_type: string; kind: string | null;
  size_bytes: number | string; sha256: string; blob_ref: string; direction: string; usage: string | null;
  delivered_to: string | null; delivered_domain: string | null; thread_id: string | null; message_id: string | null;
  created_at: string; deleted_at: string | null;
}
interface LinkRow { id: string; workspace_id: string; file_id: string; token_hash: string; created_at: string; revoked_at: string | null }

const toRow = (f: StoredFile): FileRow => ({
  id: f.id, workspace_id: f.workspaceId, filename: f.filename, name_key: fileNameKey(f.filename), mime_type: f.mimeType,
  kind: f.kind, size_bytes: f.sizeBytes, sha256: f.sha256, blob_ref: f.blobRef, direction: f.direction, usage: f.usage,
  delivered_to: f.deliveredTo, delivered_domain: f.deliveredTo === null ? null : domainOf(f.deliveredTo),
  thread_id: f.threadId, message_id: f.messageId, created_at: f.createdAt, deleted_at: f.deletedAt,
});

const fromRow = (r: FileRow): StoredFile => ({
  id: r.id, workspaceId: r.workspace_id, filename: r.filename, mimeType: r.mime_type, kind: r.kind as FileKind | null,
  sizeBytes: toNumber(r.size_bytes), sha256: r.sha256, blobRef: r.blob_ref, direction: r.direction as FileDirection,
  usage: r.usage as FileUsage | null, deliveredTo: r.delivered_to, threadId: r.thread_id, messageId: r.message_id,
  createdAt: r.created_at, deletedAt: r.deleted_at,
});

const linkFromRow = (r: LinkRow): FileLink => ({
  id: r.id, workspaceId: r.workspace_id, fileId: r.file_id, tokenHash: r.token_hash, createdAt: r.created_at, revokedAt: r.revoked_at,
});

/** Each sort: its two key columns and direction (spec: GET /files `sort`). */
const ORDER: Record<FileSort, { columns: [string, string]; desc: boolean }> = {
  newest: { columns: ['created_at', 'id'], desc: true },
  oldest: { columns: ['created_at', 'id'], desc: false },
  largest: { columns: ['size_bytes', 'id'], desc: true },
  name: { columns: ['name_key', 'id'], desc: false },
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class KnexFileRepository implements FileRepository {
  constructor(private readonly db: Knex) {}

  private get files() { return this.db<FileRow>('files'); }
  private get fileLinks() { return this.db<LinkRow>('file_links'); }

  /** Live files of the workspace the reach covers; a reach of nothing matches nothing. */
  private live(workspaceId: string, reach: FileReach | null): Knex.QueryBuilder<FileRow> {
    const q = this.files.where({ workspace_id: workspaceId }).whereNull('deleted_at');
    if (reach) {
      if (!reach.addresses.length && !reach.domains.length) q.whereRaw('1 = 0');
      else q.andWhere((w) => w.whereIn('delivered_to', reach.addresses).orWhereIn('delivered_domain', reach.domains));
    }
    return q;
  }

  async get(workspaceId: string, id: string): Promise<StoredFile | null> {
    if (unstorable(workspaceId, id)) return null;
    const row = await this.files.where({ workspace_id: workspaceId, id }).first();
    return row ? fromRow(row) : null;
  }

  async list(workspaceId: string, query: FileQuery, after: Position | null, limit: number): Promise<StoredFile[]> {
    if (unstorable(query.q ?? '', query.address ?? '')) return [];
    const q = this.live(workspaceId, query.reach);
    if (query.q) q.whereRaw("?? like ? escape '\\'", ['name_key', `%${escapeLike(query.q)}%`]);
    if (query.kind) q.where({ kind: query.kind });
    if (query.direction) q.where({ direction: query.direction });
    if (query.address !== undefined) q.where({ delivered_to: query.address });
    if (query.since) q.where('created_at', '>=', query.since);
    if (query.until) q.where('created_at', '<', query.until);
    const { columns: [first, second], desc } = ORDER[query.sort];
    // Row-value comparison seeks the sort's index straight to the position (see queries.ts).
    if (after) q.whereRaw(`(??, ??) ${desc ? '<' : '>'} (?, ?)`, [first, second, after[0]!, String(after[1])]);
    const order = desc ? 'desc' : 'asc';
    const rows: FileRow[] = await q.orderBy([{ column: first, order }, { column: second, order }]).limit(limit);
    return rows.map(fromRow);
  }

  async stats(workspaceId: string, reach: FileReach | null): Promise<FileTally[]> {
    const rows = await this.live(workspaceId, reach).select('kind', 'direction')
      .count({ n: '*' }).sum({ b: 'size_bytes' }).groupBy('kind', 'direction') as unknown as Array<{ kind: string | null; direction: string; n: unknown; b: unknown }>;
    return rows.map((r) => ({ kind: r.kind as FileKind | null, direction: r.direction as FileDirection, count: toNumber(r.n), bytes: toNumber(r.b) }));
  }

  async uploadsSince(workspaceId: string, since: string): Promise<{ count: number; oldest: string | null }> {
    const row = await this.files.where({ workspace_id: workspaceId, direction: 'uploaded' }).where('created_at', '>=', since)
      .count({ n: '*' }).min({ oldest: 'created_at' }).first() as unknown as { n: unknown; oldest: string | null } | undefined;
    return { count: toNumber(row?.n), oldest: row?.oldest ?? null };
  }

  async uploadedBytes(workspaceId: string): Promise<number> {
    const row = await this.files.where({ workspace_id: workspaceId, direction: 'uploaded' }).whereNull('deleted_at')
      .sum({ b: 'size_bytes' }).first() as unknown as { b: unknown } | undefined;
    return toNumber(row?.b);
  }

  async lockUploads(workspaceId: string): Promise<void> {
    // SQLite transactions of this store already hold the database's write lock from their start (store.knex.ts).
    if (dialectOf(this.db) === 'postgres') await this.db('workspaces').where({ id: workspaceId }).forUpdate().select('id');
  }

  async insert(file: StoredFile): Promise<void> {
    await this.files.insert(toRow(file));
  }

  async markDeleted(workspaceId: string, id: string, at: string): Promise<boolean> {
    return (await this.files.where({ workspace_id: workspaceId, id }).whereNull('deleted_at').update({ deleted_at: at })) > 0;
  }

  async setUsage(workspaceId: string, id: string, usage: FileUsage | null): Promise<void> {
    await this.files.where({ workspace_id: workspaceId, id }).update({ usage });
  }

  async insertLink(link: FileLink): Promise<void> {
    await this.fileLinks.insert({
      id: link.id, workspace_id: link.workspaceId, file_id: link.fileId, token_hash: link.tokenHash,
      created_at: link.createdAt, revoked_at: link.revokedAt,
    });
  }

  async links(workspaceId: string, fileId: string): Promise<FileLink[]> {
    const rows: LinkRow[] = await this.fileLinks.where({ workspace_id: workspaceId, file_id: fileId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(linkFromRow);
  }

  async link(workspaceId: string, fileId: string, linkId: string): Promise<FileLink | null> {
    if (unstorable(linkId)) return null;
    const row = await this.fileLinks.where({ workspace_id: workspaceId, file_id: fileId, id: linkId }).first();
    return row ? linkFromRow(row) : null;
  }

  async linkByTokenHash(tokenHash: string): Promise<FileLink | null> {
    if (unstorable(tokenHash)) return null;
    const row = await this.fileLinks.where({ token_hash: tokenHash }).first();
    return row ? linkFromRow(row) : null;
  }

  async revokeLink(workspaceId: string, linkId: string, at: string): Promise<void> {
    await this.fileLinks.where({ workspace_id: workspaceId, id: linkId }).whereNull('revoked_at').update({ revoked_at: at });
  }

  async revokeLinks(workspaceId: string, fileId: string, at: string): Promise<number> {
    return this.fileLinks.where({ workspace_id: workspaceId, file_id: fileId }).whereNull('revoked_at').update({ revoked_at: at });
  }
}
