import { AppError } from '../kernel/errors.ts';
import { BlobTooLarge, type BlobStore } from '../ports/blob-store.ts';
import { putClaimable } from '../blobs/claimed-blob.ts';
import { uploadAddress } from './file-access.ts';
import { fileView, kindOf, type FileView, type StoredFile } from './file.ts';
import { FILE_LIMITS, formatBytes } from './file-limits.ts';
import { uploadName } from './file-name.ts';
import { HEAD_BYTES, isProgramContent, isProgramName, isProgramType } from './dangerous-files.ts';
import { checkUploadRate, checkUploadStorage } from './upload-quota.ts';
import { recordFileEvent } from './file-events.ts';
import { peekHead } from './upload-stream.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

export interface UploadFileInput {
  content: AsyncIterable<Uint8Array>;
  contentType: string | null;
  /** The declared size, when the client sent one; the bytes are counted anyway. */
  contentLength: number | null;
  /** The `filename` query parameter, already decoded. */
  filename?: string;
  /** The `X-Filename` header as sent (URI-encoded). */
  filenameHeader?: string;
}

/** `type/subtype` and its parameters, lower-cased but the parameter values; anything else is octet-stream. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}(\s*;\s*[a-z0-9!#$&^_.+-]+=("[^"\\\r\n]*"|[a-z0-9!#$&^_.+-]+))*$/i;
function mimeTypeOf(contentType: string | null): string {
  const value = contentType?.trim() ?? '';
  if (!MEDIA_TYPE.test(value) || value.length > 255) return 'application/octet-stream';
  const [essence, ...params] = value.split(';');
  return [essence!.trim().toLowerCase(), ...params.map((p) => p.trim())].join('; ');
}

const tooLarge = () => new AppError('upload_too_large', `A file is at most ${formatBytes(FILE_LIMITS.uploadMaxBytes)} (${FILE_LIMITS.uploadMaxBytes.toLocaleString('en')} bytes).`);
const dangerous = () => new AppError('upload_dangerous', 'Programs and scripts cannot be uploaded.');
const empty = () => new AppError('upload_empty', 'The file is empty: send its bytes as the request body.');

/**
 * spec: POST /files. Cheap refusals come first (address, name, declared size, rate, storage), then the bytes are
 * judged by their first bytes and streamed to the blob store, counted as they go. The row is written only once
 * the bytes are in place, with the quota checked again under a lock; if that fails the bytes are removed.
 */
export class UploadFile {
  constructor(private readonly store: Store, private readonly blobs: BlobStore, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, input: UploadFileInput): Promise<FileView> {
    const deliveredTo = await uploadAddress(this.store, caller);
    const filename = uploadName(input.filename, input.filenameHeader);
    const mimeType = mimeTypeOf(input.contentType);
    if (isProgramName(filename) || isProgramType(mimeType)) throw dangerous();
    if (input.contentLength !== null && input.contentLength > FILE_LIMITS.uploadMaxBytes) throw tooLarge();
    if (input.contentLength === 0) throw empty();
    await checkUploadRate(this.store, caller.workspaceId, this.clock.now());
    await checkUploadStorage(this.store, caller.workspaceId, Math.max(1, input.contentLength ?? 1));

    const { head, rest } = await peekHead(input.content, HEAD_BYTES);
    if (head.length === 0) throw empty();
    if (isProgramContent(head)) throw dangerous();
    const blob = await this.storeBytes(rest);

    try {
      return await this.store.transaction(async (tx) => {
        const now = this.clock.now();
        const at = now.toISOString();
        await tx.files.lockUploads(caller.workspaceId);
        await checkUploadRate(tx, caller.workspaceId, now);
        await checkUploadStorage(tx, caller.workspaceId, blob.sizeBytes);
        const file: StoredFile = {
          id: `file_${this.ids.hex(12)}`, workspaceId: caller.workspaceId, filename, mimeType, kind: kindOf(mimeType),
          sizeBytes: blob.sizeBytes, sha256: blob.sha256, blobRef: blob.ref, direction: 'uploaded', usage: null,
          deliveredTo, threadId: null, messageId: null, createdAt: at, deletedAt: null,
        };
        await tx.files.insert(file);
        await blob.claim(tx);
        await recordFileEvent(tx, this.ids, this.clock, 'file.uploaded', file, at);
        return fileView(file);
      });
    } catch (err) {
      await this.blobs.remove(blob.ref).catch(() => undefined);
      await this.store.blobIntents.remove(blob.ref).catch(() => undefined);
      throw err;
    }
  }

  private async storeBytes(content: AsyncIterable<Uint8Array>) {
    try {
      return await putClaimable(this.store, this.blobs, this.ids, this.clock, content, FILE_LIMITS.uploadMaxBytes);
    } catch (err) {
      if (err instanceof BlobTooLarge) throw tooLarge();
      if (err instanceof AppError) throw err;
      // The client went away mid-body, or the disk refused: nothing was kept either way.
      throw new AppError('upload_failed', 'The file could not be stored; try again.');
    }
  }
}
