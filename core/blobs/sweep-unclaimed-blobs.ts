import type { BlobStore } from '../ports/blob-store.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';

/** An upload still unclaimed after this long belongs to a request that died (a crash, a kill). */
const UNCLAIMED_AFTER_MS = 60 * 60_000;

/** Removes bytes whose owning row never committed, with their intents. Safe to run in every process at once. */
export class SweepUnclaimedBlobs {
  constructor(private readonly store: Store, private readonly blobs: BlobStore, private readonly clock: Clock) {}

  async execute(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - UNCLAIMED_AFTER_MS).toISOString();
    let removed = 0;
    for (;;) {
      const refs = await this.store.blobIntents.olderThan(before, 100);
      for (const ref of refs) {
        await this.blobs.remove(ref);
        await this.store.blobIntents.remove(ref);
        removed++;
      }
      if (refs.length < 100) return removed;
    }
  }
}
