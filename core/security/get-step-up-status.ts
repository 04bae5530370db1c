import { requireAppCaller, STEP_UP } from './step-up.ts';
import { currentLock } from './step-up-locks.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: GET /security/step-up — whether this app may make sensitive changes now, and what is waiting. */
export class GetStepUpStatus {
  constructor(private readonly store: Store, private readonly clock: Clock) {}

  async execute(caller: Caller) {
    const { userId, clientId } = requireAppCaller(caller);
    const now = this.clock.now();
    const verifiedUntil = caller.stepUpVerifiedAt
      ? new Date(Date.parse(caller.stepUpVerifiedAt) + STEP_UP.verifiedWindowMs) : null;
    const open = await this.store.stepUp.openCode(userId, clientId);
    const waiting = open && open.expiresAt > now.toISOString() ? open : null;
    const lock = await currentLock(this.store, userId, clientId, now);
    return {
      object: 'step_up' as const,
      verified: verifiedUntil !== null && verifiedUntil > now,
      verifiedUntil: verifiedUntil && verifiedUntil > now ? verifiedUntil.toISOString() : null,
      codePending: waiting !== null,
      codeExpiresAt: waiting?.expiresAt ?? null,
      triesLeft: waiting ? STEP_UP.triesPerCode - waiting.wrongTries : null,
      lockedUntil: lock?.toISOString() ?? null,
    };
  }
}
