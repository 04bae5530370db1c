import type { ExecutionContext, TestFn } from 'ava';
import type { AccessToken } from '../../core/auth/access-token.ts';
import type { ApiKey } from '../../core/keys/api-key.ts';
import type { RateLimitStore } from '../../core/ports/rate-limit-store.ts';
import type { Store } from '../../core/ports/repositories.ts';

/** What a backend hands each contract test: a store over a database nobody else uses. */
export interface OpenedStore { store: Store; close(): Promise<void> }
export interface OpenedRateLimits { rateLimits: RateLimitStore; close(): Promise<void> }

export type Check<O = OpenedStore> = (title: string, fn: (t: ExecutionContext, opened: O) => Promise<void>) => void;

/** Each check runs over a fresh database that is closed (and dropped) whatever the outcome. */
export function checker<O extends { close(): Promise<void> }>(test: TestFn, name: string, open: () => Promise<O>): Check<O> {
  return (title, fn) => test(`${name}: ${title}`, async (t) => {
    const opened = await open();
    try {
      await fn(t, opened);
    } finally {
      await opened.close();
    }
  });
}

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
/** An ISO time `minutes` after the contract's epoch; fractions give sub-minute steps. */
export const at = (minutes: number): string => new Date(T0 + minutes * 60_000).toISOString();

export const OWNER = 'usr_owner';
export const WS = 'ws_one';
export const OTHER_WS = 'ws_two';

/** Two team workspaces of one owner, which most checks need before anything else can be written. */
export async function seedWorkspaces(store: Store): Promise<void> {
  await store.directory.insertUser({ id: OWNER, email: 'owner@example.test', name: 'Olivia', username: 'olivia', createdAt: at(0) });
  for (const id of [WS, OTHER_WS]) {
    await store.directory.insertWorkspace({ id, name: id, slug: id, kind: 'team', ownerId: OWNER, plan: 'starter', createdAt: at(0) });
  }
}

/** A key with every nullable field null; `with` fills in the rest. */
export const bareKey = (id: string, overrides: Partial<ApiKey> = {}): ApiKey => ({
  id, workspaceId: WS, name: `key ${id}`, secretHash: `hash-${id}`, keyLast4: 'abcd', lifecycle: 'usable',
  scopes: [], roleId: null, addressAllowlist: [], domainAllowlist: [], ipAllowlist: [], expiresAt: null,
  lastUsedAt: null, totalUses: 0, rotatedAt: null, rotationCount: 0, deactivatedAt: null, revokedAt: null,
  revokedReason: null, createdAt: at(1), createdBy: { type: 'fixture', id: null }, updatedAt: at(1),
  updatedBy: { type: 'fixture', id: null }, lastChangeAt: at(1), lastChangeType: 'created', ...overrides,
});

/** A key with every field set to something other than its default. */
export const fullKey = (id: string): ApiKey => bareKey(id, {
  name: 'Ünïcødé key ✓', lifecycle: 'switched_off', scopes: ['keys:read', 'emails:send'], roleId: 'member',
  addressAllowlist: ['hello@acme.test', 'b@acme.test'], domainAllowlist: ['acme.test'],
  ipAllowlist: ['10.0.0.0/8', '::1'], expiresAt: at(600), lastUsedAt: at(5), totalUses: 3_000_000_000,
  rotatedAt: at(4), rotationCount: 2, deactivatedAt: at(3), revokedAt: at(6), revokedReason: 'leaked, "quoted"',
  createdBy: { type: 'api_key', id: 'key_creator' }, updatedAt: at(7), updatedBy: { type: 'access_token', id: 'tok_x' },
  lastChangeAt: at(7), lastChangeType: 'rotated',
});

export const token = (id: string, overrides: Partial<AccessToken> = {}): AccessToken => ({
  id, workspaceId: WS, userId: OWNER, tokenHash: `hash-${id}`, app: { clientId: 'app_cli', name: 'Acme CLI', kind: 'cli' },
  scopes: ['keys:read'], addressAllowlist: [], domainAllowlist: [], stepUpVerifiedAt: null, expiresAt: null,
  createdAt: at(1), ...overrides,
});
