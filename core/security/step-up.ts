import { AppError } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';

// spec: Errors — Verification-code errors, and Limits — Verification. All step-up numbers live here.
export const STEP_UP = {
  codeValidityMs: 10 * 60_000,
  triesPerCode: 5,
  codesPerHour: 5,
  codesPerDay: 20,
  wrongTriesPerAppPerDay: 10,
  wrongTriesPerPersonPerDay: 20,
  verifiedWindowMs: 60 * 60_000,
  digits: 6,
} as const;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** The step-up endpoints exist for OAuth apps only. */
export function requireAppCaller(caller: Caller): { userId: string; clientId: string; tokenId: string } {
  if (caller.kind !== 'access_token' || !caller.app) {
    throw new AppError('step_up_not_applicable', 'API keys are never asked for step-up verification.');
  }
  return { userId: caller.userId, clientId: caller.app.clientId, tokenId: caller.credentialId };
}

/**
 * When verification is paused: 10 wrong tries by this app or 20 across the person's apps within 24 hours.
 * Returns the instant it resumes, or null.
 */
export function lockedUntil(appTries: string[], personTries: string[]): Date | null {
  const until = (tries: string[], max: number) =>
    tries.length >= max ? Date.parse(tries[tries.length - max]!) + DAY : null;
  const times = [until(appTries, STEP_UP.wrongTriesPerAppPerDay), until(personTries, STEP_UP.wrongTriesPerPersonPerDay)]
    .filter((t): t is number => t !== null);
  return times.length ? new Date(Math.max(...times)) : null;
}

export const lockedError = (until: Date, now: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('step_up_locked', `Too many wrong codes; verification is paused until ${until.toISOString()}.`, null,
    { 'Retry-After': String(seconds) });
};

export const codeHashInput = (codeId: string, code: string) => `${codeId}:${code}`;
