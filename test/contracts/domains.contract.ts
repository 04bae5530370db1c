import type { DomainRecord } from '../../core/domains/domain.ts';
import { isAppError } from '../../core/kernel/errors.ts';
import { at, seedWorkspaces, WS, OTHER_WS, type Check } from './kit.ts';

const domain = (id: string, name: string, overrides: Partial<DomainRecord> = {}): DomainRecord => ({
  id, workspaceId: WS, domain: name, createdAt: at(1), catchAll: true, receivingVerified: false, receivingVerifiedAt: null,
  receivingCheckedAt: null, receivingError: null, sendingStatus: 'pending', sendingCheckedAt: null, sendingError: null,
  recordStatus: {}, dmarcPolicy: 'none', dmarcPublished: null, senderName: null, hostSecretSealed: null, dkim: null,
  tracking: null, storage: null, ...overrides,
});

export function domainsContract(check: Check): void {
  check('domains: insert, read back every field, list alphabetically, update, delete', async (t, { store }) => {
    await seedWorkspaces(store);
    const full = domain('d-1', 'b.test', {
      catchAll: false, receivingVerified: true, receivingVerifiedAt: at(2), receivingCheckedAt: at(2), receivingError: 'none "quoted"',
      sendingStatus: 'failed', sendingCheckedAt: at(3), sendingError: 'Ünïcødé', recordStatus: { receiving: 'found', dkim: 'missing' },
      dmarcPolicy: 'reject', dmarcPublished: 'v=DMARC1; p=none', senderName: 'B Team', hostSecretSealed: 'v1.sealed',
      dkim: { selector: 'wm202601', publicKey: 'MIIB', privateKeySealed: 'v1.key', createdAt: at(1) },
      tracking: { kind: 'tracking', host: 't.b.test', status: 'active', target: 'track.svc.test', error: null, checkedAt: at(4), createdAt: at(3) },
      storage: { kind: 'storage', host: 'f.b.test', status: 'pending', target: 'files.svc.test', error: 'no CNAME', checkedAt: null, createdAt: at(3) },
    });
    t.true(await store.domains.insert(full));
    t.true(await store.domains.insert(domain('d-2', 'a.test')));
    t.false(await store.domains.insert(domain('d-3', 'a.test')), 'a name is unique in its workspace');
    t.true(await store.domains.insert(domain('d-4', 'a.test', { workspaceId: OTHER_WS })));
    await store.domains.update(full);
    t.deepEqual(await store.domains.get(WS, 'd-1'), full);
    t.is(await store.domains.get(OTHER_WS, 'd-1'), null);
    t.deepEqual((await store.domains.list(WS, null, 10)).map((d) => d.domain), ['a.test', 'b.test']);
    t.deepEqual((await store.domains.list(WS, ['a.test'], 10)).map((d) => d.id), ['d-1']);
    t.is((await store.domains.byHost('f.b.test'))?.id, 'd-1');
    t.is(await store.domains.byHost('nope.test'), null);
    t.false(await store.domains.insertDkimKey('d-1', { selector: 'x', publicKey: 'y', privateKeySealed: 'z', createdAt: at(9) }), 'the key is only ever added');

    const changed = { ...full, tracking: null, senderName: null, recordStatus: {} };
    await store.domains.update(changed);
    t.deepEqual(await store.domains.get(WS, 'd-1'), changed);
    await store.domains.delete(WS, 'd-1');
    t.is(await store.domains.get(WS, 'd-1'), null);
    t.is(await store.domains.byHost('f.b.test'), null, 'hosts go with their domain');
  });

  check('domains: a host serves one domain; a taken host is tracking_host_in_use and the update does not land', async (t, { store }) => {
    await seedWorkspaces(store);
    const host = (h: string) => ({ kind: 'tracking' as const, host: h, status: 'pending' as const, target: 'track.svc.test', error: null, checkedAt: null, createdAt: at(1) });
    await store.domains.insert(domain('d-1', 'a.test', { tracking: host('t.a.test') }));
    await store.domains.insert(domain('d-2', 'a.test', { workspaceId: OTHER_WS }));
    await store.domains.update(domain('d-1', 'a.test', { tracking: host('t.a.test') }));
    const e = await t.throwsAsync(() => store.transaction((tx) => tx.domains.update(domain('d-2', 'a.test', { workspaceId: OTHER_WS, senderName: 'x', tracking: host('t.a.test') }))));
    t.true(isAppError(e) && e.code === 'tracking_host_in_use');
    t.is((await store.domains.get(OTHER_WS, 'd-2'))?.senderName, null);
  });

  check('domains: addresses of a domain, counted per workspace, updated and removed', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.domains.insert(domain('d-1', 'a.test'));
    const address = (id: string, name: string) => ({ id, workspaceId: WS, domainId: 'd-1', address: name, enabled: true, name: null, createdAt: at(1) });
    t.true(await store.domains.insertAddress(address('adr_2', 'b@a.test')));
    t.true(await store.domains.insertAddress(address('adr_1', 'a@a.test')));
    t.false(await store.domains.insertAddress(address('adr_3', 'a@a.test')));
    t.is(await store.domains.countAddresses(WS), 2);
    t.deepEqual((await store.domains.addresses('d-1')).map((a) => a.address), ['a@a.test', 'b@a.test']);
    await store.domains.updateAddress({ ...address('adr_1', 'a@a.test'), enabled: false, name: 'A' });
    t.like(await store.domains.address(WS, 'a@a.test'), { enabled: false, name: 'A' });
    await store.domains.deleteAddress(WS, 'adr_1');
    t.is(await store.domains.address(WS, 'a@a.test'), null);
    await store.domains.delete(WS, 'd-1');
    t.is(await store.domains.countAddresses(WS), 0, 'addresses go with their domain');
  });
}
