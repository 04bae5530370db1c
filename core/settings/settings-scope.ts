import { invalid } from '../kernel/errors.ts';
import { domainOf, isDomainName, isEmailAddress, normalizeEmail } from '../kernel/emails.ts';
import { holdsAddress, holdsDomain, type Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import type { SettingsLevel } from './settings-fields.ts';

/**
 * What a settings call names (spec: GET /settings `address`): nothing (the workspace), `@<domain>`, `*@<domain>`
 * (the catch-all) or one address. `key` is how the scope is stored: '', '@d', '*@d' or the address.
 */
export interface SettingsScope { level: Exclude<SettingsLevel, 'account'>; key: string; address: string | null; domain: string | null }

export const SETTINGS_ADDRESS_MAX = 320;
export const WORKSPACE_SCOPE: SettingsScope = { level: 'workspace', key: '', address: null, domain: null };

export function parseSettingsScope(raw: string | undefined): SettingsScope {
  if (raw === undefined) return WORKSPACE_SCOPE;
  if (raw.length > SETTINGS_ADDRESS_MAX) throw invalid('address', `\`address\` is at most ${SETTINGS_ADDRESS_MAX} characters.`);
  const value = normalizeEmail(raw);
  if (value.startsWith('*@') && isDomainName(value.slice(2))) return { level: 'catchAll', key: value, address: value, domain: value.slice(2) };
  if (value.startsWith('@') && isDomainName(value.slice(1))) return { level: 'domain', key: value, address: value, domain: value.slice(1) };
  if (isEmailAddress(value)) return { level: 'address', key: value, address: value, domain: domainOf(value) };
  throw invalid('address', '`address` is one address, `*@<domain>` or `@<domain>`.');
}

/** `a+tag@d` delivers to `a@d`: the base of a plus address, or null. */
export function plusBase(address: string): string | null {
  const at = address.lastIndexOf('@');
  const plus = address.indexOf('+');
  return plus > 0 && plus < at ? `${address.slice(0, plus)}${address.slice(at)}` : null;
}

/** spec: GET /settings — resolution order: workspace, domain, catch-all, base of a plus address, the address itself. */
export function resolutionChain(scope: SettingsScope): SettingsScope[] {
  if (scope.level === 'workspace') return [WORKSPACE_SCOPE];
  const d = scope.domain!;
  const chain: SettingsScope[] = [WORKSPACE_SCOPE, { level: 'domain', key: `@${d}`, address: `@${d}`, domain: d }];
  if (scope.level === 'domain') return chain;
  chain.push({ level: 'catchAll', key: `*@${d}`, address: `*@${d}`, domain: d });
  if (scope.level === 'catchAll') return chain;
  const base = plusBase(scope.key);
  if (base) chain.push({ level: 'address', key: base, address: base, domain: d });
  chain.push(scope);
  return chain;
}

/**
 * Whether a narrowed caller holds what `raw` names: a domain or catch-all needs the whole domain; an address needs
 * the address (or, for a plus address, its base). Unparseable input is not held. Nothing named: not held either,
 * since the workspace-wide scope is beyond any narrowed caller.
 */
export function holdsSettingsScope(caller: Caller, raw: string | undefined): boolean {
  if (caller.reachesAll) return true;
  if (raw === undefined) return false;
  const value = normalizeEmail(raw);
  if (value.startsWith('*@')) return holdsDomain(caller, value.slice(2));
  if (value.startsWith('@')) return holdsDomain(caller, value.slice(1));
  const base = plusBase(value);
  return holdsAddress(caller, value) || (base !== null && holdsAddress(caller, base));
}

/**
 * spec: PATCH /settings — writes need an address in the workspace, a catch-all on a verified domain with
 * catch-all on, or a domain in the workspace.
 */
export async function requireWritableScope(store: Store, workspaceId: string, scope: SettingsScope): Promise<void> {
  if (scope.level === 'workspace') return;
  if (scope.level === 'address') {
    const [found] = await store.directory.addressesNamed(workspaceId, [scope.key]);
    if (!found) throw invalid('address', `\`${scope.key}\` is not an address of this workspace.`);
    return;
  }
  const domain = (await store.directory.domains(workspaceId)).find((d) => d.domain === scope.domain);
  if (!domain) throw invalid('address', `\`${scope.domain}\` is not a domain of this workspace.`);
  if (scope.level === 'catchAll' && !(domain.receivingVerified && domain.catchAll)) {
    throw invalid('address', `\`${scope.key}\` needs a verified domain with catch-all on.`);
  }
}
