import type { SettingsValues } from '../ports/settings-repository.ts';
import { ACCOUNT_FIELDS, SCOPED_FIELDS, SETTINGS_FIELDS, settableAt } from './settings-fields.ts';
import { resolutionChain, type SettingsScope } from './settings-scope.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * The settings read (spec: Resources — Settings read): every field with defaults filled in, `overrides` (only
 * what the named scope sets itself), `address` (the scope named, lower-cased, or null), account fields and
 * `workspaceName`.
 */
export async function settingsView(store: Store, workspaceId: string, userId: string, scope: SettingsScope) {
  const chain = resolutionChain(scope);
  const [scoped, account, workspace] = [
    await store.settings.scoped(workspaceId, chain.map((s) => s.key)),
    await store.settings.account(userId),
    await store.directory.workspace(workspaceId),
  ];
  const resolved: SettingsValues = {};
  for (const name of SCOPED_FIELDS) {
    let value: unknown = SETTINGS_FIELDS[name].default;
    // Last setter wins: later scopes in the chain are nearer the address.
    for (const level of chain) {
      const set = scoped.get(level.key)?.[name];
      if (set !== undefined && settableAt(name, level.level)) value = set;
    }
    resolved[name] = value;
  }
  for (const name of ACCOUNT_FIELDS) resolved[name] = account[name] ?? SETTINGS_FIELDS[name].default;
  const own = scoped.get(scope.key) ?? {};
  const overrides = Object.fromEntries(SCOPED_FIELDS.filter((n) => own[n] !== undefined).map((n) => [n, own[n]]));
  return { object: 'settings' as const, address: scope.address, workspaceName: workspace?.name ?? null, ...resolved, overrides };
}

export type SettingsView = Awaited<ReturnType<typeof settingsView>>;
