import { AppError } from '../kernel/errors.ts';
import { visibleFile } from './file-access.ts';
import { deletability, type StoredFile } from './file.ts';
import { recordFileEvent } from './file-events.ts';
import type { Caller } from '../auth/caller.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * Marks a live file deleted and records `file.deleted`, in the caller's transaction. The bytes go only after
 * the commit (`removeBytes`), so a row that is still live never points at missing bytes; a crash in between
 * leaves bytes no live row names.
 */
export async function markFileDeleted(tx: Store, ids: IdSource, clock: Clock, file: StoredFile, at: string): Promise<boolean> {
  if (!(await tx.files.markDeleted(file.workspaceId, file.id, at))) return false;
  await tx.files.revokeLinks(file.workspaceId, file.id, at);
  await recordFileEvent(tx, ids, clock, 'file.deleted', { ...file, deletedAt: at }, at);
  return true;
}

export async function removeBytes(blobs: BlobStore, files: StoredFile[]): Promise<void> {
  // A failed removal leaves unreachable bytes behind, never a broken file: the delete itself stands.
  await Promise.all(files.map((f) => blobs.remove(f.blobRef).catch(() => undefined)));
}

/** spec: DELETE /files/{id} — bytes removed, row kept marked deleted; 409 `file_in_use` while in use. */
export class DeleteFile {
  constructor(private readonly store: Store, private readonly blobs: BlobStore, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string): Promise<{ object: 'file'; id: string; deleted: true }> {
    const at = this.clock.now().toISOString();
    const file = await this.store.transaction(async (tx) => {
      const found = await visibleFile(tx, caller, id);
      const verdict = deletability(found);
      if (!verdict.deletable) throw new AppError('file_in_use', `${verdict.reason} It cannot be deleted.`, 'id');
      // Another request may have deleted it since it was read: that is the same 404 as an unknown file.
      if (!(await markFileDeleted(tx, this.ids, this.clock, found, at))) throw new AppError('resource_not_found', 'No such file.', 'id');
      return found;
    });
    await removeBytes(this.blobs, [file]);
    return { object: 'file', id: file.id, deleted: true };
  }
}
