import type { BlobStore, StoredBlob } from '../ports/blob-store.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * Stores bytes so that a crash can never orphan them: an intent is recorded (and committed) first, then the bytes
 * are written, and the caller's transaction that writes the owning row calls `claim(tx)` to delete the intent.
 * A crash between the bytes landing and that commit leaves the intent, and `SweepUnclaimedBlobs` removes both.
 */
export async function putClaimable(
  store: Store, blobs: BlobStore, ids: IdSource, clock: Clock, content: AsyncIterable<Uint8Array>, maxBytes: number,
): Promise<StoredBlob & { claim(tx: Store): Promise<void> }> {
  const ref = ids.hex(16);
  await store.blobIntents.add(ref, clock.now().toISOString());
  try {
    const stored = await blobs.put(content, { maxBytes, ref });
    return { ...stored, claim: (tx) => tx.blobIntents.remove(ref) };
  } catch (err) {
    await store.blobIntents.remove(ref).catch(() => undefined);
    throw err;
  }
}
