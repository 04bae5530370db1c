import { invalid } from '../kernel/errors.ts';
import { FILE_ID, type StoredFile } from '../files/file.ts';
import { reaches } from '../files/file-access.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** Attachments are live files of the workspace the caller reaches; anything else is 422 on `attachments.N`. */
export async function attachmentsInReach(store: Store, caller: Caller, ids: string[]): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for (const [i, id] of ids.entries()) {
    const file = FILE_ID.test(id) ? await store.files.get(caller.workspaceId, id) : null;
    if (!file || file.deletedAt !== null || !reaches(caller, file)) throw invalid(`attachments.${i}`, `No file ${id} this credential can attach.`);
    files.push(file);
  }
  return files;
}
