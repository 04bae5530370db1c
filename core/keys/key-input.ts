import { AppError, invalid } from '../kernel/errors.ts';
import { isDomainName, isEmailAddress, normalizeEmail } from '../kernel/emails.ts';
import { parseIpRange } from '../kernel/ip.ts';
import { isScope, type Scope } from '../auth/scopes.ts';
import { builtInRole } from '../auth/roles.ts';
import type { Store } from '../ports/repositories.ts';

// spec: Limits — Keys. The rules for the fields create and update share, checked once here.
export const KEY_LIMITS = {
  nameMax: 60, addressAllowlist: 50, domainAllowlist: 25, ipAllowlist: 50,
  expiryMinMinutes: 5, expiryMaxMinutes: 5_256_000, openKeys: 20, revokedReasonMax: 500,
} as const;

export function keyName(name: unknown, param = 'name'): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed.length < 1 || trimmed.length > KEY_LIMITS.nameMax) throw invalid(param, `A key name is 1 to ${KEY_LIMITS.nameMax} characters.`);
  return trimmed;
}

export function keyScopes(scopes: readonly string[]): Scope[] {
  if (scopes.length === 0) throw invalid('scopes', 'A key needs at least one scope.');
  scopes.forEach((s, i) => { if (!isScope(s)) throw invalid(`scopes.${i}`, `Unknown scope \`${s}\`.`); });
  return [...new Set(scopes as Scope[])];
}

export function keyRole(roleId: string | null): string | null {
  if (roleId !== null && !builtInRole(roleId)) throw invalid('roleId', `Unknown role \`${roleId}\`.`);
  return roleId;
}

export function keyExpiry(minutes: number, now: Date): string {
  if (!Number.isInteger(minutes) || minutes < KEY_LIMITS.expiryMinMinutes || minutes > KEY_LIMITS.expiryMaxMinutes) {
    throw invalid('expiresInMinutes', `Expiry is ${KEY_LIMITS.expiryMinMinutes} to ${KEY_LIMITS.expiryMaxMinutes.toLocaleString('en')} minutes.`);
  }
  return new Date(now.getTime() + minutes * 60_000).toISOString();
}

export function ipAllowlist(entries: readonly string[]): string[] {
  if (entries.length > KEY_LIMITS.ipAllowlist) throw invalid('ipAllowlist', `At most ${KEY_LIMITS.ipAllowlist} IP addresses or ranges.`);
  return [...new Set(entries.map((e, i) => {
    if (parseIpRange(e) === null) throw invalid(`ipAllowlist.${i}`, `\`${e}\` is not an IPv4/IPv6 address or CIDR range.`);
    return e.trim().toLowerCase();
  }))];
}

/** Allowlisted addresses must be workspace addresses; domains must be workspace domains. */
export async function sendScope(store: Store, workspaceId: string, addresses: readonly string[], domains: readonly string[]) {
  if (addresses.length > KEY_LIMITS.addressAllowlist) throw invalid('addressAllowlist', `At most ${KEY_LIMITS.addressAllowlist} addresses.`);
  if (domains.length > KEY_LIMITS.domainAllowlist) throw invalid('domainAllowlist', `At most ${KEY_LIMITS.domainAllowlist} domains.`);
  const wantedAddresses = addresses.map(normalizeEmail);
  wantedAddresses.forEach((a, i) => { if (!isEmailAddress(a)) throw invalid(`addressAllowlist.${i}`, `\`${addresses[i]}\` is not an email address.`); });
  const known = new Set((await store.directory.addressesNamed(workspaceId, wantedAddresses)).map((a) => a.address));
  wantedAddresses.forEach((a, i) => { if (!known.has(a)) throw invalid(`addressAllowlist.${i}`, `\`${a}\` is not an address of this workspace.`); });
  const wantedDomains = domains.map((d) => d.trim().toLowerCase());
  const workspaceDomains = new Set((await store.directory.domains(workspaceId)).map((d) => d.domain));
  wantedDomains.forEach((d, i) => {
    if (!isDomainName(d) || !workspaceDomains.has(d)) throw invalid(`domainAllowlist.${i}`, `\`${domains[i]}\` is not a domain of this workspace.`);
  });
  return { addressAllowlist: [...new Set(wantedAddresses)], domainAllowlist: [...new Set(wantedDomains)] };
}

export const tooManyKeys = () =>
  new AppError('workspace_limit_reached', `A workspace has at most ${KEY_LIMITS.openKeys} active API keys; revoke or delete one first.`, null);
