import type { Scope } from './scopes.ts';
import type { ConnectedApp } from './access-token.ts';

/**
 * Who is calling, after authentication: what it may do (scopes after its role's cap) and what it reaches.
 * An API key acts for the workspace owner; an access token acts for the person who connected the app.
 */
export interface Caller {
  kind: 'api_key' | 'access_token';
  /** The key id or the access-token id. */
  credentialId: string;
  workspaceId: string;
  /** The person the caller acts for. */
  userId: string;
  actsForOwner: boolean;
  /** Scopes as granted to the credential. */
  grantedScopes: Scope[];
  /** Scopes it may use: granted, capped by its role, with implications expanded. */
  scopes: ReadonlySet<Scope>;
  roleId: string | null;
  /** Send scope (spec: Authentication item 7). Both empty and `reachesAll` true means unrestricted. */
  addressAllowlist: string[];
  domainAllowlist: string[];
  /** False when allowlists narrow the caller or its role lacks `addresses:all`. */
  reachesAll: boolean;
  expiresAt: string | null;
  ipAllowlist: string[];
  app: ConnectedApp | null;
  stepUpVerifiedAt: string | null;
}

export const isNarrowed = (c: Caller): boolean => !c.reachesAll;

/** True when the caller holds `address`: listed itself, or its whole domain is held. One address never covers its domain. */
export function holdsAddress(c: Pick<Caller, 'reachesAll' | 'addressAllowlist' | 'domainAllowlist'>, address: string): boolean {
  if (c.reachesAll) return true;
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return c.addressAllowlist.includes(address) || c.domainAllowlist.includes(domain);
}

export function holdsDomain(c: Pick<Caller, 'reachesAll' | 'domainAllowlist'>, domain: string): boolean {
  return c.reachesAll || c.domainAllowlist.includes(domain);
}
