import type { Knex } from 'knex';
import type { Actor, ApiKey, KeyLifecycle } from '../../core/keys/api-key.ts';
import type { Scope } from '../../core/auth/scopes.ts';
import type { Position } from '../../core/kernel/paging.ts';
import type { ApiKeyRepository } from '../../core/ports/repositories.ts';
import { countOf, newestFirst } from './queries.ts';
import { fromJson, toJson, toNumber, unstorable } from './values.ts';

interface ApiKeyRow {
  id: string; workspace_id: string; name: string; secret_hash: string; key_last4: string; lifecycle: string;
  scopes: string; role_id: string | null; address_allowlist: string; domain_allowlist: string; ip_allowlist: string;
  expires_at: string | null; last_used_at: string | null; total_uses: number | string; rotated_at: string | null;
  rotation_count: number | string; deactivated_at: string | null; revoked_at: string | null; revoked_reason: string | null;
  created_at: string; created_by: string; updated_at: string; updated_by: string; last_change_at: string;
  last_change_type: string;
}

const toRow = (k: ApiKey): ApiKeyRow => ({
  id: k.id, workspace_id: k.workspaceId, name: k.name, secret_hash: k.secretHash, key_last4: k.keyLast4,
  lifecycle: k.lifecycle, scopes: toJson(k.scopes), role_id: k.roleId, address_allowlist: toJson(k.addressAllowlist),
  domain_allowlist: toJson(k.domainAllowlist), ip_allowlist: toJson(k.ipAllowlist), expires_at: k.expiresAt,
  last_used_at: k.lastUsedAt, total_uses: k.totalUses, rotated_at: k.rotatedAt, rotation_count: k.rotationCount,
  deactivated_at: k.deactivatedAt, revoked_at: k.revokedAt, revoked_reason: k.revokedReason, created_at: k.createdAt,
  created_by: toJson(k.createdBy), updated_at: k.updatedAt, updated_by: toJson(k.updatedBy),
  last_change_at: k.lastChangeAt, last_change_type: k.lastChangeType,
});

const fromRow = (r: ApiKeyRow): ApiKey => ({
  id: r.id, workspaceId: r.workspace_id, name: r.name, secretHash: r.secret_hash, keyLast4: r.key_last4,
  lifecycle: r.lifecycle as KeyLifecycle, scopes: fromJson<Scope[]>(r.scopes), roleId: r.role_id,
  addressAllowlist: fromJson<string[]>(r.address_allowlist), domainAllowlist: fromJson<string[]>(r.domain_allowlist),
  ipAllowlist: fromJson<string[]>(r.ip_allowlist), expiresAt: r.expires_at, lastUsedAt: r.last_used_at,
  totalUses: toNumber(r.total_uses), rotatedAt: r.rotated_at, rotationCount: toNumber(r.rotation_count),
  deactivatedAt: r.deactivated_at, revokedAt: r.revoked_at, revokedReason: r.revoked_reason, createdAt: r.created_at,
  createdBy: fromJson<Actor>(r.created_by), updatedAt: r.updated_at, updatedBy: fromJson<Actor>(r.updated_by),
  lastChangeAt: r.last_change_at, lastChangeType: r.last_change_type,
});

export class KnexApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly db: Knex) {}

  private get table() { return this.db<ApiKeyRow>('api_keys'); }

  async get(workspaceId: string, id: string): Promise<ApiKey | null> {
    if (unstorable(workspaceId, id)) return null;
    const row = await this.table.where({ workspace_id: workspaceId, id }).first();
    return row ? fromRow(row) : null;
  }

  async findById(id: string): Promise<ApiKey | null> {
    if (unstorable(id)) return null;
    const row = await this.table.where({ id }).first();
    return row ? fromRow(row) : null;
  }

  async list(workspaceId: string, after: Position | null, limit: number): Promise<ApiKey[]> {
    const rows: ApiKeyRow[] = await newestFirst(this.table.where({ workspace_id: workspaceId }), after).limit(limit);
    return rows.map(fromRow);
  }

  countOpen(workspaceId: string, now: string): Promise<number> {
    return countOf(this.table.where({ workspace_id: workspaceId }).whereNot({ lifecycle: 'revoked' })
      .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', now)));
  }

  async insert(key: ApiKey): Promise<void> {
    await this.table.insert(toRow(key));
  }

  /** Usage (`totalUses`, `lastUsedAt`) belongs to `recordUse`, so an edit racing a use cannot undo the count. */
  async update(key: ApiKey): Promise<void> {
    const { id, workspace_id, total_uses: _uses, last_used_at: _lastUsed, ...changes } = toRow(key);
    await this.table.where({ workspace_id, id }).update(changes);
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    await this.table.where({ workspace_id: workspaceId, id }).delete();
  }

  async recordUse(id: string, at: string, count = 1): Promise<void> {
    // One statement, so concurrent writers of the same key never lose a count or move lastUsedAt back.
    await this.table.where({ id }).update({
      total_uses: this.db.raw('?? + ?', ['total_uses', count]),
      last_used_at: this.db.raw('case when ?? is null or ?? < ? then ? else ?? end', ['last_used_at', 'last_used_at', at, at, 'last_used_at']),
    });
  }
}
