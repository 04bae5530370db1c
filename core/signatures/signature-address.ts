import { invalid } from '../kernel/errors.ts';
import { domainOf, isDomainName, isEmailAddress, normalizeEmail } from '../kernel/emails.ts';
import { holdsAddress, holdsDomain, type Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import type { SignatureReach } from '../ports/signature-repository.ts';
import { CATCH_ALL_PREFIX } from './signature.ts';

/** Where a signature lives: one address, or every address of a domain (`*@<domain>`). */
export interface SignatureAddress { address: string; domain: string; catchAll: boolean }

const isCatchAll = (address: string) => address.startsWith(CATCH_ALL_PREFIX);

/** One address or `*@<domain>`; anything else, a bare `@<domain>` included, is 422 `invalid_parameter`. */
export function parseSignatureAddress(raw: string, param: string): SignatureAddress {
  const address = normalizeEmail(raw);
  if (isCatchAll(address)) {
    const domain = address.slice(CATCH_ALL_PREFIX.length);
    if (isDomainName(domain)) return { address, domain, catchAll: true };
  } else if (isEmailAddress(address)) {
    return { address, domain: domainOf(address), catchAll: false };
  }
  throw invalid(param, 'An address is one address (`name@domain`) or a catch-all (`*@domain`).');
}

/**
 * spec: GET /signatures — a narrowed caller reaches the signatures of addresses it holds, and catch-all rows
 * only when it holds the whole domain. Takes the raw input too: what does not parse is not held either.
 */
export function reachesSignatureAddress(caller: Caller, raw: string): boolean {
  const address = normalizeEmail(raw);
  return isCatchAll(address) ? holdsDomain(caller, address.slice(CATCH_ALL_PREFIX.length)) : holdsAddress(caller, address);
}

/** The same reach as a filter a repository can run; null when the caller reaches everything. */
export const signatureReach = (caller: Caller): SignatureReach | null =>
  caller.reachesAll ? null : { addresses: caller.addressAllowlist, domains: caller.domainAllowlist };

/**
 * spec: POST /signatures — the address must be one the workspace has created (enabled or not), or a catch-all of
 * a verified domain whose catch-all is on. Checks several at once; `params[i]` names the i-th in a refusal.
 */
export async function requireSignableAddresses(store: Store, workspaceId: string, targets: SignatureAddress[], params: string[]): Promise<void> {
  const plain = targets.filter((t) => !t.catchAll).map((t) => t.address);
  // One after the other: inside a transaction both would queue on its one connection anyway.
  const created = plain.length ? await store.directory.addressesNamed(workspaceId, plain) : [];
  const domains = targets.some((t) => t.catchAll) ? await store.directory.domains(workspaceId) : [];
  const known = new Set(created.map((a) => a.address));
  const catchAllDomains = new Set(domains.filter((d) => d.receivingVerified && d.catchAll).map((d) => d.domain));
  targets.forEach((t, i) => {
    if (t.catchAll && !catchAllDomains.has(t.domain)) {
      throw invalid(params[i]!, `\`${t.address}\` needs a verified domain of this workspace with catch-all on.`);
    }
    if (!t.catchAll && !known.has(t.address)) throw invalid(params[i]!, `\`${t.address}\` is not an address of this workspace.`);
  });
}
