import test from 'ava';
import { requireStepUp } from '../../../core/auth/authorize.ts';
import { AppError } from '../../../core/kernel/errors.ts';
import type { Caller } from '../../../core/auth/caller.ts';
import { FakeClock } from '../../support/fake-clock.ts';

const app = (stepUpVerifiedAt: string | null) => ({ kind: 'access_token', stepUpVerifiedAt } as Caller);

test('requireStepUp: keys pass; tokens need a verification within the last 60 minutes', (t) => {
  const clock = new FakeClock('2026-11-22T10:00:00.000Z');
  t.notThrows(() => requireStepUp({ kind: 'api_key', stepUpVerifiedAt: null } as Caller, clock));
  const refused = t.throws(() => requireStepUp(app(null), clock), { instanceOf: AppError });
  t.is(refused?.code, 'step_up_required');
  t.is(refused?.status, 403);
  t.notThrows(() => requireStepUp(app('2026-11-22T09:00:00.001Z'), clock));
  t.throws(() => requireStepUp(app('2026-11-22T09:00:00.000Z'), clock), { instanceOf: AppError });
});
