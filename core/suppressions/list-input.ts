import { invalid } from '../kernel/errors.ts';
import { isEmailAddress, normalizeEmail } from '../kernel/emails.ts';
import { SUPPRESSION_LIMITS } from './suppression.ts';

/** An address for either list: at most 320 characters, e-mail format, trimmed and lower-cased. */
export function listedEmail(value: unknown, param = 'email'): string {
  if (typeof value !== 'string') throw invalid(param, `\`${param}\` is an e-mail address.`);
  const email = normalizeEmail(value);
  if (email.length > SUPPRESSION_LIMITS.emailMax || !isEmailAddress(email)) {
    throw invalid(param, `\`${param}\` must be an e-mail address of at most ${SUPPRESSION_LIMITS.emailMax} characters.`);
  }
  return email;
}

export function oneOf<T extends string>(param: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) throw invalid(param, `\`${param}\` is one of ${allowed.join(', ')}.`);
  return value as T;
}

/** A search text of at most 320 characters, lower-cased; blank means none. */
export function searchText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.length > SUPPRESSION_LIMITS.queryMax) throw invalid('q', `\`q\` is at most ${SUPPRESSION_LIMITS.queryMax} characters.`);
  return normalizeEmail(value) || undefined;
}
