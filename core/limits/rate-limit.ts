import { AppError } from '../kernel/errors.ts';
import type { Clock } from '../ports/clock.ts';
import type { RateLimitStore } from '../ports/rate-limit-store.ts';

// spec: Limits — 600 requests per 60-second fixed window starting on the clock minute, per key and per token.
export const REQUESTS_PER_WINDOW = 600;
export const WINDOW_MS = 60_000;

export interface RateLimitState { limit: number; remaining: number; resetSeconds: number; policy: string }

export class ConsumeRateLimit {
  constructor(
    private readonly store: RateLimitStore, private readonly clock: Clock,
    private readonly limit: number = REQUESTS_PER_WINDOW,
  ) {}

  /** Counts this request against `bucket`; returns the header values, or throws 429 `rate_limited` with them. */
  async execute(bucket: string): Promise<RateLimitState> {
    const now = this.clock.now().getTime();
    const windowStart = now - (now % WINDOW_MS);
    const count = await this.store.hit(bucket, windowStart);
    const state: RateLimitState = {
      limit: this.limit,
      remaining: Math.max(0, this.limit - count),
      resetSeconds: Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000)),
      policy: `${this.limit};w=${WINDOW_MS / 1000}`,
    };
    if (count > this.limit) {
      throw new AppError('rate_limited', `Too many requests: ${this.limit} per minute. Retry after ${state.resetSeconds} s.`, null,
        { ...rateLimitHeaders(state), 'Retry-After': String(state.resetSeconds) });
    }
    return state;
  }
}

export const rateLimitHeaders = (s: RateLimitState): Record<string, string> => ({
  'RateLimit-Policy': s.policy,
  'RateLimit-Limit': String(s.limit),
  'RateLimit-Remaining': String(s.remaining),
  'RateLimit-Reset': String(s.resetSeconds),
});
