import { at, seedWorkspaces, WS, OTHER_WS, type Check } from './kit.ts';

export function eventContract(check: Check): void {
  check('events: appended in order, read oldest first after a position, per workspace', async (t, { store }) => {
    await seedWorkspaces(store);
    const event = (id: string, minute: number, workspaceId = WS) => ({
      id, workspaceId, type: 'domain.verified', data: { domain: 'acme.test', n: minute, nested: { ok: true } },
      address: minute % 2 ? 'hello@acme.test' : null, domain: 'acme.test', createdAt: at(minute),
    });
    for (const [id, m] of [['evt_b', 2], ['evt_a', 1], ['evt_c', 2]] as const) await store.events.append(event(id, m));
    await store.events.append(event('evt_x', 1, OTHER_WS));
    const all = await store.events.listAfter(WS, null, 10);
    t.deepEqual(all.map((e) => e.id), ['evt_a', 'evt_b', 'evt_c']);
    t.deepEqual(all[0], event('evt_a', 1));
    t.deepEqual((await store.events.listAfter(WS, [at(2), 'evt_b'], 10)).map((e) => e.id), ['evt_c']);
    t.deepEqual((await store.events.listAfter(WS, null, 1)).map((e) => e.id), ['evt_a']);
  });

  check('events: an event recorded in a failed transaction does not exist', async (t, { store }) => {
    await seedWorkspaces(store);
    await t.throwsAsync(() => store.transaction(async (tx) => {
      await tx.events.append({ id: 'evt_1', workspaceId: WS, type: 't', data: {}, address: null, domain: null, createdAt: at(1) });
      throw new Error('change failed');
    }));
    t.deepEqual(await store.events.listAfter(WS, null, 10), []);
  });
}
