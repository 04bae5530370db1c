import { notFound } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import { activeWorkspace, activeWorkspaceView } from './workspace-views.ts';

/** spec: GET and PUT /workspaces/active. A key's active workspace is its own (host contract); an app can switch. */
export class ActiveWorkspace {
  constructor(private readonly store: Store) {}

  async get(caller: Caller) {
    const w = await activeWorkspace(this.store, caller);
    return activeWorkspaceView(w, await this.store.directory.user(w.ownerId), caller.userId);
  }

  async set(caller: Caller, input: { workspaceId: string }) {
    const target = (await this.store.account.workspacesOf(caller.userId)).find((w) => w.id === input.workspaceId);
    // A key belongs to one workspace: only that one is "openable" for it.
    if (!target || (caller.kind === 'api_key' && target.id !== caller.workspaceId)) throw notFound('workspace', 'workspaceId');
    if (caller.kind === 'access_token') await this.store.account.setOpenedWorkspace(caller.credentialId, target.id);
    return activeWorkspaceView(target, await this.store.directory.user(target.ownerId), caller.userId);
  }
}
