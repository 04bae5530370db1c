import { visibleFile } from './file-access.ts';
import { linkView, type FileLinkView } from './file-link.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: Files — list a file's public links, revoked ones included, oldest first (an unpaged list: a bare array). */
export class ListFileLinks {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, fileId: string): Promise<FileLinkView[]> {
    const file = await visibleFile(this.store, caller, fileId);
    return (await this.store.files.links(caller.workspaceId, file.id)).map((l) => linkView(l, null));
  }
}
