import { recordEvent } from '../events/record-event.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';
import type { StoredFile } from './file.ts';

export type FileEventType = 'file.uploaded' | 'file.deleted';

/**
 * spec: Events — file.uploaded / file.deleted carry fileId, filename, mimeType, sizeBytes, direction, to, threadId,
 * messageId, uploadedAt or deletedAt. The event concerns the file's address, so endpoints narrowed to other
 * addresses never see it (a workspace-wide upload has `to` null).
 */
export async function recordFileEvent(tx: Store, ids: IdSource, clock: Clock, type: FileEventType, file: StoredFile, at: string): Promise<void> {
  await recordEvent(tx, ids, clock, {
    type,
    workspaceId: file.workspaceId,
    address: file.deliveredTo,
    domain: null,
    data: {
      fileId: file.id, filename: file.filename, mimeType: file.mimeType, sizeBytes: file.sizeBytes,
      direction: file.direction, to: file.deliveredTo, threadId: file.threadId, messageId: file.messageId,
      ...(type === 'file.uploaded' ? { uploadedAt: at } : { deletedAt: at }),
    },
  });
}
