import { AppError, invalid, notFound } from '../kernel/errors.ts';
import { requireOwner, requireStepUp, requireUnrestricted } from '../auth/authorize.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';
import { primaryOf } from './workspace-views.ts';

/**
 * spec: DELETE /workspaces/{id} — irreversible: everything the workspace owns goes with it (the database cascades).
 * Refusals in the host contract's order: owner_only, capability_unsupported, step_up_required, the name
 * confirmation, then first_workspace.
 */
export class DeleteWorkspace {
  constructor(private readonly store: Store, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string, input: { confirm?: string }) {
    if (id !== caller.workspaceId) throw notFound('workspace', 'id');
    requireOwner(caller);
    requireUnrestricted(caller);
    requireStepUp(caller, this.clock);
    const workspace = (await this.store.directory.workspace(id))!;
    if ((input.confirm ?? '').trim().toLowerCase() !== workspace.name.trim().toLowerCase()) {
      throw invalid('confirm', 'Type the workspace name to confirm the deletion.');
    }
    const all = await this.store.account.workspacesOf(caller.userId);
    const primary = primaryOf(all, caller.userId);
    if (primary?.id === id) throw new AppError('first_workspace', "The account's primary workspace cannot be deleted.", 'id');
    await this.store.transaction((tx) => tx.account.deleteWorkspace(id));
    return { id, object: 'workspace' as const, deleted: true as const, activeWorkspaceId: primary?.id ?? null };
  }
}
