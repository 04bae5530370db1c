import { AppError } from '../kernel/errors.ts';
import { builtInRole } from '../auth/roles.ts';
import { holdsAddress, holdsDomain, type Caller } from '../auth/caller.ts';
import type { Scope } from '../auth/scopes.ts';
import type { ApiKey } from './api-key.ts';

type SendScope = Pick<ApiKey, 'addressAllowlist' | 'domainAllowlist' | 'roleId'>;

/** A key with no allowlists reaches every address, unless its role lacks `addresses:all`. */
const keyReachesAll = (k: SendScope) =>
  k.addressAllowlist.length === 0 && k.domainAllowlist.length === 0 && (builtInRole(k.roleId)?.addressesAll ?? true);

/** spec: API keys — narrowed callers see only keys whose send scope is inside their own (others 404). */
export function sendScopeInside(caller: Caller, key: SendScope): boolean {
  if (caller.reachesAll) return true;
  if (keyReachesAll(key)) return false;
  return key.addressAllowlist.every((a) => holdsAddress(caller, a)) && key.domainAllowlist.every((d) => holdsDomain(caller, d));
}

/**
 * spec: API keys — "A target key must sit inside the caller on every axis": scopes held after the caller's role,
 * the same role when the caller has one, expiry no later than the caller's, same mode (always live here), and a
 * send scope inside the caller's. Refuses with 403 `beyond_caller_authority`, `param` naming the axis.
 */
export function assertWithinCaller(caller: Caller, key: Pick<ApiKey, 'scopes' | 'roleId' | 'expiresAt'> & SendScope): void {
  const beyond = (param: string, message: string) => new AppError('beyond_caller_authority', message, param);
  const missing = key.scopes.filter((s: Scope) => !caller.scopes.has(s));
  if (missing.length) throw beyond('scopes', `You cannot grant scopes you do not hold: ${missing.join(', ')}.`);
  if (caller.roleId !== null && key.roleId !== caller.roleId) {
    throw beyond('roleId', `A key you make must have your own role (${caller.roleId}).`);
  }
  if (caller.expiresAt !== null && (key.expiresAt === null || key.expiresAt > caller.expiresAt)) {
    throw beyond('expiresInMinutes', `A key you make must expire no later than your own (${caller.expiresAt}).`);
  }
  if (!sendScopeInside(caller, key)) {
    const wideDomain = !caller.reachesAll && key.domainAllowlist.some((d) => !holdsDomain(caller, d));
    throw beyond(wideDomain ? 'domainAllowlist' : 'addressAllowlist', 'A key you make may only send from addresses you hold.');
  }
}
