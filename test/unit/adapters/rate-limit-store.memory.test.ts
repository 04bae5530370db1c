import test from 'ava';
import { MemoryRateLimitStore } from '../../../adapters/rate-limit-memory/rate-limit-store.memory.ts';

const W = 60_000;

test('counts per bucket within a window', async (t) => {
  const store = new MemoryRateLimitStore();
  t.is(await store.hit('key:a', 0), 1);
  t.is(await store.hit('key:a', 0), 2);
  t.is(await store.hit('key:b', 0), 1);
  t.is(await store.hit('key:a', 0), 3);
});

test('a new window starts from one', async (t) => {
  const store = new MemoryRateLimitStore();
  await store.hit('key:a', 0);
  await store.hit('key:a', 0);
  t.is(await store.hit('key:a', W), 1);
  t.is(await store.hit('key:a', W), 2);
});

test('concurrent hits are all counted', async (t) => {
  const store = new MemoryRateLimitStore();
  const counts = await Promise.all(Array.from({ length: 50 }, () => store.hit('b', W)));
  t.deepEqual(counts.sort((x, y) => x - y), Array.from({ length: 50 }, (_, i) => i + 1));
});

test('older windows are dropped when the window moves, so memory stays bounded', async (t) => {
  const store = new MemoryRateLimitStore();
  for (let w = 0; w < 100; w++) {
    for (let b = 0; b < 10; b++) await store.hit(`key:${w}:${b}`, w * W);
  }
  t.is(store.size, 10);
});

test('a late hit for a previous window does not disturb the current one', async (t) => {
  const store = new MemoryRateLimitStore();
  await store.hit('a', W);
  await store.hit('a', W);
  t.is(await store.hit('a', 0), 1);
  t.is(await store.hit('a', W), 3);
  await store.hit('a', 2 * W);
  t.is(store.size, 1);
});

test('windowStart must be a number of ms', async (t) => {
  await t.throwsAsync(new MemoryRateLimitStore().hit('a', Number.NaN), { instanceOf: RangeError });
});
