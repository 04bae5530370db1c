import { AppError, invalid } from '../kernel/errors.ts';
import { ensureDefaultAudience } from '../audiences/default-audience.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';
import type { Workspace } from './workspace.ts';

const SAME_NAME_REPLAY_MS = 10_000;
const NAME_MAX = 64;

const slugOf = (name: string) =>
  name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48) || 'workspace';

/**
 * spec: POST /workspaces — a new team workspace on the Free plan, owned by the caller's person, opened in the
 * calling app. One Free workspace per account; the same name again within 10 seconds answers the first result.
 */
export class CreateWorkspace {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, input: { name: string }) {
    const name = String(input.name ?? '').trim();
    if (name.length < 1 || name.length > NAME_MAX) throw invalid('name', `A workspace name is 1 to ${NAME_MAX} characters.`);
    const now = this.clock.now();
    const created = await this.store.transaction(async (tx) => {
      const owned = (await tx.account.workspacesOf(caller.userId)).filter((w) => w.ownerId === caller.userId && w.kind === 'team');
      // A double submit (same name, within 10 s) is the same request: answer the workspace it made.
      const replay = owned.find((w) => w.name === name && now.getTime() - Date.parse(w.createdAt) < SAME_NAME_REPLAY_MS);
      if (replay) return replay;
      if (owned.some((w) => w.plan === 'free')) {
        throw new AppError('workspace_allowance_reached', 'An account can own one workspace on the Free plan; upgrade it to make another.');
      }
      const workspace: Workspace = {
        id: this.ids.uuid(), name, slug: slugOf(name), kind: 'team', ownerId: caller.userId, plan: 'free', createdAt: now.toISOString(),
      };
      await tx.directory.insertWorkspace(workspace);
      await ensureDefaultAudience(tx, this.ids, workspace.id, workspace.createdAt);
      if (caller.kind === 'access_token') await tx.account.setOpenedWorkspace(caller.credentialId, workspace.id);
      return workspace;
    });
    return { id: created.id, object: 'workspace' as const, name: created.name, slug: created.slug, active: true };
  }
}
