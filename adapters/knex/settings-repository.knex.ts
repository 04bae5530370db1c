import type { Knex } from 'knex';
import type { SettingsRepository, SettingsValues } from '../../core/ports/settings-repository.ts';
import { dialectOf } from './dialect.ts';
import { fromJson, toJson, unstorable } from './values.ts';

export class KnexSettingsRepository implements SettingsRepository {
  constructor(private readonly db: Knex) {}

  async scoped(workspaceId: string, scopes: string[]): Promise<Map<string, SettingsValues>> {
    const wanted = scopes.filter((s) => !unstorable(s));
    const rows: { scope: string; settings: string }[] = wanted.length
      ? await this.db('settings_scopes').select('scope', 'settings').where({ workspace_id: workspaceId }).whereIn('scope', wanted)
      : [];
    return new Map(rows.map((r) => [r.scope, fromJson<SettingsValues>(r.settings)]));
  }

  async saveScoped(workspaceId: string, scope: string, values: SettingsValues, at: string): Promise<void> {
    const key = { workspace_id: workspaceId, scope };
    if (Object.keys(values).length === 0) {
      await this.db('settings_scopes').where(key).delete();
      return;
    }
    const changes = { settings: toJson(values), updated_at: at };
    await this.db('settings_scopes').insert({ ...key, ...changes }).onConflict(['workspace_id', 'scope']).merge(changes);
  }

  async lockScope(workspaceId: string, scope: string): Promise<void> {
    await this.advisoryLock(`settings:${workspaceId}:${scope}`);
  }

  async account(userId: string): Promise<SettingsValues> {
    const row = await this.db('account_settings').select('settings').where({ user_id: userId }).first();
    return row ? fromJson<SettingsValues>(row.settings) : {};
  }

  async saveAccount(userId: string, values: SettingsValues, at: string): Promise<void> {
    const changes = { settings: toJson(values), updated_at: at };
    await this.db('account_settings').insert({ user_id: userId, ...changes }).onConflict('user_id').merge(changes);
  }

  async lockAccount(userId: string): Promise<void> {
    await this.advisoryLock(`account-settings:${userId}`);
  }

  async renameWorkspace(workspaceId: string, name: string): Promise<void> {
    await this.db('workspaces').where({ id: workspaceId }).update({ name });
  }

  private async advisoryLock(name: string): Promise<void> {
    // SQLite: the store's transactions already hold the database's one write lock from their first statement.
    if (dialectOf(this.db) !== 'postgres') return;
    await this.db.raw('select pg_advisory_xact_lock(hashtext(?))', [name]);
  }
}
