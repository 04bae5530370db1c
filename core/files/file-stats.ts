import { reachOf } from './file-access.ts';
import { FILE_DIRECTIONS, FILE_KINDS, type FileDirection, type FileKind } from './file.ts';
import { uploadStorage } from './upload-quota.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

interface Tally { count: number; bytes: number }
const zero = (): Tally => ({ count: 0, bytes: 0 });

/**
 * spec: GET /files/stats — counts and bytes by kind and direction, deleted files excluded, narrowed callers
 * counting only their addresses. `uploadStorage` is the workspace's quota whoever asks: it is what 507 refers to.
 */
export class GetFileStats {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller) {
    const [tallies, storage] = await Promise.all([
      this.store.files.stats(caller.workspaceId, reachOf(caller)),
      uploadStorage(this.store, caller.workspaceId),
    ]);
    const total = zero();
    const byKind = Object.fromEntries([...FILE_KINDS, 'other'].map((k) => [k, zero()])) as Record<FileKind | 'other', Tally>;
    const byDirection = Object.fromEntries(FILE_DIRECTIONS.map((d) => [d, zero()])) as Record<FileDirection, Tally>;
    for (const t of tallies) {
      for (const cell of [total, byKind[t.kind ?? 'other'], byDirection[t.direction]]) {
        cell.count += t.count;
        cell.bytes += t.bytes;
      }
    }
    return {
      object: 'file_stats' as const,
      totalFiles: total.count,
      totalBytes: total.bytes,
      byKind,
      byDirection,
      uploadStorage: { usedBytes: storage.usedBytes, limitBytes: storage.limitBytes },
    };
  }
}
