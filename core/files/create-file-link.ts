import { AppError } from '../kernel/errors.ts';
import { visibleFile } from './file-access.ts';
import { isUnshareable } from './dangerous-files.ts';
import { linkUrl, linkView, type FileLinkView } from './file-link.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { SecretHasher } from '../ports/crypto.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { FileLink } from '../ports/file-repository.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: Files — public links. Each call makes a new link; programs and scripts: 422 `file_unshareable`. */
export class CreateFileLink {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly hasher: SecretHasher, private readonly clock: Clock) {}

  async execute(caller: Caller, fileId: string, origin: string | null): Promise<FileLinkView> {
    const file = await visibleFile(this.store, caller, fileId);
    if (isUnshareable(file)) throw new AppError('file_unshareable', 'Programs and scripts cannot be shared by a public link.', 'id');
    const token = this.ids.secret(32);
    const link: FileLink = {
      id: `shr_${this.ids.hex(12)}`, workspaceId: caller.workspaceId, fileId: file.id, tokenHash: this.hasher.hash(token),
      createdAt: this.clock.now().toISOString(), revokedAt: null,
    };
    await this.store.files.insertLink(link);
    return linkView(link, linkUrl(origin, token));
  }
}
