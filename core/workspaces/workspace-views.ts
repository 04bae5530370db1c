import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import type { User, Workspace } from './workspace.ts';

/** spec: Resources — Account, workspace: the list item and the active-workspace record. */
export const workspaceItem = (w: Workspace, userId: string) => ({
  id: w.id, object: 'workspace' as const, name: w.name, slug: w.slug, kind: w.kind, plan: w.plan,
  isOwner: w.ownerId === userId, createdAt: w.createdAt,
});

export const activeWorkspaceView = (w: Workspace, owner: User | null, userId: string) => ({
  id: w.id, name: w.name, slug: w.slug, email: owner?.email ?? null, kind: w.kind, isOwner: w.ownerId === userId,
  createdAt: w.createdAt,
});

/** The account's primary workspace: its oldest own team workspace, else its personal space (host contract). */
export function primaryOf(workspaces: Workspace[], userId: string): Workspace | null {
  const own = workspaces.filter((w) => w.ownerId === userId);
  return own.find((w) => w.kind === 'team') ?? own.find((w) => w.kind === 'personal') ?? null;
}

/** The workspace the caller works in: a key's own; an app's opened one (which authentication resolved). */
export async function activeWorkspace(store: Store, caller: Caller): Promise<Workspace> {
  const w = await store.directory.workspace(caller.workspaceId);
  if (!w) throw new Error(`workspace ${caller.workspaceId} of an authenticated caller is missing`);
  return w;
}
