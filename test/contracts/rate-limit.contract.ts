import type { TestFn } from 'ava';
import { checker, type OpenedRateLimits } from './kit.ts';

const MINUTE = 60_000;
// A realistic epoch-ms value: larger than 32 bits, so a bigint column must come back as a number.
const W0 = Date.parse('2026-01-01T00:00:00.000Z');

/** What a database-backed RateLimitStore must do: count exactly, whoever hits at once. */
export function runRateLimitContract(test: TestFn, name: string, open: () => Promise<OpenedRateLimits>): void {
  const check = checker(test, name, open);
  check('rate limits: counts per bucket and window', async (t, { rateLimits }) => {
    t.is(await rateLimits.hit('key:a', W0), 1);
    t.is(await rateLimits.hit('key:a', W0), 2);
    t.is(await rateLimits.hit('key:b', W0), 1);
    t.is(await rateLimits.hit('key:a', W0 + MINUTE), 1);
    t.is(await rateLimits.hit('key:a', W0), 3, 'a late hit still lands in its own window');
    t.is(typeof (await rateLimits.hit('key:b', W0)), 'number');
  });

  check('rate limits: concurrent hits count exactly', async (t, { rateLimits }) => {
    const counts = await Promise.all(Array.from({ length: 40 }, () => rateLimits.hit('key:busy', W0)));
    t.deepEqual([...counts].sort((a, b) => a - b), Array.from({ length: 40 }, (_, i) => i + 1));
    t.is(await rateLimits.hit('key:busy', W0), 41);
  });

  check('rate limits: windows older than ten minutes are dropped', async (t, { rateLimits }) => {
    await rateLimits.hit('key:a', W0);
    await rateLimits.hit('key:a', W0);
    await rateLimits.hit('key:a', W0 + 11 * MINUTE);
    t.is(await rateLimits.hit('key:a', W0), 1, 'the old window started again');
  });
}
