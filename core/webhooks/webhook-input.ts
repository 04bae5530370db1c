import { AppError, invalid } from '../kernel/errors.ts';
import { domainOf, isDomainName, isEmailAddress, normalizeEmail } from '../kernel/emails.ts';
import { isChoosableEventType } from '../events/event-types.ts';
import { holdsAddress, holdsDomain, type Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

// spec: Limits — Webhooks. The field rules create and update share.
export const WEBHOOK_LIMITS = { endpoints: 10, descriptionMax: 200, addressAllowlist: 50, domainAllowlist: 25 } as const;

export function webhookDescription(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed.length > WEBHOOK_LIMITS.descriptionMax) throw invalid('description', `A description is at most ${WEBHOOK_LIMITS.descriptionMax} characters.`);
  return trimmed === '' ? null : trimmed;
}

/** Omitted or empty means the default set, stored as `[]`; `'*'` (what reads show) means the same. */
export function webhookEventTypes(types: readonly string[] | undefined): string[] {
  if (!types || (types.length === 1 && types[0] === '*')) return [];
  types.forEach((t, i) => {
    if (!isChoosableEventType(t)) throw invalid(`eventTypes.${i}`, `\`${t}\` is not an event an endpoint can subscribe to.`);
  });
  return [...new Set(types)];
}

/**
 * Addresses must be the workspace's own and domains its domains; an address under a listed domain is dropped
 * from the address list (spec: POST /webhooks), since the domain already covers it.
 */
export async function webhookAllowlists(store: Store, workspaceId: string, addresses: readonly string[], domains: readonly string[]) {
  if (addresses.length > WEBHOOK_LIMITS.addressAllowlist) throw invalid('addressAllowlist', `At most ${WEBHOOK_LIMITS.addressAllowlist} addresses.`);
  if (domains.length > WEBHOOK_LIMITS.domainAllowlist) throw invalid('domainAllowlist', `At most ${WEBHOOK_LIMITS.domainAllowlist} domains.`);
  const wanted = addresses.map(normalizeEmail);
  wanted.forEach((a, i) => { if (!isEmailAddress(a)) throw invalid(`addressAllowlist.${i}`, `\`${addresses[i]}\` is not an email address.`); });
  const known = new Set((await store.directory.addressesNamed(workspaceId, wanted)).map((a) => a.address));
  wanted.forEach((a, i) => { if (!known.has(a)) throw invalid(`addressAllowlist.${i}`, `\`${a}\` is not an address of this workspace.`); });
  const wantedDomains = domains.map((d) => d.trim().toLowerCase());
  const owned = new Set((await store.directory.domains(workspaceId)).map((d) => d.domain));
  wantedDomains.forEach((d, i) => {
    if (!isDomainName(d) || !owned.has(d)) throw invalid(`domainAllowlist.${i}`, `\`${domains[i]}\` is not a domain of this workspace.`);
  });
  const domainSet = [...new Set(wantedDomains)];
  return {
    addressAllowlist: [...new Set(wanted)].filter((a) => !domainSet.includes(domainOf(a))),
    domainAllowlist: domainSet,
  };
}

/**
 * spec: Webhooks — narrowed keys may write only endpoints whose allowlists sit inside their holdings. An endpoint
 * with both lists empty reaches every address, so it is never inside a narrowed caller.
 */
export function requireWithinHoldings(caller: Caller, lists: { addressAllowlist: string[]; domainAllowlist: string[] }): void {
  if (caller.reachesAll) return;
  const inside = (lists.addressAllowlist.length > 0 || lists.domainAllowlist.length > 0)
    && lists.addressAllowlist.every((a) => holdsAddress(caller, a))
    && lists.domainAllowlist.every((d) => holdsDomain(caller, d));
  if (!inside) {
    throw new AppError('capability_unsupported', 'A narrowed caller can only change endpoints limited to addresses it holds.', 'addressAllowlist');
  }
}

export const tooManyEndpoints = () => new AppError('workspace_limit_reached',
  `A workspace has at most ${WEBHOOK_LIMITS.endpoints} webhook endpoints; delete one first or ask for more.`, null);
