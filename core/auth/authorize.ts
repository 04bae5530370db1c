import { AppError } from '../kernel/errors.ts';
import type { Caller } from './caller.ts';
import type { Scope } from './scopes.ts';
import type { Clock } from '../ports/clock.ts';

// The guards use cases and routes call. Order of refusals (host contract): scope, owner_only,
// capability_unsupported, step_up_required, then validation and state.

export function requireScopes(caller: Caller, scopes: readonly Scope[]): void {
  const missing = scopes.filter((s) => !caller.scopes.has(s));
  if (missing.length) {
    throw new AppError('insufficient_scope', `This call needs the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`, null);
  }
}

/** Owner-only areas: an access token of anybody but the owner is refused (spec: Authentication item 8). */
export function requireOwner(caller: Caller): void {
  if (!caller.actsForOwner) throw new AppError('owner_only', 'Only the workspace owner can do this.');
}

/** Operations that narrowed callers cannot use at all (spec: Authentication item 7). */
export function requireUnrestricted(caller: Caller, param: string | null = null): void {
  if (!caller.reachesAll) {
    throw new AppError('capability_unsupported', 'A caller narrowed to some addresses or domains cannot do this.', param);
  }
}

export function requireApiKey(caller: Caller): void {
  if (caller.kind !== 'api_key') throw new AppError('api_key_only', 'Only an API key can make this call.');
}

export const STEP_UP_WINDOW_MS = 60 * 60 * 1000;

/** spec: Authentication item 9. API keys are never asked; access tokens need a code verified in the last 60 minutes. */
export function requireStepUp(caller: Caller, clock: Clock): void {
  if (caller.kind === 'api_key') return;
  const at = caller.stepUpVerifiedAt ? Date.parse(caller.stepUpVerifiedAt) : NaN;
  if (!(clock.now().getTime() - at < STEP_UP_WINDOW_MS)) {
    throw new AppError('step_up_required', 'Verify a code sent by email (POST /security/step-up), then repeat this call.');
  }
}
