import type { Knex } from 'knex';
import type { AccessToken } from '../../core/auth/access-token.ts';
import type { Scope } from '../../core/auth/scopes.ts';
import type { AccessTokenRepository } from '../../core/ports/repositories.ts';
import { fromJson, toJson, unstorable } from './values.ts';

export interface AccessTokenRow {
  id: string; workspace_id: string; user_id: string; token_hash: string; app_client_id: string; app_name: string;
  app_kind: string; scopes: string; address_allowlist: string; domain_allowlist: string;
  step_up_verified_at: string | null; expires_at: string | null; created_at: string;
}

const toRow = (t: AccessToken): AccessTokenRow => ({
  id: t.id, workspace_id: t.workspaceId, user_id: t.userId, token_hash: t.tokenHash, app_client_id: t.app.clientId,
  app_name: t.app.name, app_kind: t.app.kind, scopes: toJson(t.scopes), address_allowlist: toJson(t.addressAllowlist),
  domain_allowlist: toJson(t.domainAllowlist), step_up_verified_at: t.stepUpVerifiedAt, expires_at: t.expiresAt,
  created_at: t.createdAt,
});

export const accessTokenFromRow = (r: AccessTokenRow): AccessToken => ({
  id: r.id, workspaceId: r.workspace_id, userId: r.user_id, tokenHash: r.token_hash,
  app: { clientId: r.app_client_id, name: r.app_name, kind: r.app_kind }, scopes: fromJson<Scope[]>(r.scopes),
  addressAllowlist: fromJson<string[]>(r.address_allowlist), domainAllowlist: fromJson<string[]>(r.domain_allowlist),
  stepUpVerifiedAt: r.step_up_verified_at, expiresAt: r.expires_at, createdAt: r.created_at,
});

export class KnexAccessTokenRepository implements AccessTokenRepository {
  constructor(private readonly db: Knex) {}

  private get table() { return this.db<AccessTokenRow>('access_tokens'); }

  async findByHash(tokenHash: string): Promise<AccessToken | null> {
    if (unstorable(tokenHash)) return null;
    const row = await this.table.where({ token_hash: tokenHash }).first();
    return row ? accessTokenFromRow(row) : null;
  }

  async insert(token: AccessToken): Promise<void> {
    await this.table.insert(toRow(token));
  }

  async setStepUpVerifiedAt(id: string, at: string): Promise<void> {
    await this.table.where({ id }).update({ step_up_verified_at: at });
  }
}
