import type { Knex } from 'knex';
import type { RateLimitStore } from '../../core/ports/rate-limit-store.ts';
import { toNumber } from './values.ts';

const KEEP_MS = 10 * 60_000;
const PURGE_EVERY_MS = 60_000;

/** Counters in the database, so every process on it shares them. */
export class KnexRateLimitStore implements RateLimitStore {
  #purgedAt = -Infinity;

  constructor(private readonly db: Knex) {}

  async hit(bucket: string, windowStart: number): Promise<number> {
    if (!Number.isFinite(windowStart)) throw new RangeError(`windowStart must be epoch ms, got ${windowStart}`);
    // One upsert, so concurrent hits from any number of processes each count exactly once.
    const rows: { count: unknown }[] = await this.db('rate_limit_windows')
      .insert({ bucket, window_start: windowStart, count: 1 })
      .onConflict(['bucket', 'window_start'])
      .merge({ count: this.db.raw('?? + 1', ['rate_limit_windows.count']) })
      .returning('count');
    await this.purge(windowStart);
    return toNumber(rows[0]?.count);
  }

  // Paced by the windows callers hand in rather than the wall clock, so a test clock drives it too.
  private async purge(windowStart: number): Promise<void> {
    if (windowStart - this.#purgedAt < PURGE_EVERY_MS) return;
    this.#purgedAt = windowStart;
    try {
      await this.db('rate_limit_windows').where('window_start', '<', windowStart - KEEP_MS).delete();
    } catch {
      // Only housekeeping: the next purge deletes what this one left.
    }
  }
}
