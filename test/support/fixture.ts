import { randomBytes, randomUUID } from 'node:crypto';

const secret = () => randomBytes(32).toString('base64url');
const keyId = () => randomBytes(12).toString('hex');

export interface TestTokens {
  owner: string; narrowed: string; domainKey: string; memberRole: string; expiring: string; expired: string;
  ipBlocked: string; ipAllowed: string; other: string; ownerApp: string; memberApp: string; expiredApp: string; readOnly: string;
}

/** A fixture with one credential per situation the tests need, and the ids to reach them. */
export function makeFixture() {
  const ids = { workspace: randomUUID(), other: randomUUID(), domain: randomUUID(), domain2: randomUUID(), otherDomain: randomUUID() };
  const keys: Record<string, { id: string; token: string }> = {};
  const key = (name: string, extra: Record<string, unknown> = {}) => {
    const id = keyId();
    const token = `wm_live_${id}_${secret()}`;
    keys[name] = { id, token };
    return { id, name, token, scopes: 'all', addressAllowlist: [], domainAllowlist: [], ipAllowlist: [], roleId: null, expiresAt: null, ...extra };
  };
  const ownerApp = `wmat_${secret()}`;
  const memberApp = `wmat_${secret()}`;
  const expiredApp = `wmat_${secret()}`;
  const json = {
    version: 1,
    users: [
      { id: 'usr_owner', email: 'owner@example.test', name: 'Olivia Owner' },
      { id: 'usr_member', email: 'member@example.test', name: 'Max Member' },
      { id: 'usr_other', email: 'other@example.test', name: 'Otto Other' },
    ],
    workspaces: [
      {
        id: ids.workspace, name: 'Acme', slug: 'acme', kind: 'team', owner: 'usr_owner', plan: 'starter',
        members: [{ user: 'usr_member', role: 'member' }],
        domains: [
          { id: ids.domain, domain: 'acme.test', receivingVerified: true, sendingStatus: 'verified', catchAll: true },
          { id: ids.domain2, domain: 'beta.test', receivingVerified: true, sendingStatus: 'pending', catchAll: false },
        ],
        addresses: [
          { address: 'hello@acme.test', enabled: true, name: 'Hello' },
          { address: 'sales@acme.test', enabled: true },
          { address: 'old@acme.test', enabled: false },
          { address: 'news@beta.test', enabled: true },
        ],
        apiKeys: [
          key('owner'),
          key('narrowed', { addressAllowlist: ['hello@acme.test'] }),
          key('domainKey', { domainAllowlist: ['acme.test'], expiresAt: '2099-01-01T00:00:00.000Z' }),
          key('memberRole', { roleId: 'member', addressAllowlist: ['sales@acme.test'] }),
          key('expiring', { expiresAt: '2099-01-01T00:00:00.000Z' }),
          key('expired', { expiresAt: '2001-01-01T00:00:00.000Z' }),
          key('ipBlocked', { ipAllowlist: ['10.0.0.0/8', '2001:db8::/32'] }),
          key('ipAllowed', { ipAllowlist: ['192.0.2.1', '127.0.0.0/8', '::1/128'] }),
          key('readOnly', { scopes: ['keys:read', 'settings:read'] }),
        ],
        accessTokens: [
          { token: ownerApp, user: 'usr_owner', app: { clientId: 'app_owner', name: 'Owner CLI', kind: 'cli' }, scopes: 'all', addressAllowlist: [], domainAllowlist: [], stepUpVerifiedAt: null },
          { token: memberApp, user: 'usr_member', app: { clientId: 'app_member', name: 'Member CLI', kind: 'cli' }, scopes: 'all', addressAllowlist: ['hello@acme.test'], domainAllowlist: [], stepUpVerifiedAt: null },
          { token: expiredApp, user: 'usr_owner', app: { clientId: 'app_old', name: 'Old CLI', kind: 'cli' }, scopes: 'all', addressAllowlist: [], domainAllowlist: [], stepUpVerifiedAt: null, expiresAt: '2001-01-01T00:00:00Z' },
        ],
        audiences: [], contacts: [],
      },
      {
        id: ids.other, name: 'Other', slug: 'other', kind: 'team', owner: 'usr_other', plan: 'free', members: [],
        domains: [{ id: ids.otherDomain, domain: 'other.test', receivingVerified: true, sendingStatus: 'verified', catchAll: true }],
        addresses: [{ address: 'hi@other.test', enabled: true }],
        apiKeys: [key('other')], accessTokens: [], audiences: [], contacts: [],
      },
    ],
  };
  const tokens = Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, v.token])) as unknown as TestTokens;
  tokens.ownerApp = ownerApp;
  tokens.memberApp = memberApp;
  tokens.expiredApp = expiredApp;
  return { json, ids, keys, tokens };
}
