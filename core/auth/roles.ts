import { SCOPES, type Scope } from './scopes.ts';

// spec: Authentication, item 5 — "A role can cap a key; a role holding addresses:all reaches every domain."
// Built-in roles live here; custom roles (a later area) add rows of the same shape.
export interface Role {
  id: string;
  name: string;
  scopes: ReadonlySet<Scope>;
  /** The role reaches every address of the workspace (`addresses:all`). */
  addressesAll: boolean;
}

const all = new Set<Scope>(SCOPES);
const without = (...drop: Scope[]) => new Set<Scope>(SCOPES.filter((s) => !drop.includes(s)));

export const BUILT_IN_ROLES: readonly Role[] = [
  { id: 'owner', name: 'Owner', scopes: all, addressesAll: true },
  { id: 'admin', name: 'Admin', scopes: without('billing:write'), addressesAll: true },
  {
    id: 'member', name: 'Member',
    scopes: without('keys:manage', 'billing:read', 'billing:write', 'domains:write', 'webhooks:write', 'members:read'),
    addressesAll: false,
  },
];

export const builtInRole = (id: string | null | undefined): Role | null =>
  BUILT_IN_ROLES.find((r) => r.id === id) ?? null;
