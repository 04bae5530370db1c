import { AppError } from '../kernel/errors.ts';
import { BlobMissing, type BlobStore } from '../ports/blob-store.ts';
import { visibleFile } from './file-access.ts';
import { fileView, type FileView, type StoredFile } from './file.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

export interface FileContent { file: FileView; bytes: AsyncIterable<Uint8Array> }

/** Opens a file's bytes; a live row whose bytes are gone is a storage failure, never an empty file. */
export async function openContent(blobs: BlobStore, file: StoredFile): Promise<FileContent> {
  try {
    return { file: fileView(file), bytes: await blobs.open(file.blobRef) };
  } catch (err) {
    if (err instanceof BlobMissing) throw new AppError('internal_error', 'The bytes of this file are missing from storage.');
    throw err;
  }
}

/** spec: GET /files/{id} and GET /files/{id}/content. Deleted, out of reach or unknown: 404. */
export class GetFile {
  constructor(private readonly store: Store, private readonly blobs: BlobStore) {}

  async execute(caller: Caller, id: string): Promise<FileView> {
    return fileView(await visibleFile(this.store, caller, id));
  }

  async content(caller: Caller, id: string): Promise<FileContent> {
    return openContent(this.blobs, await visibleFile(this.store, caller, id));
  }
}
