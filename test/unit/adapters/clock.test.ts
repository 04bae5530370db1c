import test from 'ava';
import { SystemClock } from '../../../adapters/clock-system/clock.system.ts';
import { FakeClock } from '../../support/fake-clock.ts';

test('SystemClock reads the real time', (t) => {
  const before = Date.now();
  const now = new SystemClock().now().getTime();
  t.true(now >= before && now <= Date.now());
});

test('FakeClock starts where told and only moves with set and advance', (t) => {
  const clock = new FakeClock('2026-11-22T10:00:00.000Z');
  t.is(clock.now().toISOString(), '2026-11-22T10:00:00.000Z');
  t.is(clock.now().toISOString(), '2026-11-22T10:00:00.000Z');
  clock.advance(90_000);
  t.is(clock.now().toISOString(), '2026-11-22T10:01:30.000Z');
  clock.set('2099-01-01T00:00:00Z');
  t.is(clock.now().toISOString(), '2099-01-01T00:00:00.000Z');
  clock.advance(-1);
  t.is(clock.now().toISOString(), '2098-12-31T23:59:59.999Z');
});

test('FakeClock hands out copies, so mutating one does not move the clock', (t) => {
  const clock = new FakeClock('2026-11-22T10:00:00.000Z');
  clock.now().setFullYear(2000);
  t.is(clock.now().toISOString(), '2026-11-22T10:00:00.000Z');
});

test('FakeClock refuses a time it cannot parse', (t) => {
  t.throws(() => new FakeClock('yesterday'), { instanceOf: RangeError });
  t.throws(() => new FakeClock().set('nope'), { instanceOf: RangeError });
  t.throws(() => new FakeClock().advance(Number.NaN), { instanceOf: RangeError });
});
