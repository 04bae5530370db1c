import test from 'ava';
import { openDatabase } from '../../../adapters/knex/connect.ts';
import { createKnexStore } from '../../../adapters/knex/store.knex.ts';
import { Sha256SecretHasher } from '../../../adapters/crypto-node/secret-hasher.sha256.ts';
import { Authenticate } from '../../../core/auth/authenticate.ts';
import { requireUnrestricted } from '../../../core/auth/authorize.ts';
import { AppError } from '../../../core/kernel/errors.ts';
import type { Caller } from '../../../core/auth/caller.ts';
import { FakeClock } from '../../support/fake-clock.ts';

test('a token of a person who left the workspace is 401 grant_access_lost', async (t) => {
  const db = await openDatabase(':memory:');
  try {
    const store = createKnexStore(db.knex);
    const hasher = new Sha256SecretHasher();
    const at = '2026-11-22T10:00:00.000Z';
    await store.directory.insertUser({ id: 'u1', email: 'o@x.test', name: null, username: null, createdAt: at });
    await store.directory.insertUser({ id: 'u2', email: 'm@x.test', name: null, username: null, createdAt: at });
    await store.directory.insertWorkspace({ id: 'w1', name: 'W', slug: 'w', kind: 'team', ownerId: 'u1', plan: 'free', createdAt: at });
    const token = `wmat_${'a'.repeat(43)}`;
    await store.accessTokens.insert({
      id: 'tok_1', workspaceId: 'w1', userId: 'u2', tokenHash: hasher.hash(token), app: { clientId: 'c', name: 'App', kind: 'cli' },
      scopes: ['keys:read'], addressAllowlist: [], domainAllowlist: [], stepUpVerifiedAt: null, expiresAt: null, createdAt: at,
    });
    const auth = new Authenticate(store, hasher, new FakeClock(at));
    const err = await t.throwsAsync(() => auth.execute(token, '127.0.0.1'), { instanceOf: AppError });
    t.is(err?.code, 'grant_access_lost');
    t.is(err?.status, 401);
    await store.directory.insertMembership({ workspaceId: 'w1', userId: 'u2', roleId: 'member' });
    const caller = await auth.execute(token, '127.0.0.1');
    t.is(caller.roleId, 'member');
    t.false(caller.reachesAll, 'a member without allowlists reaches no address');
    t.false(caller.scopes.has('keys:manage'));
  } finally {
    await db.close();
  }
});

test('requireUnrestricted refuses narrowed callers with 422 capability_unsupported', (t) => {
  const err = t.throws(() => requireUnrestricted({ reachesAll: false } as Caller, 'domainAllowlist'), { instanceOf: AppError });
  t.is(err?.code, 'capability_unsupported');
  t.is(err?.status, 422);
  t.is(err?.param, 'domainAllowlist');
  t.notThrows(() => requireUnrestricted({ reachesAll: true } as Caller));
});
