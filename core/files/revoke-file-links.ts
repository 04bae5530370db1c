import { notFound } from '../kernel/errors.ts';
import { visibleFile } from './file-access.ts';
import { LINK_ID, linkView, type FileLinkView } from './file-link.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: Files — revoking is permanent and idempotent; revoke-all answers how many links it revoked. */
export class RevokeFileLinks {
  constructor(private readonly store: Store, private readonly clock: Clock) {}

  /** A repeat answers the link as first revoked (same `revokedAt`). */
  async one(caller: Caller, fileId: string, linkId: string): Promise<FileLinkView> {
    return this.store.transaction(async (tx) => {
      const file = await visibleFile(tx, caller, fileId);
      const link = LINK_ID.test(linkId) ? await tx.files.link(caller.workspaceId, file.id, linkId) : null;
      if (!link) throw notFound('link', 'linkId');
      if (link.revokedAt !== null) return linkView(link, null);
      const revokedAt = this.clock.now().toISOString();
      await tx.files.revokeLink(caller.workspaceId, link.id, revokedAt);
      return linkView({ ...link, revokedAt }, null);
    });
  }

  async all(caller: Caller, fileId: string): Promise<{ revoked: number }> {
    return this.store.transaction(async (tx) => {
      const file = await visibleFile(tx, caller, fileId);
      return { revoked: await tx.files.revokeLinks(caller.workspaceId, file.id, this.clock.now().toISOString()) };
    });
  }
}
