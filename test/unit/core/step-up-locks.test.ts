import test from 'ava';
import { lockedUntil } from '../../../core/security/step-up.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 10, minutes)).toISOString();
const tries = (n: number, from = 0) => Array.from({ length: n }, (_, i) => at(from + i));

test('10 wrong tries by one app within 24 hours pause it until a day after the 10th-newest', (t) => {
  t.is(lockedUntil(tries(9), tries(9)), null);
  t.is(lockedUntil(tries(10), tries(10))?.toISOString(), '2026-11-23T10:00:00.000Z');
  t.is(lockedUntil(tries(11), tries(11))?.toISOString(), '2026-11-23T10:01:00.000Z');
});

test('20 wrong tries across all of a person\'s apps pause every app of theirs', (t) => {
  t.is(lockedUntil(tries(2), tries(19)), null);
  t.is(lockedUntil(tries(2), tries(20))?.toISOString(), '2026-11-23T10:00:00.000Z');
  t.is(lockedUntil([], tries(25))?.toISOString(), '2026-11-23T10:05:00.000Z');
});
