import { AppError } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import { holdsSettingsScope, parseSettingsScope } from './settings-scope.ts';
import { settingsView, type SettingsView } from './settings-view.ts';

/**
 * spec: GET /settings. Any well-formed scope reads (an address need not exist: a plus address resolves through
 * its base). A narrowed caller reads the workspace-wide values with no `address`, but naming something it does not
 * hold is 422 `capability_unsupported` (before validation: host contract, which refusal wins).
 */
export class GetSettings {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, query: { address?: string }): Promise<SettingsView> {
    if (query.address !== undefined && !holdsSettingsScope(caller, query.address)) {
      throw new AppError('capability_unsupported', 'A narrowed caller can read settings only of addresses and domains it holds.', 'address');
    }
    return settingsView(this.store, caller.workspaceId, caller.userId, parseSettingsScope(query.address));
  }
}
