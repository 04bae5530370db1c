import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import { primaryOf, workspaceItem } from './workspace-views.ts';

/** spec: GET /workspaces — the person's workspaces; the personal space is named but not in `data`. */
export class ListWorkspaces {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller) {
    const all = await this.store.account.workspacesOf(caller.userId);
    const personal = all.find((w) => w.kind === 'personal' && w.ownerId === caller.userId) ?? null;
    return {
      object: 'list' as const,
      data: all.filter((w) => w !== personal).map((w) => workspaceItem(w, caller.userId)),
      activeWorkspaceId: caller.workspaceId,
      primaryWorkspaceId: primaryOf(all, caller.userId)?.id ?? null,
      personalWorkspaceId: personal?.id ?? null,
    };
  }
}
