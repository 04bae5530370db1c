import { at, seedWorkspaces, WS, OTHER_WS, type Check } from './kit.ts';
import type { StoredContact } from '../../core/contacts/contact.ts';
import type { Store } from '../../core/ports/repositories.ts';

const contact = (id: string, email: string, minute: number, overrides: Partial<StoredContact> = {}): StoredContact => ({
  id, workspaceId: WS, email, name: null, customFields: {}, source: 'api', createdAt: at(minute), updatedAt: at(minute), ...overrides,
});

async function audiences(store: Store): Promise<void> {
  await seedWorkspaces(store);
  const base = { workspaceId: WS, description: null, showOnPreferences: false, updatedAt: at(0) };
  await store.audiences.insertAudience({ ...base, id: 'aud_all', name: 'All contacts', builtin: 'default', createdAt: at(0) });
  await store.audiences.insertAudience({ ...base, id: 'aud_a', name: 'A', builtin: null, createdAt: at(1) });
  await store.audiences.insertAudience({ ...base, id: 'aud_b', name: 'B', builtin: null, createdAt: at(2) });
  await store.audiences.insertAudience({ ...base, id: 'aud_x', workspaceId: OTHER_WS, name: 'X', builtin: null, createdAt: at(3) });
}

export function contactsContract(check: Check): void {
  check('contacts: round-trip with custom fields, lookups per workspace, list newest first with q and audience filters', async (t, { store }) => {
    await audiences(store);
    const c = store.contacts;
    const rita = contact('con_rita', 'rita@example.test', 1, { name: 'Rita Ünïcødé', customFields: { plan: 'pro', seats: 3, vip: true, note: '"quoted" %_' } });
    t.true(await c.insert(rita));
    t.false(await c.insert({ ...rita, id: 'con_other' }), 'one contact per address per workspace');
    await c.insertMany([contact('con_bob', 'bob@example.test', 2), contact('con_cy', 'cy%@other.test', 3)]);
    t.deepEqual(await c.get(WS, 'con_rita'), rita);
    t.is(await c.get(OTHER_WS, 'con_rita'), null);
    t.is(await c.get(WS, 'con_\0'), null);
    t.deepEqual((await c.byEmails(WS, ['rita@example.test', 'nobody@example.test', 'a\0b'])).map((x) => x.id), ['con_rita']);
    t.deepEqual((await c.list(WS, {}, null, 10)).map((x) => x.id), ['con_cy', 'con_bob', 'con_rita']);
    t.deepEqual((await c.list(WS, {}, [at(3), 'con_cy'], 10)).map((x) => x.id), ['con_bob', 'con_rita']);
    t.deepEqual((await c.list(WS, { q: 'ünïcødé' }, null, 10)).map((x) => x.id), ['con_rita']);
    t.deepEqual((await c.list(WS, { q: '%' }, null, 10)).map((x) => x.id), ['con_cy'], '% is a character, not a wildcard');
    await c.join([{ audienceId: 'aud_a', contactId: 'con_bob', joinedAt: at(5), unsubscribedAt: null }]);
    t.deepEqual((await c.list(WS, { audienceId: 'aud_a' }, null, 10)).map((x) => x.id), ['con_bob']);
    await c.update({ ...rita, name: null, customFields: {}, updatedAt: at(9) });
    t.like(await c.get(WS, 'con_rita'), { name: null, customFields: {}, updatedAt: at(9), createdAt: at(1) });
  });

  check('contacts: memberships join once, flip subscribed state, leave, and go with a deleted contact', async (t, { store }) => {
    await audiences(store);
    const c = store.contacts;
    await c.insert(contact('con_1', 'one@example.test', 1));
    const join = (audienceId: string, minute: number) => ({ audienceId, contactId: 'con_1', joinedAt: at(minute), unsubscribedAt: null });
    t.is(await c.join([join('aud_all', 1), join('aud_a', 2)]), 2);
    t.is(await c.join([join('aud_a', 3), join('aud_b', 3)]), 1, 'a membership already there keeps its join time');
    t.deepEqual((await c.memberships(['con_1'])).find((m) => m.audienceId === 'aud_a'), { audienceId: 'aud_a', contactId: 'con_1', joinedAt: at(2), unsubscribedAt: null });
    t.deepEqual((await c.setSubscribed('con_1', ['aud_a'], at(4))).sort(), ['aud_a']);
    t.deepEqual((await c.setSubscribed('con_1', null, at(5))).sort(), ['aud_all', 'aud_b'], 'only those still subscribed flip');
    t.deepEqual((await c.setSubscribed('con_1', ['aud_a', 'aud_b'], null)).sort(), ['aud_a', 'aud_b']);
    t.deepEqual((await c.memberships(['con_1'])).map((m) => [m.audienceId, m.unsubscribedAt]).sort(), [['aud_a', null], ['aud_all', at(5)], ['aud_b', null]]);
    t.true(await c.leave('aud_b', 'con_1'));
    t.false(await c.leave('aud_b', 'con_1'));
    const a = await c.getAudience(WS, 'aud_a');
    t.like(a, { id: 'aud_a', contactCount: 1, lastContactAt: at(2) });
    t.is(await c.getAudience(OTHER_WS, 'aud_a'), null);
    t.is(await c.countAudiences(WS), 2, 'the default audience is not counted');
    t.deepEqual((await c.listAudiences(WS, null, 10)).map((x) => x.id), ['aud_all', 'aud_b', 'aud_a']);
    t.deepEqual((await c.listAudiences(WS, (await c.getAudience(WS, 'aud_b'))!, 10)).map((x) => x.id), ['aud_a']);
    t.deepEqual((await c.audiencesNamed(WS, null)).map((x) => x.id).sort(), ['aud_a', 'aud_all', 'aud_b']);
    t.deepEqual((await c.audiencesNamed(WS, ['aud_x', 'aud_b'])).map((x) => x.id), ['aud_b']);
    t.deepEqual(await c.delete(WS, ['con_1', 'con_nope']), ['con_1']);
    t.deepEqual(await c.memberships(['con_1']), []);
  });

  check('growth: bucket indexes worked out in SQL match the calendar, across leap days, months and years', async (t, { store }) => {
    await audiences(store);
    const times = [
      '1999-12-31T23:59:59.999Z', '2000-02-29T12:00:00.000Z', '2000-03-01T00:00:00.000Z', '2023-01-01T00:00:00.000Z',
      '2024-02-29T23:59:00.000Z', '2024-03-01T00:01:00.000Z', '2026-11-22T10:00:00.000Z', '2100-03-01T05:07:00.000Z',
    ];
    for (const [i, time] of times.entries()) {
      await store.contacts.insert(contact(`con_${i}`, `c${i}@example.test`, 0));
      await store.contacts.join([{ audienceId: 'aud_a', contactId: `con_${i}`, joinedAt: time, unsubscribedAt: i === 3 ? '2024-02-29T23:59:00.000Z' : null }]);
    }
    for (const [grain, offset] of [[1, 0], [60, -330], [1440, 840], [1440, -840]] as const) {
      const rows = await store.contacts.growth(WS, { audienceIds: ['aud_a'], since: '1990-01-01T00:00:00.000Z', grainMinutes: grain, offsetMinutes: offset });
      const expected = new Map<number, number>();
      for (const time of times) {
        const bucket = Math.floor((Math.floor(Date.parse(time) / 60_000) + offset) / grain);
        expected.set(bucket, (expected.get(bucket) ?? 0) + 1);
      }
      const joins = new Map(rows.buckets.filter((b) => b.added).map((b) => [b.bucket, b.added]));
      t.deepEqual([...joins].sort(), [...expected].sort(), `grain ${grain}, offset ${offset}`);
      t.deepEqual(rows.series, [{ audienceId: 'aud_a', total: 8, subscribed: 7, before: 0, added: 8, unsubscribed: 1 }]);
      t.like(rows, { contacts: 8, subscribedContacts: 7 });
    }
    const later = await store.contacts.growth(WS, { audienceIds: ['aud_a'], since: '2024-01-01T00:00:00.000Z', grainMinutes: 1440, offsetMinutes: 0 });
    t.like(later.series[0], { total: 8, before: 4, added: 4, unsubscribed: 1 });
  });

  check('suppressions and unsubscribes: one row per address, newest first, filters, learned audiences', async (t, { store }) => {
    await seedWorkspaces(store);
    const s = store.suppressions;
    const row = (id: string, email: string, minute: number, reason: 'bounce' | 'complaint' | 'manual' = 'manual') =>
      ({ id, workspaceId: WS, email, reason, detail: reason === 'bounce' ? '550' : null, createdAt: at(minute) });
    t.true(await s.insert(row('sup_1', 'a@example.test', 1, 'bounce')));
    t.true(await s.insert(row('sup_2', 'b_c@example.test', 2)));
    t.false(await s.insert(row('sup_3', 'a@example.test', 3)));
    t.deepEqual(await s.get(WS, 'sup_1'), row('sup_1', 'a@example.test', 1, 'bounce'));
    t.is(await s.get(OTHER_WS, 'sup_1'), null);
    t.deepEqual((await s.byEmail(WS, 'b_c@example.test'))?.id, 'sup_2');
    t.deepEqual((await s.list(WS, {}, null, 10)).map((x) => x.id), ['sup_2', 'sup_1']);
    t.deepEqual((await s.list(WS, { q: '_' }, null, 10)).map((x) => x.id), ['sup_2']);
    t.deepEqual((await s.list(WS, { reason: 'bounce' }, null, 10)).map((x) => x.id), ['sup_1']);
    t.deepEqual((await s.list(WS, {}, [at(2), 'sup_2'], 10)).map((x) => x.id), ['sup_1']);
    await s.delete(WS, 'sup_1');
    t.is(await s.get(WS, 'sup_1'), null);

    const u = { workspaceId: WS, email: 'u@example.test', source: 'manual' as const, broadcastId: null, automationId: null, audienceIds: ['aud_1'], createdAt: at(1) };
    t.true(await s.insertUnsubscribe(u));
    t.false(await s.insertUnsubscribe({ ...u, source: 'link' }));
    t.true(await s.insertUnsubscribe({ ...u, email: 'v@example.test', source: 'link', broadcastId: 'bc_1', createdAt: at(2) }));
    await s.addUnsubscribedAudiences(WS, 'u@example.test', ['aud_2', 'aud_1']);
    t.deepEqual(await s.unsubscribe(WS, 'u@example.test'), { ...u, audienceIds: ['aud_1', 'aud_2'] });
    t.deepEqual((await s.unsubscribesAmong(WS, ['u@example.test', 'x@example.test'])).map((x) => x.email), ['u@example.test']);
    t.deepEqual((await s.listUnsubscribes(WS, {}, null, 10)).map((x) => x.email), ['v@example.test', 'u@example.test']);
    t.deepEqual((await s.listUnsubscribes(WS, { source: 'link' }, null, 10)).map((x) => x.email), ['v@example.test']);
    t.deepEqual((await s.listUnsubscribes(WS, { email: 'u@example.test' }, null, 10)).map((x) => x.email), ['u@example.test']);
    t.deepEqual((await s.listUnsubscribes(WS, {}, [at(2), 'v@example.test'], 10)).map((x) => x.email), ['u@example.test']);
    await s.deleteUnsubscribe(WS, 'u@example.test');
    t.is(await s.unsubscribe(WS, 'u@example.test'), null);
    t.deepEqual(await s.listUnsubscribes(OTHER_WS, {}, null, 10), []);
  });
}
