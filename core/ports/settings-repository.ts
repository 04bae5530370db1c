/** What one scope or one person sets itself: field name -> value (see core/settings/settings-fields.ts). */
export type SettingsValues = Record<string, unknown>;

/**
 * Settings as each scope sets them. A scope is '' (the workspace), `@<domain>`, `*@<domain>` or one address;
 * account fields are kept per person.
 */
export interface SettingsRepository {
  /** The values of each scope asked for that sets anything; scopes that set nothing are absent. */
  scoped(workspaceId: string, scopes: string[]): Promise<Map<string, SettingsValues>>;
  /** Replaces what a scope sets; an empty object removes the scope's row. */
  saveScoped(workspaceId: string, scope: string, values: SettingsValues, at: string): Promise<void>;
  /** Holds one scope until the transaction ends, so two partial updates cannot lose each other's fields. */
  lockScope(workspaceId: string, scope: string): Promise<void>;
  account(userId: string): Promise<SettingsValues>;
  saveAccount(userId: string, values: SettingsValues, at: string): Promise<void>;
  lockAccount(userId: string): Promise<void>;
  /** `workspaceName` is the workspace's own name. */
  renameWorkspace(workspaceId: string, name: string): Promise<void>;
}
