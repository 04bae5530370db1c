import type { BlobRef } from '../ports/blob-store.ts';

// spec: Resources — File. A file is bytes in the blob store plus this record. Deleting keeps the record, marked
// deleted, so batch reports and the upload rate (which counts deleted uploads) still see it.
export type FileDirection = 'inbound' | 'outbound' | 'uploaded';
export type FileUsage = 'received' | 'sent' | 'linked' | 'scheduled';
export type FileKind = 'image' | 'pdf' | 'audio' | 'video' | 'text';
export type FileSort = 'newest' | 'oldest' | 'largest' | 'name';

export const FILE_DIRECTIONS: readonly FileDirection[] = ['inbound', 'outbound', 'uploaded'];
export const FILE_USAGES: readonly FileUsage[] = ['received', 'sent', 'linked', 'scheduled'];
export const FILE_KINDS: readonly FileKind[] = ['image', 'pdf', 'audio', 'video', 'text'];
export const FILE_SORTS: readonly FileSort[] = ['newest', 'oldest', 'largest', 'name'];

export interface StoredFile {
  id: string;
  workspaceId: string;
  filename: string;
  mimeType: string;
  /** Derived from `mimeType` once, so lists can filter on it; null for anything of no listed kind. */
  kind: FileKind | null;
  sizeBytes: number;
  sha256: string;
  blobRef: BlobRef;
  direction: FileDirection;
  usage: FileUsage | null;
  /** Lower-cased; null for a workspace-wide upload. */
  deliveredTo: string | null;
  threadId: string | null;
  messageId: string | null;
  createdAt: string;
  deletedAt: string | null;
}

/** spec: GET /files `kind` — read off the MIME type. */
export function kindOf(mimeType: string): FileKind | null {
  const essence = mimeType.split(';')[0]!.trim().toLowerCase();
  if (essence === 'application/pdf') return 'pdf';
  const top = essence.split('/')[0];
  return top === 'image' || top === 'audio' || top === 'video' || top === 'text' ? top : null;
}

/** What name search and the `name` sort compare (host contract: `q` matches the name ignoring case). */
export const fileNameKey = (filename: string): string => filename.toLowerCase();

/**
 * spec: DELETE /files/{id} — 409 `file_in_use` when linked or scheduled or received/sent, but "an upload that was
 * sent inside a message can be deleted": a sent upload is only a copy of what went out.
 */
export function deletability(file: Pick<StoredFile, 'usage' | 'direction'>): { deletable: true } | { deletable: false; reason: string } {
  switch (file.usage) {
    case null: return { deletable: true };
    case 'sent':
      return file.direction === 'uploaded'
        ? { deletable: true }
        : { deletable: false, reason: 'The file is part of a sent message.' };
    case 'received': return { deletable: false, reason: 'The file arrived in a received message.' };
    case 'linked': return { deletable: false, reason: 'The file is linked from a message, template or signature.' };
    case 'scheduled': return { deletable: false, reason: 'The file is attached to a scheduled message.' };
  }
}

export const fileView = (f: StoredFile) => ({
  id: f.id,
  object: 'file' as const,
  filename: f.filename,
  mimeType: f.mimeType,
  sizeBytes: f.sizeBytes,
  sha256: f.sha256,
  direction: f.direction,
  usage: f.usage,
  deletable: deletability(f).deletable,
  deliveredTo: f.deliveredTo,
  threadId: f.threadId,
  messageId: f.messageId,
  createdAt: f.createdAt,
});

export type FileView = ReturnType<typeof fileView>;

/** spec: Conventions item 5 — `file_<24 hex>`. Anything else cannot name a file. */
export const FILE_ID = /^file_[0-9a-f]{24}$/;
