import type { RateLimitStore } from '../../core/ports/rate-limit-store.ts';

/**
 * Counts for one process only. Counts live per window; when a hit arrives for a newer window than any seen,
 * every older window is dropped, so memory holds about one window's worth of buckets however long it runs.
 * This relies on every caller using the same window length, as the core does (one fixed window).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<number, Map<string, number>>();
  #current = -Infinity;

  async hit(bucket: string, windowStart: number): Promise<number> {
    if (!Number.isFinite(windowStart)) throw new RangeError(`windowStart must be epoch ms, got ${windowStart}`);
    if (windowStart > this.#current) {
      this.#current = windowStart;
      for (const start of this.#windows.keys()) if (start < windowStart) this.#windows.delete(start);
    }
    // A late hit for an already dropped window (a request that read the clock just before the boundary)
    // starts that window again; it is dropped with the rest on the next move.
    let counts = this.#windows.get(windowStart);
    if (!counts) this.#windows.set(windowStart, (counts = new Map()));
    const count = (counts.get(bucket) ?? 0) + 1;
    counts.set(bucket, count);
    return count;
  }

  /** How many bucket counts are held, for tests of the memory bound. */
  get size(): number {
    let n = 0;
    for (const counts of this.#windows.values()) n += counts.size;
    return n;
  }
}
