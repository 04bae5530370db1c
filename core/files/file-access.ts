import { AppError, notFound } from '../kernel/errors.ts';
import { holdsAddress, type Caller } from '../auth/caller.ts';
import { FILE_ID, type StoredFile } from './file.ts';
import type { FileReach } from '../ports/file-repository.ts';
import type { Position } from '../kernel/paging.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * spec: GET /files — narrowed callers see only files that arrived at their addresses and never workspace-wide
 * uploads. null means the caller reaches every file.
 */
export const reachOf = (caller: Caller): FileReach | null =>
  caller.reachesAll ? null : { addresses: caller.addressAllowlist, domains: caller.domainAllowlist };

export const reaches = (caller: Caller, file: Pick<StoredFile, 'deliveredTo'>): boolean =>
  caller.reachesAll || (file.deliveredTo !== null && holdsAddress(caller, file.deliveredTo));

/** A live file the caller reaches; deleted, out of reach and unknown are the same 404 (spec: GET /files/{id}). */
export async function visibleFile(store: Store, caller: Caller, id: string, param = 'id'): Promise<StoredFile> {
  const file = FILE_ID.test(id) ? await store.files.get(caller.workspaceId, id) : null;
  if (!file || file.deletedAt !== null || !reaches(caller, file)) throw notFound('file', param);
  return file;
}

/**
 * spec: POST /files — a narrowed caller uploads to the first address it holds: the first of its address allowlist,
 * else the first address (alphabetically) of a domain it holds. 403 `upload_no_address` when it holds none.
 */
export async function uploadAddress(store: Store, caller: Caller): Promise<string | null> {
  if (caller.reachesAll) return null;
  if (caller.addressAllowlist.length) return caller.addressAllowlist[0]!.toLowerCase();
  if (caller.domainAllowlist.length) {
    let after: Position | null = null;
    for (;;) {
      const batch = await store.directory.addresses(caller.workspaceId, after, 100);
      const held = batch.find((a) => holdsAddress(caller, a.address));
      if (held) return held.address;
      if (batch.length < 100) break;
      after = [batch[batch.length - 1]!.address];
    }
  }
  throw new AppError('upload_no_address', 'This credential holds no address to upload to.');
}
