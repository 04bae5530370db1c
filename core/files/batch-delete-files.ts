import { invalid } from '../kernel/errors.ts';
import { reaches } from './file-access.ts';
import { FILE_ID, deletability, type FileUsage, type StoredFile } from './file.ts';
import { FILE_LIMITS } from './file-limits.ts';
import { markFileDeleted, removeBytes } from './delete-file.ts';
import type { Caller } from '../auth/caller.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

export interface BatchDeleteReport {
  deleted: string[];
  kept: Array<{ id: string; usage: FileUsage | null; reason: string }>;
  /** Unknown, already deleted, or out of the caller's reach: the same to the caller. */
  missing: string[];
}

/** `ids`: 1 to 100 strings of at most 128 characters; a repeated id counts once. */
function batchIds(ids: unknown): string[] {
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > FILE_LIMITS.batchDeleteMax) {
    throw invalid('ids', `\`ids\` is a list of 1 to ${FILE_LIMITS.batchDeleteMax} file ids.`);
  }
  ids.forEach((id, i) => {
    if (typeof id !== 'string' || id.length < 1 || id.length > FILE_LIMITS.batchIdMax) {
      throw invalid(`ids.${i}`, `A file id is a string of 1 to ${FILE_LIMITS.batchIdMax} characters.`);
    }
  });
  return [...new Set(ids as string[])];
}

/**
 * spec: POST /files/batch-delete. Each file is judged as it is deleted, inside one transaction, so usage that
 * changed since the caller looked is respected; the bytes go after the commit.
 */
export class BatchDeleteFiles {
  constructor(private readonly store: Store, private readonly blobs: BlobStore, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, input: { ids: unknown }): Promise<BatchDeleteReport> {
    const ids = batchIds(input.ids);
    const at = this.clock.now().toISOString();
    const gone: StoredFile[] = [];
    const report = await this.store.transaction(async (tx) => {
      const out: BatchDeleteReport = { deleted: [], kept: [], missing: [] };
      gone.length = 0;
      for (const id of ids) {
        const file = FILE_ID.test(id) ? await tx.files.get(caller.workspaceId, id) : null;
        if (!file || file.deletedAt !== null || !reaches(caller, file)) { out.missing.push(id); continue; }
        const verdict = deletability(file);
        if (!verdict.deletable) { out.kept.push({ id, usage: file.usage, reason: verdict.reason }); continue; }
        if (await markFileDeleted(tx, this.ids, this.clock, file, at)) {
          out.deleted.push(id);
          gone.push(file);
        } else {
          out.missing.push(id);
        }
      }
      return out;
    });
    await removeBytes(this.blobs, gone);
    return report;
  }
}
