import { notFound } from '../kernel/errors.ts';
import { LINK_TOKEN } from './file-link.ts';
import { openContent, type FileContent } from './get-file.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import type { SecretHasher } from '../ports/crypto.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * spec: Files — "anybody with the URL can download". No credential; a revoked link, a deleted file and a token
 * that was never handed out are the same 404.
 */
export class DownloadSharedFile {
  constructor(private readonly store: Store, private readonly blobs: BlobStore, private readonly hasher: SecretHasher) {}

  async execute(token: string): Promise<FileContent> {
    const link = LINK_TOKEN.test(token) ? await this.store.files.linkByTokenHash(this.hasher.hash(token)) : null;
    const file = link && link.revokedAt === null ? await this.store.files.get(link.workspaceId, link.fileId) : null;
    if (!file || file.deletedAt !== null) throw notFound('file');
    return openContent(this.blobs, file);
  }
}
