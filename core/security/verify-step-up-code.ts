import { AppError, invalid } from '../kernel/errors.ts';
import { codeHashInput, lockedError, lockedUntil, requireAppCaller, STEP_UP, DAY } from './step-up.ts';
import { currentLock } from './step-up-locks.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { SecretHasher } from '../ports/crypto.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: POST /security/step-up/verify — a right code opens sensitive changes for this app for 60 minutes. */
export class VerifyStepUpCode {
  constructor(private readonly store: Store, private readonly hasher: SecretHasher, private readonly clock: Clock) {}

  async execute(caller: Caller, input: { code?: string }) {
    const { userId, clientId, tokenId } = requireAppCaller(caller);
    const code = String(input.code ?? '').trim();
    if (!/^\d{6}$/.test(code)) throw invalid('code', 'The code is the 6 digits from the email.');
    const now = this.clock.now();
    const at = now.toISOString();
    const lock = await currentLock(this.store, userId, clientId, now);
    if (lock) throw lockedError(lock, now);

    const open = await this.store.stepUp.openCode(userId, clientId);
    if (!open || open.expiresAt <= at) {
      throw new AppError('step_up_code_expired', 'No code is waiting or it is older than 10 minutes; ask for a new one.', 'code');
    }
    if (this.hasher.matches(codeHashInput(open.id, code), open.codeHash)) {
      await this.store.transaction(async (tx) => {
        await tx.stepUp.updateCode({ ...open, closedAt: at });
        await tx.accessTokens.setStepUpVerifiedAt(tokenId, at);
      });
      return { object: 'step_up' as const, verified: true, verifiedUntil: new Date(now.getTime() + STEP_UP.verifiedWindowMs).toISOString() };
    }

    const wrongTries = open.wrongTries + 1;
    const burned = wrongTries >= STEP_UP.triesPerCode;
    await this.store.transaction(async (tx) => {
      await tx.stepUp.updateCode({ ...open, wrongTries, closedAt: burned ? at : null });
      await tx.stepUp.recordWrongTry(userId, clientId, at);
    });
    const since = new Date(now.getTime() - DAY).toISOString();
    const until = lockedUntil(
      await this.store.stepUp.wrongTriesSince(userId, clientId, since),
      await this.store.stepUp.wrongTriesSince(userId, null, since),
    );
    if (until && until > now) throw lockedError(until, now);
    if (burned) {
      throw new AppError('step_up_locked', `Five wrong tries at this code; ask for a new one.`, 'code', { 'Retry-After': '1' });
    }
    const left = STEP_UP.triesPerCode - wrongTries;
    throw new AppError('step_up_code_invalid', `That code is not right; ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'code');
  }
}
