import test from 'ava';
import { assertWithinCaller, sendScopeInside } from '../../../core/keys/key-authority.ts';
import { AppError } from '../../../core/kernel/errors.ts';
import type { Caller } from '../../../core/auth/caller.ts';
import type { Scope } from '../../../core/auth/scopes.ts';

const caller = (over: Partial<Caller> = {}): Caller => ({
  kind: 'api_key', credentialId: 'k', workspaceId: 'w', userId: 'u', actsForOwner: true, grantedScopes: [],
  scopes: new Set<Scope>(['keys:manage', 'emails:send']), roleId: null, addressAllowlist: [], domainAllowlist: [],
  reachesAll: true, expiresAt: null, ipAllowlist: [], app: null, stepUpVerifiedAt: null, ...over,
});
const key = (over: object = {}) => ({ scopes: ['emails:send'] as Scope[], roleId: null, expiresAt: null, addressAllowlist: [], domainAllowlist: [], ...over });
const axis = (fn: () => void) => { try { fn(); return null; } catch (e) { return e instanceof AppError ? `${e.code}:${e.param}` : 'other'; } };

test('one address never covers its domain; a domain covers its addresses', (t) => {
  const narrow = caller({ reachesAll: false, addressAllowlist: ['a@x.test'] });
  t.false(sendScopeInside(narrow, key({ domainAllowlist: ['x.test'] })));
  t.true(sendScopeInside(narrow, key({ addressAllowlist: ['a@x.test'] })));
  t.false(sendScopeInside(narrow, key()), 'an unrestricted key is wider than any narrowed caller');
  const domain = caller({ reachesAll: false, domainAllowlist: ['x.test'] });
  t.true(sendScopeInside(domain, key({ addressAllowlist: ['b@x.test'], domainAllowlist: ['x.test'] })));
  t.true(sendScopeInside(domain, key({ roleId: 'member' })), 'a member-role key with no allowlist reaches nothing');
});

test('each axis names itself', (t) => {
  t.is(axis(() => assertWithinCaller(caller(), key({ scopes: ['billing:write'] }))), 'beyond_caller_authority:scopes');
  t.is(axis(() => assertWithinCaller(caller({ roleId: 'admin' }), key({ roleId: 'member' }))), 'beyond_caller_authority:roleId');
  t.is(axis(() => assertWithinCaller(caller({ expiresAt: '2030-01-01T00:00:00.000Z' }), key())), 'beyond_caller_authority:expiresInMinutes');
  t.is(axis(() => assertWithinCaller(caller({ expiresAt: '2030-01-01T00:00:00.000Z' }), key({ expiresAt: '2029-01-01T00:00:00.000Z' }))), null);
  t.is(axis(() => assertWithinCaller(caller({ reachesAll: false, addressAllowlist: ['a@x.test'] }), key({ domainAllowlist: ['x.test'] }))), 'beyond_caller_authority:domainAllowlist');
  t.is(axis(() => assertWithinCaller(caller(), key({ roleId: 'member' }))), null, 'a caller with no role may cap a key with one');
});
