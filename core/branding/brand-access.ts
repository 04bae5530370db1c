import { AppError, notFound } from '../kernel/errors.ts';
import { requireUnrestricted } from '../auth/authorize.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { defaultBrand, type Brand } from './brand.ts';

/** The caller's workspace and its brand (the default brand when it never changed one). */
export async function brandOf(store: Store, caller: Caller): Promise<{ workspace: Workspace; brand: Brand }> {
  const workspace = await store.directory.workspace(caller.workspaceId);
  if (!workspace) throw notFound('workspace');
  return { workspace, brand: (await store.branding.get(workspace.id)) ?? defaultBrand(workspace.id) };
}

/** spec: PATCH /branding — narrowed callers: 422 `capability_unsupported` with `param` `domainAllowlist`. */
export const requireBrandEditor = (caller: Caller): void => requireUnrestricted(caller, 'domainAllowlist');

/** spec: Resources — "A personal space has no brand": changes are 409 `branding_unavailable`. */
export function requireTeamWorkspace(workspace: Workspace): void {
  if (workspace.kind === 'personal') {
    throw new AppError('branding_unavailable', 'A personal space has no brand; switch to a team workspace to brand it.');
  }
}
