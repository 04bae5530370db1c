import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BlobMissing, BlobTooLarge, type BlobRef, type BlobStore, type StoredBlob } from '../../core/ports/blob-store.ts';

// Refs are random (16 bytes, hex), not content hashes: every upload owns its bytes, so deleting one file can never
// take bytes another file still uses, and no reference counting is needed. The SHA-256 is still computed while
// streaming and kept on the file record.
const REF = /^[0-9a-f]{32}$/;
const HOUR = 60 * 60 * 1000;

/**
 * Blobs as files under `root`: `root/ab/cdef…` for ref `abcdef…`. Bytes are streamed to `root/tmp/*.part`,
 * fsynced, then renamed into place (same file system, so the rename is atomic) and the directory fsynced: a crash
 * leaves at most a part file in `tmp/`, never a short file under a ref. Part files no writer has touched for
 * `staleAfterMs` are swept on the first write after start and then hourly.
 */
export class FsBlobStore implements BlobStore {
  private readonly tempDir: string;
  private nextSweep = 0;

  constructor(private readonly root: string, private readonly staleAfterMs = HOUR) {
    this.tempDir = join(root, 'tmp');
  }

  private pathOf(ref: BlobRef): string | null {
    return REF.test(ref) ? join(this.root, ref.slice(0, 2), ref.slice(2)) : null;
  }

  async put(content: AsyncIterable<Uint8Array>, options: { maxBytes: number; ref?: BlobRef }): Promise<StoredBlob> {
    if (options.ref !== undefined && !this.pathOf(options.ref)) throw new Error(`Not a blob ref: ${options.ref}`);
    this.sweepWhenDue();
    await mkdir(this.tempDir, { recursive: true });
    const tempPath = join(this.tempDir, `${randomBytes(16).toString('hex')}.part`);
    const handle = await open(tempPath, 'wx');
    const hash = createHash('sha256');
    let sizeBytes = 0;
    try {
      for await (const chunk of content) {
        sizeBytes += chunk.length;
        if (sizeBytes > options.maxBytes) throw new BlobTooLarge(options.maxBytes);
        hash.update(chunk);
        await writeAll(handle, chunk);
      }
      await handle.sync();
      await handle.close();
    } catch (err) {
      await handle.close().catch(() => undefined);
      await rm(tempPath, { force: true });
      throw err;
    }
    const ref = options.ref ?? randomBytes(16).toString('hex');
    const path = this.pathOf(ref)!;
    try {
      await mkdir(dirname(path), { recursive: true });
      await rename(tempPath, path);
      await syncDirectory(dirname(path));
    } catch (err) {
      await rm(tempPath, { force: true });
      throw err;
    }
    return { ref, sizeBytes, sha256: hash.digest('hex') };
  }

  async open(ref: BlobRef): Promise<AsyncIterable<Uint8Array>> {
    const path = this.pathOf(ref);
    if (!path) throw new BlobMissing(ref);
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobMissing(ref);
      throw err;
    }
    // 1 MB reads: fewer trips through the thread pool for large files; the stream closes the handle at its end.
    return handle.createReadStream({ highWaterMark: 1024 * 1024 });
  }

  async remove(ref: BlobRef): Promise<void> {
    const path = this.pathOf(ref);
    if (path) await rm(path, { force: true });
  }

  /** Removes part files untouched for `olderThanMs` (left by a crash mid-write); returns how many. */
  async sweepTemp(olderThanMs = this.staleAfterMs): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tempDir);
    } catch {
      return 0;
    }
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      const path = join(this.tempDir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs <= cutoff) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private sweepWhenDue(): void {
    if (Date.now() < this.nextSweep) return;
    this.nextSweep = Date.now() + HOUR;
    void this.sweepTemp().catch(() => undefined);
  }
}

async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

/** Makes the rename itself durable; some platforms cannot open a directory for this, which is not an error. */
async function syncDirectory(path: string): Promise<void> {
  let dir: FileHandle | null = null;
  try {
    dir = await open(path, 'r');
    await dir.sync();
  } catch {
    // best effort (e.g. Windows)
  } finally {
    await dir?.close().catch(() => undefined);
  }
}
