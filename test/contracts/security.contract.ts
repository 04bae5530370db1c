import type { StepUpCode } from '../../core/ports/repositories.ts';
import { at, OWNER, seedWorkspaces, token, type Check } from './kit.ts';

const code = (id: string, minute: number, overrides: Partial<StepUpCode> = {}): StepUpCode => ({
  id, tokenId: 'tok_1', userId: OWNER, clientId: 'app_cli', codeHash: `hash-${id}`, createdAt: at(minute),
  expiresAt: at(minute + 10), wrongTries: 0, closedAt: null, ...overrides,
});

export function securityContract(check: Check): void {
  check('step-up codes: the newest open code per person and app; updates close it', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.accessTokens.insert(token('tok_1'));
    const s = store.stepUp;
    t.is(await s.openCode(OWNER, 'app_cli'), null);
    const closed = code('stc_1', 1, { closedAt: at(2), wrongTries: 5 });
    const older = code('stc_2', 2);
    const newer = code('stc_3', 3);
    for (const c of [closed, older, newer, code('stc_web', 4, { clientId: 'app_web' })]) await s.insertCode(c);
    t.deepEqual(await s.openCode(OWNER, 'app_cli'), newer);
    const tried = { ...newer, wrongTries: 2 };
    await s.updateCode(tried);
    t.deepEqual(await s.openCode(OWNER, 'app_cli'), tried);
    await s.updateCode({ ...tried, closedAt: at(5) });
    t.deepEqual(await s.openCode(OWNER, 'app_cli'), older);
    t.is((await s.openCode(OWNER, 'app_web'))?.id, 'stc_web');
    t.is(await s.openCode('usr_none', 'app_cli'), null);

    t.is(await s.codesAskedSince(OWNER, 'app_cli', at(0)), 3, 'closed codes were still asked for');
    t.is(await s.codesAskedSince(OWNER, 'app_cli', at(2)), 2, 'since is inclusive');
    t.is(await s.codesAskedSince(OWNER, 'app_web', at(0)), 1);
    t.is(await s.codesAskedSince(OWNER, 'app_none', at(0)), 0);
  });

  check('step-up wrong tries: per app or all apps of the person, since inclusive, oldest first', async (t, { store }) => {
    await seedWorkspaces(store);
    const s = store.stepUp;
    t.deepEqual(await s.wrongTriesSince(OWNER, null, at(0)), []);
    await s.recordWrongTry(OWNER, 'app_cli', at(3));
    await s.recordWrongTry(OWNER, 'app_web', at(2));
    await s.recordWrongTry(OWNER, 'app_cli', at(1));
    await s.recordWrongTry(OWNER, 'app_cli', at(3));
    t.deepEqual(await s.wrongTriesSince(OWNER, 'app_cli', at(0)), [at(1), at(3), at(3)], 'two tries in one instant both count');
    t.deepEqual(await s.wrongTriesSince(OWNER, null, at(0)), [at(1), at(2), at(3), at(3)]);
    t.deepEqual(await s.wrongTriesSince(OWNER, null, at(2)), [at(2), at(3), at(3)]);
    t.deepEqual(await s.wrongTriesSince(OWNER, 'app_web', at(2.5)), []);
  });

  check('idempotency: find within the window, the first save wins, purge drops old rows', async (t, { store }) => {
    const i = store.idempotency;
    const first = { credentialId: 'key_1', key: 'k-1 ~!', requestHash: 'h1', status: 201, body: '{"id":"x","n":"Ü"}', createdAt: at(10) };
    t.is(await i.find('key_1', 'k-1 ~!', at(0)), null);
    await i.save(first, at(0));
    await i.save({ ...first, requestHash: 'h2', status: 200, body: '{}', createdAt: at(11) }, at(0));
    t.deepEqual(await i.find('key_1', 'k-1 ~!', at(0)), first);
    t.deepEqual(await i.find('key_1', 'k-1 ~!', at(10)), first, 'notBefore is inclusive');
    t.is(await i.find('key_1', 'k-1 ~!', at(10.5)), null);
    t.is(await i.find('key_2', 'k-1 ~!', at(0)), null, 'keys are per credential');
    t.is(await i.find('key_1', 'k-2', at(0)), null);

    await Promise.all(['a', 'b', 'c', 'd'].map((h) => i.save({ ...first, key: 'race', requestHash: h }, at(0))));
    t.truthy(await i.find('key_1', 'race', at(0)), 'concurrent saves of one key do not fail');

    // A row past its window is replaced by the next response under the same key.
    await i.save({ ...first, requestHash: 'h3', createdAt: at(30) }, at(10.5));
    t.is((await i.find('key_1', 'k-1 ~!', at(0)))?.requestHash, 'h3');
    await i.save({ ...first, requestHash: 'h4', createdAt: at(31) }, at(10.5));
    t.is((await i.find('key_1', 'k-1 ~!', at(0)))?.requestHash, 'h3', 'a live row still wins');

    await i.save({ ...first, key: 'new', createdAt: at(40) }, at(0));
    await i.purgeBefore(at(40));
    t.is(await i.find('key_1', 'k-1 ~!', at(0)), null);
    t.truthy(await i.find('key_1', 'new', at(0)));
  });
}
