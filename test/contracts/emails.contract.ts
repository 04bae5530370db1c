import { at, seedWorkspaces, WS, OTHER_WS, type Check } from './kit.ts';
import type { Email } from '../../core/emails/email.ts';

const email = (id: string, minute: number, extra: Partial<Email> = {}): Email => ({
  id, workspaceId: WS, from: '"Hello" <hello@acme.test>', fromAddress: 'hello@acme.test', to: ['a@example.test'],
  cc: ['b@example.test'], bcc: [], subject: 'Hi', html: '<p>x</p>', text: null, replyTo: null, headers: { 'X-A': '1' },
  attachments: [], signatureId: null, tags: { k: 'v' }, marketing: true, status: 'sent', scheduledAt: null, suppressed: [],
  messageId: '<m@x>', error: null, linkBase: 'http://localhost', createdAt: at(minute), updatedAt: at(minute),
  sentAt: at(minute), failedAt: null, cancelledAt: null, ...extra,
});

export function emailsContract(check: Check): void {
  check('emails: round trip, newest first with keyset paging, reach by address and domain', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.emails.insert(email('em_1', 1));
    await store.emails.insert(email('em_2', 2, { fromAddress: 'sales@acme.test' }));
    await store.emails.insert(email('em_3', 2, { fromAddress: 'x@beta.test' }));
    await store.emails.insert(email('em_x', 3, { workspaceId: OTHER_WS }));
    t.deepEqual(await store.emails.get(WS, 'em_1'), email('em_1', 1));
    t.is(await store.emails.get(WS, 'em_x'), null);
    t.deepEqual((await store.emails.list(WS, null, null, 10)).map((e) => e.id), ['em_3', 'em_2', 'em_1']);
    t.deepEqual((await store.emails.list(WS, null, [at(2), 'em_3'], 10)).map((e) => e.id), ['em_2', 'em_1']);
    t.deepEqual((await store.emails.list(WS, { addresses: ['hello@acme.test'], domains: ['beta.test'] }, null, 10)).map((e) => e.id), ['em_3', 'em_1']);
  });

  check('emails: update only from the expected status; due scheduled mail; recipients counted since a time', async (t, { store }) => {
    await seedWorkspaces(store);
    await store.emails.insert(email('em_s', 1, { status: 'scheduled', scheduledAt: at(5), sentAt: null }));
    await store.emails.insert(email('em_c', 1, { status: 'cancelled', sentAt: null }));
    t.deepEqual((await store.emails.due(at(4), 10)).map((e) => e.id), []);
    t.deepEqual((await store.emails.due(at(5), 10)).map((e) => e.id), ['em_s']);
    t.is(await store.emails.recipientsSince(WS, at(0)), 2, 'cancelled mail does not count');
    t.is(await store.emails.recipientsSince(WS, at(2)), 0);
    const queued = { ...(await store.emails.get(WS, 'em_s'))!, status: 'queued' as const, updatedAt: at(6) };
    t.true(await store.emails.update(queued, 'scheduled'));
    t.false(await store.emails.update({ ...queued, status: 'cancelled' }, 'scheduled'), 'a second claim loses');
    t.is((await store.emails.get(WS, 'em_s'))!.status, 'queued');
  });
}
