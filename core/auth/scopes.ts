// spec: Authentication, item 5. The scope names, and the one stated implication.
export const SCOPES = [
  'settings:read', 'settings:write', 'keys:read', 'keys:write', 'keys:manage', 'knowledge:read',
  'knowledge:write', 'account:read', 'account:write', 'audiences:read', 'audiences:write', 'files:read',
  'files:write', 'threads:read', 'threads:write', 'emails:read', 'emails:send', 'templates:read',
  'templates:write', 'labels:read', 'labels:write', 'drafts:read', 'drafts:write', 'contacts:read',
  'automations:read', 'automations:write', 'webhooks:read', 'webhooks:write', 'domains:read', 'domains:write',
  'billing:read', 'billing:write', 'members:read', 'calendar:read', 'tasks:write',
] as const;

export type Scope = (typeof SCOPES)[number];

const KNOWN = new Set<string>(SCOPES);
export const isScope = (s: string): s is Scope => KNOWN.has(s);

/** What holding a scope also grants (spec: `knowledge:write` includes read). */
const IMPLIES: Partial<Record<Scope, Scope[]>> = { 'knowledge:write': ['knowledge:read'] };

export function expandScopes(scopes: Iterable<Scope>): Set<Scope> {
  const out = new Set<Scope>();
  for (const s of scopes) {
    out.add(s);
    for (const implied of IMPLIES[s] ?? []) out.add(implied);
  }
  return out;
}
