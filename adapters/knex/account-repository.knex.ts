import type { Knex } from 'knex';
import type { AccessToken } from '../../core/auth/access-token.ts';
import type { AccountRepository, NotificationPreferences, UsernameRecord } from '../../core/ports/account-repository.ts';
import type { Workspace } from '../../core/workspaces/workspace.ts';
import { accessTokenFromRow, type AccessTokenRow } from './access-token-repository.knex.ts';
import { workspaceFromRow, type WorkspaceRow } from './directory-repository.knex.ts';
import { fromJson, toJson, unstorable } from './values.ts';

export class KnexAccountRepository implements AccountRepository {
  constructor(private readonly db: Knex) {}

  async workspacesOf(userId: string): Promise<Workspace[]> {
    const rows: WorkspaceRow[] = await this.db<WorkspaceRow>('workspaces')
      .where({ owner_id: userId })
      .orWhereIn('id', this.db('memberships').select('workspace_id').where({ user_id: userId }))
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(workspaceFromRow);
  }

  async deleteWorkspace(id: string): Promise<void> {
    await this.db('workspaces').where({ id }).delete();
  }

  async openedWorkspace(tokenId: string): Promise<string | null> {
    const row = await this.db('opened_workspaces').where({ token_id: tokenId }).first();
    return row?.workspace_id ?? null;
  }

  async setOpenedWorkspace(tokenId: string, workspaceId: string): Promise<void> {
    await this.db('opened_workspaces').insert({ token_id: tokenId, workspace_id: workspaceId })
      .onConflict('token_id').merge({ workspace_id: workspaceId });
  }

  async preferences(userId: string): Promise<NotificationPreferences> {
    const row = await this.db('account_preferences').where({ user_id: userId }).first();
    return row
      ? { emailOff: fromJson(row.email_off), mutedWorkspaces: fromJson(row.muted_workspaces) }
      : { emailOff: [], mutedWorkspaces: [] };
  }

  async savePreferences(userId: string, p: NotificationPreferences): Promise<void> {
    const values = { email_off: toJson(p.emailOff), muted_workspaces: toJson(p.mutedWorkspaces) };
    await this.db('account_preferences').insert({ user_id: userId, ...values }).onConflict('user_id').merge(values);
  }

  async username(userId: string): Promise<UsernameRecord | null> {
    const row = await this.db('usernames').where({ user_id: userId }).first();
    return row ? { userId: row.user_id, username: row.username, chosenAt: row.chosen_at ?? null } : null;
  }

  async usernameOwner(username: string): Promise<string | null> {
    if (unstorable(username)) return null;
    const row = await this.db('usernames').where({ username }).first();
    return row?.user_id ?? null;
  }

  async saveUsername(r: UsernameRecord): Promise<boolean> {
    const owner = await this.usernameOwner(r.username);
    if (owner !== null && owner !== r.userId) return false;
    try {
      const values = { username: r.username, chosen_at: r.chosenAt };
      await this.db('usernames').insert({ user_id: r.userId, ...values }).onConflict('user_id').merge(values);
      return true;
    } catch {
      // Another person took the name between the check and the write: the unique index refused it.
      return (await this.usernameOwner(r.username)) === r.userId;
    }
  }

  async tokensOf(userId: string): Promise<AccessToken[]> {
    const rows: AccessTokenRow[] = await this.db<AccessTokenRow>('access_tokens').where({ user_id: userId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(accessTokenFromRow);
  }
}
