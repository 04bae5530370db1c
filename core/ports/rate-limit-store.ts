/** Counts hits in fixed windows. Shared by every process using the same store when it is database-backed. */
export interface RateLimitStore {
  /** Adds one hit to `bucket` in the window starting at `windowStart` (epoch ms) and returns the new count. */
  hit(bucket: string, windowStart: number): Promise<number>;
}
