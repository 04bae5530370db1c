import { AppError } from '../kernel/errors.ts';
import { FILE_LIMITS, UPLOAD_STORAGE_BYTES, formatBytes } from './file-limits.ts';
import type { Store } from '../ports/repositories.ts';

// spec: Limits — Files: 500 uploads per workspace per hour (deleted ones included), upload storage per plan.

/** 429 `upload_rate_limited` with Retry-After: seconds until the oldest upload of the last hour leaves the window. */
export async function checkUploadRate(store: Store, workspaceId: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - FILE_LIMITS.uploadWindowMs).toISOString();
  const { count, oldest } = await store.files.uploadsSince(workspaceId, windowStart);
  if (count < FILE_LIMITS.uploadsPerHour) return;
  const frees = oldest ? Date.parse(oldest) + FILE_LIMITS.uploadWindowMs : now.getTime() + FILE_LIMITS.uploadWindowMs;
  const retryAfter = Math.max(1, Math.ceil((frees - now.getTime()) / 1000));
  throw new AppError('upload_rate_limited',
    `A workspace uploads at most ${FILE_LIMITS.uploadsPerHour} files an hour (deleted files count). Retry after ${retryAfter} s.`,
    null, { 'Retry-After': String(retryAfter) });
}

export interface StorageUse { usedBytes: number; limitBytes: number | null }

export async function uploadStorage(store: Store, workspaceId: string): Promise<StorageUse> {
  const workspace = await store.directory.workspace(workspaceId);
  const limitBytes = workspace ? UPLOAD_STORAGE_BYTES[workspace.plan] ?? null : null;
  return { usedBytes: await store.files.uploadedBytes(workspaceId), limitBytes };
}

/** 507 `upload_storage_full` when `addingBytes` more would pass the plan's upload storage. */
export async function checkUploadStorage(store: Store, workspaceId: string, addingBytes: number): Promise<void> {
  const { usedBytes, limitBytes } = await uploadStorage(store, workspaceId);
  if (limitBytes === null || usedBytes + addingBytes <= limitBytes) return;
  throw new AppError('upload_storage_full',
    `The workspace's upload storage (${formatBytes(limitBytes)}) is full: delete files to make room.`);
}
