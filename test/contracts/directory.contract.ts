import type { Address, Domain, User, Workspace } from '../../core/workspaces/workspace.ts';
import { at, OTHER_WS, seedWorkspaces, WS, type Check } from './kit.ts';

const domain = (id: string, name: string, overrides: Partial<Domain> = {}): Domain => ({
  id, workspaceId: WS, domain: name, receivingVerified: true, sendingStatus: 'verified', catchAll: false,
  createdAt: at(1), ...overrides,
});
const address = (id: string, name: string, overrides: Partial<Address> = {}): Address => ({
  id, workspaceId: WS, domainId: 'dom_acme', address: name, enabled: true, name: null, createdAt: at(2), ...overrides,
});

export function directoryContract(check: Check): void {
  check('users, workspaces and memberships round-trip; a second insert of an id returns false', async (t, { store }) => {
    const d = store.directory;
    const full: User = { id: 'usr_a', email: 'a@example.test', name: 'Ann', username: 'ann', createdAt: at(0) };
    const bare: User = { id: 'usr_b', email: 'b@example.test', name: null, username: null, createdAt: at(1) };
    t.true(await d.insertUser(full));
    t.true(await d.insertUser(bare));
    t.false(await d.insertUser({ ...full, email: 'changed@example.test' }));
    t.deepEqual(await d.user('usr_a'), full);
    t.deepEqual(await d.user('usr_b'), bare);
    t.is(await d.user('usr_none'), null);
    t.is(await d.user('usr_a\0'), null);

    t.is(await d.countWorkspaces(), 0);
    const team: Workspace = { id: 'ws_a', name: 'Acme', slug: 'acme', kind: 'team', ownerId: 'usr_a', plan: 'business', createdAt: at(2) };
    const later: Workspace = { id: 'ws_c', name: 'Later', slug: 'later', kind: 'personal', ownerId: 'usr_a', plan: 'free', createdAt: at(4) };
    const earlier: Workspace = { id: 'ws_b', name: 'Earlier', slug: 'earlier', kind: 'personal', ownerId: 'usr_a', plan: 'free', createdAt: at(3) };
    for (const w of [team, later, earlier]) t.true(await d.insertWorkspace(w));
    t.false(await d.insertWorkspace({ ...team, name: 'Other' }));
    t.is(await d.countWorkspaces(), 3);
    t.deepEqual(await d.workspace('ws_a'), team);
    t.is(await d.workspace('ws_none'), null);
    t.deepEqual(await d.workspacesOwnedBy('usr_a', 'personal'), [earlier, later]);
    t.deepEqual(await d.workspacesOwnedBy('usr_a', 'team'), [team]);
    t.deepEqual(await d.workspacesOwnedBy('usr_b', 'personal'), []);

    t.true(await d.insertMembership({ workspaceId: 'ws_a', userId: 'usr_b', roleId: 'member' }));
    t.false(await d.insertMembership({ workspaceId: 'ws_a', userId: 'usr_b', roleId: 'admin' }));
    t.deepEqual(await d.membership('ws_a', 'usr_b'), { workspaceId: 'ws_a', userId: 'usr_b', roleId: 'member' });
    t.is(await d.membership('ws_b', 'usr_b'), null);
  });

  check('domains round-trip booleans and statuses, alphabetically, per workspace', async (t, { store }) => {
    await seedWorkspaces(store);
    const d = store.directory;
    const zed = domain('dom_zed', 'zed.test', { receivingVerified: false, sendingStatus: 'no_identity', catchAll: true });
    const acme = domain('dom_acme', 'acme.test');
    t.true(await d.insertDomain(zed));
    t.true(await d.insertDomain(acme));
    t.true(await d.insertDomain(domain('dom_other', 'acme.test', { workspaceId: OTHER_WS })));
    t.false(await d.insertDomain({ ...acme, domain: 'changed.test' }));
    t.false(await d.insertDomain({ ...acme, id: 'dom_dupe' }), 'one domain name per workspace');
    t.deepEqual(await d.domains(WS), [acme, zed]);
    t.deepEqual(await d.domains('ws_none'), []);
  });

  check('addresses: alphabetical keyset pages, lookups by name lower-cased, per workspace', async (t, { store }) => {
    await seedWorkspaces(store);
    const d = store.directory;
    await d.insertDomain(domain('dom_acme', 'acme.test'));
    await d.insertDomain(domain('dom_other', 'acme.test', { workspaceId: OTHER_WS }));
    const names = ['support@acme.test', 'a@acme.test', 'hello@acme.test', 'b.c@acme.test', 'bc@acme.test'];
    const rows = names.map((n, i) => address(`adr_${i}`, n, { enabled: i % 2 === 0, name: i === 2 ? 'Hello' : null }));
    for (const a of rows) t.true(await d.insertAddress(a));
    t.true(await d.insertAddress(address('adr_other', 'a@acme.test', { workspaceId: OTHER_WS, domainId: 'dom_other' })));
    t.false(await d.insertAddress({ ...rows[0]!, address: 'new@acme.test' }));
    t.false(await d.insertAddress({ ...rows[0]!, id: 'adr_dupe' }), 'one address per workspace');

    const sorted = [...rows].sort((x, y) => (x.address < y.address ? -1 : 1));
    t.deepEqual(sorted.map((a) => a.address), ['a@acme.test', 'b.c@acme.test', 'bc@acme.test', 'hello@acme.test', 'support@acme.test']);
    t.deepEqual(await d.addresses(WS, null, 10), sorted);
    const first = await d.addresses(WS, null, 2);
    t.deepEqual(first, sorted.slice(0, 2));
    const second = await d.addresses(WS, [first[1]!.address], 2);
    t.deepEqual(second, sorted.slice(2, 4));
    t.deepEqual(await d.addresses(WS, [second[1]!.address], 2), sorted.slice(4));
    t.deepEqual(await d.addresses(WS, ['support@acme.test'], 2), []);

    const named = await d.addressesNamed(WS, ['HELLO@acme.test', 'a@acme.test', 'nobody@acme.test', 'a@acme.test', 'x\0@acme.test']);
    t.deepEqual(named.map((a) => a.id).sort(), ['adr_1', 'adr_2']);
    t.deepEqual(named.find((a) => a.id === 'adr_2'), rows[2]);
    t.deepEqual(await d.addressesNamed(WS, []), []);
    t.deepEqual((await d.addressesNamed(OTHER_WS, ['a@acme.test'])).map((a) => a.id), ['adr_other']);
  });

  check('addressesNamed takes lists longer than any bound-parameter limit', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.directory.insertDomain(domain('dom_acme', 'acme.test'));
    await store.directory.insertAddress(address('adr_last', 'z1999@acme.test'));
    const many = Array.from({ length: 2000 }, (_, i) => `z${i}@acme.test`);
    t.deepEqual((await store.directory.addressesNamed(WS, many)).map((a) => a.id), ['adr_last']);
  });
}

/** Audiences and contacts, which only the fixture loader uses so far. */
export function audienceContract(check: Check): void {
  check('audiences and contacts: round-trip, default audience, duplicate inserts return false', async (t, { store }) => {
    await seedWorkspaces(store);
    const a = store.audiences;
    t.is(await a.defaultAudience(WS), null);
    const news = { id: 'aud_news', workspaceId: WS, name: 'News', description: 'Monthly', builtin: null, showOnPreferences: true, createdAt: at(1), updatedAt: at(2) };
    const all = { id: 'aud_all', workspaceId: WS, name: 'All contacts', description: null, builtin: 'default' as const, showOnPreferences: false, createdAt: at(1), updatedAt: at(1) };
    t.true(await a.insertAudience(news));
    t.true(await a.insertAudience(all));
    t.false(await a.insertAudience({ ...news, name: 'Again' }));
    t.deepEqual(await a.defaultAudience(WS), all);
    t.is(await a.defaultAudience(OTHER_WS), null);

    const rita = { id: 'con_rita', workspaceId: WS, email: 'rita@example.test', name: 'Rita', createdAt: at(3), updatedAt: at(3) };
    const anon = { id: 'con_anon', workspaceId: WS, email: 'anon@example.test', name: null, createdAt: at(3), updatedAt: at(4) };
    t.true(await a.insertContact(rita));
    t.true(await a.insertContact(anon));
    t.false(await a.insertContact({ ...rita, name: 'Other' }));
    t.false(await a.insertContact({ ...rita, id: 'con_dupe' }), 'one contact per email per workspace');
    t.deepEqual(await a.contactByEmail(WS, 'rita@example.test'), rita);
    t.deepEqual(await a.contactByEmail(WS, 'anon@example.test'), anon);
    t.is(await a.contactByEmail(OTHER_WS, 'rita@example.test'), null);

    await a.addToAudience('aud_news', 'con_rita', at(5));
    await a.addToAudience('aud_all', 'con_rita', at(5));
    await t.notThrowsAsync(a.addToAudience('aud_news', 'con_rita', at(6)), 'joining twice is not an error');
  });

  check('only one default audience per workspace', async (t, { store }) => {
    await seedWorkspaces(store);
    const base = { workspaceId: WS, name: 'All', description: null, builtin: 'default' as const, showOnPreferences: false, createdAt: at(1), updatedAt: at(1) };
    t.true(await store.audiences.insertAudience({ ...base, id: 'aud_1' }));
    t.false(await store.audiences.insertAudience({ ...base, id: 'aud_2' }));
    t.true(await store.audiences.insertAudience({ ...base, id: 'aud_3', workspaceId: OTHER_WS }));
    t.is((await store.audiences.defaultAudience(WS))?.id, 'aud_1');
  });
}
