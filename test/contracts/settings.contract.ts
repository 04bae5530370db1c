import { at, seedWorkspaces, OWNER, WS, OTHER_WS, type Check } from './kit.ts';
import { defaultBrand, type Brand } from '../../core/branding/brand.ts';
import type { StoredImage } from '../../core/branding/stored-image.ts';

const image = (id: string): StoredImage => ({ id, blobRef: 'a'.repeat(32), width: 512, height: 384, sizeBytes: 3_000_000_000, createdAt: at(1) });

/** The settings and branding repositories: per-scope values, account values, brands, images and photos. */
export function settingsContract(check: Check): void {
  check('settings: values per scope and per workspace; an empty object removes the row; unknown scopes are absent', async (t, { store }) => {
    await seedWorkspaces(store);
    const values = { externalImages: 'never', trustedSenders: ['a@b.test', '@c.test'], trackOpens: false, signature: 'Ünï "q"' };
    await store.settings.saveScoped(WS, '', { externalImages: 'ask' }, at(1));
    await store.settings.saveScoped(WS, 'hello@acme.test', values, at(1));
    await store.settings.saveScoped(OTHER_WS, 'hello@acme.test', { trackOpens: true }, at(1));
    const found = await store.settings.scoped(WS, ['', '@acme.test', 'hello@acme.test', 'x\0y']);
    t.deepEqual([...found.keys()].sort(), ['', 'hello@acme.test']);
    t.deepEqual(found.get('hello@acme.test'), values);
    await store.settings.saveScoped(WS, 'hello@acme.test', { trackOpens: true }, at(2));
    t.deepEqual((await store.settings.scoped(WS, ['hello@acme.test'])).get('hello@acme.test'), { trackOpens: true }, 'replaced whole');
    await store.settings.saveScoped(WS, 'hello@acme.test', {}, at(3));
    t.false((await store.settings.scoped(WS, ['hello@acme.test'])).has('hello@acme.test'));
    t.deepEqual((await store.settings.scoped(OTHER_WS, ['hello@acme.test'])).get('hello@acme.test'), { trackOpens: true });
    t.deepEqual([...(await store.settings.scoped(WS, [])).keys()], []);
  });

  check('settings: account values per person; renaming a workspace; locks inside a transaction', async (t, { store }) => {
    await seedWorkspaces(store);
    t.deepEqual(await store.settings.account(OWNER), {});
    await store.settings.saveAccount(OWNER, { timezone: 'Europe/Berlin' }, at(1));
    await store.transaction(async (tx) => {
      await tx.settings.lockAccount(OWNER);
      await tx.settings.lockScope(WS, '');
      await tx.settings.saveAccount(OWNER, { timezone: 'UTC', weekStart: 'sunday' }, at(2));
      await tx.settings.renameWorkspace(WS, 'Renamed');
    });
    t.deepEqual(await store.settings.account(OWNER), { timezone: 'UTC', weekStart: 'sunday' });
    t.is((await store.directory.workspace(WS))?.name, 'Renamed');
    t.is((await store.directory.workspace(OTHER_WS))?.name, OTHER_WS);
  });

  check('branding: a brand round-trips whole; absent until saved', async (t, { store }) => {
    await seedWorkspaces(store);
    t.is(await store.branding.get(WS), null);
    const brand: Brand = {
      ...defaultBrand(WS), fonts: { primary: 'inter', secondary: null },
      loginBackground: { kind: 'image', preset: null, color: null, logo: 'dark' },
      backgroundBeforeImage: { kind: 'color', preset: null, color: '#1a2b3c', logo: null },
      images: { mark: 'img_1', 'login-background': 'img_2' }, updatedAt: at(2),
    };
    await store.transaction(async (tx) => { await tx.branding.lock(WS); await tx.branding.save(brand); });
    t.deepEqual(await store.branding.get(WS), brand);
    await store.branding.save({ ...brand, loginBackground: null, backgroundBeforeImage: null, images: {} });
    t.deepEqual(await store.branding.get(WS), { ...brand, loginBackground: null, backgroundBeforeImage: null, images: {} });
    t.is(await store.branding.get(OTHER_WS), null);
  });

  check('branding: images are found by id and deleted once; account photos point at one image per person', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.branding.insertImage(image('img_a'), { workspaceId: WS });
    await store.branding.insertImage(image('img_b'), { userId: OWNER });
    t.deepEqual(await store.branding.image('img_a'), image('img_a'));
    t.is(await store.branding.image('img_\0'), null);
    t.deepEqual(await store.branding.deleteImage('img_a'), image('img_a'));
    t.is(await store.branding.deleteImage('img_a'), null);
    t.is(await store.branding.accountPhoto(OWNER), null);
    await store.transaction(async (tx) => {
      await tx.branding.lockAccountPhoto(OWNER);
      await tx.branding.setAccountPhoto(OWNER, 'img_b', at(1));
    });
    t.is(await store.branding.accountPhoto(OWNER), 'img_b');
    await store.branding.setAccountPhoto(OWNER, 'img_c', at(2));
    t.is(await store.branding.accountPhoto(OWNER), 'img_c');
    await store.branding.setAccountPhoto(OWNER, null, at(3));
    t.is(await store.branding.accountPhoto(OWNER), null);
  });

  check('branding: deleting a workspace takes its brand and brand images with it', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.branding.insertImage(image('img_w'), { workspaceId: WS });
    await store.branding.save({ ...defaultBrand(WS), images: { mark: 'img_w' } });
    await store.account.deleteWorkspace(WS);
    t.is(await store.branding.get(WS), null);
    t.is(await store.branding.image('img_w'), null);
  });
}
