import { AppError } from '../kernel/errors.ts';
import { codeHashInput, DAY, HOUR, lockedError, requireAppCaller, STEP_UP } from './step-up.ts';
import { currentLock } from './step-up-locks.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { SecretHasher } from '../ports/crypto.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Mailer } from '../ports/mailer.ts';
import type { Store } from '../ports/repositories.ts';

const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain}`;
};

/** spec: POST /security/step-up — mails a fresh code (valid 10 minutes) to the person the app acts for. */
export class RequestStepUpCode {
  constructor(
    private readonly store: Store, private readonly ids: IdSource, private readonly hasher: SecretHasher,
    private readonly clock: Clock, private readonly mailer: Mailer, private readonly mailFrom: string,
  ) {}

  async execute(caller: Caller) {
    const { userId, clientId, tokenId } = requireAppCaller(caller);
    const now = this.clock.now();
    const lock = await currentLock(this.store, userId, clientId, now);
    if (lock) throw lockedError(lock, now);
    const [lastHour, lastDay] = await Promise.all([
      this.store.stepUp.codesAskedSince(userId, clientId, new Date(now.getTime() - HOUR).toISOString()),
      this.store.stepUp.codesAskedSince(userId, clientId, new Date(now.getTime() - DAY).toISOString()),
    ]);
    if (lastHour >= STEP_UP.codesPerHour || lastDay >= STEP_UP.codesPerDay) {
      const retry = lastHour >= STEP_UP.codesPerHour ? HOUR : DAY;
      throw new AppError('step_up_throttled',
        `At most ${STEP_UP.codesPerHour} codes an hour and ${STEP_UP.codesPerDay} a day; try again later.`, null,
        { 'Retry-After': String(Math.ceil(retry / 1000)) });
    }
    const user = await this.store.directory.user(userId);
    if (!user) throw new AppError('step_up_undeliverable', 'There is no email address to send the code to.');

    const code = this.ids.digits(STEP_UP.digits);
    const id = `stc_${this.ids.hex(12)}`;
    const expiresAt = new Date(now.getTime() + STEP_UP.codeValidityMs).toISOString();
    const previous = await this.store.stepUp.openCode(userId, clientId);
    await this.store.transaction(async (tx) => {
      // A new code replaces the one waiting, so only the newest code in the inbox works.
      if (previous) await tx.stepUp.updateCode({ ...previous, closedAt: now.toISOString() });
      await tx.stepUp.insertCode({
        id, tokenId, userId, clientId, codeHash: this.hasher.hash(codeHashInput(id, code)), createdAt: now.toISOString(),
        expiresAt, wrongTries: 0, closedAt: null,
      });
    });
    try {
      await this.mailer.send({
        from: this.mailFrom, to: [user.email], subject: `Your verification code: ${code}`,
        text: `Your verification code for ${caller.app!.name} is ${code}. It is valid for 10 minutes.\n\n`
          + 'If you did not ask for it, you can ignore this message.',
      });
    } catch {
      const sent = await this.store.stepUp.openCode(userId, clientId);
      if (sent?.id === id) await this.store.stepUp.updateCode({ ...sent, closedAt: this.clock.now().toISOString() });
      throw new AppError('step_up_undeliverable', 'The email with the code could not be sent; try again shortly.');
    }
    return { object: 'step_up_code' as const, sentTo: maskEmail(user.email), expiresAt };
  }
}
