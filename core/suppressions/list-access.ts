import { AppError } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';

/**
 * spec: POST /suppressions — changes to the suppression and unsubscribe lists are refused with 422
 * `capability_unsupported` for a narrowed key and for an app connected by anybody but the owner.
 */
export function requireListEditor(caller: Caller): void {
  if (!caller.reachesAll || !caller.actsForOwner) {
    throw new AppError('capability_unsupported', 'Only a caller reaching the whole workspace for its owner can change the suppression and unsubscribe lists.');
  }
}
