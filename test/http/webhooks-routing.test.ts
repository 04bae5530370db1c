import test from 'ava';
import { startTestServer } from '../support/server.ts';
import { WebhookReceiver, eventually } from '../support/webhook-receiver.ts';
import type { DomainEvent } from '../../core/events/event.ts';

// spec: Events — routing. Areas that raise these events do not exist yet, so the test records them through the
// library service (in-process), exactly as a use case would in its transaction.
let receiver: WebhookReceiver;
test.before(async () => { receiver = await WebhookReceiver.start(); });
test.after.always(async () => { await receiver?.stop(); });

for (const backend of ['sqlite', 'postgres'] as const) {
  test.serial(`[${backend}] events reach exactly the endpoints the spec routes them to`, async (t) => {
    receiver.received.length = 0;
    const s = await startTestServer(backend, { webhookAllow: [receiver.origin] });
    try {
      const token = s.fixture.tokens.owner;
      const make = async (name: string, body: Record<string, unknown>) =>
        (await s.call('POST', '/webhooks', { token, body: { url: `${receiver.url}/${name}`, ...body } })).body.id as string;
      const everything = ['email.sent', 'file.uploaded', 'form.submitted', 'contact.created', 'domain.verified', 'suppression.added', 'broadcast.sent', 'task.run.completed'];
      const ids = {
        plain: await make('plain', {}),
        all: await make('all', { eventTypes: everything }),
        hello: await make('hello', { eventTypes: everything, addressAllowlist: ['hello@acme.test'] }),
        beta: await make('beta', { eventTypes: everything, domainAllowlist: ['beta.test'] }),
        files: await make('files', { eventTypes: ['file.uploaded'] }),
      };
      const ws = s.fixture.ids.workspace;
      const ev = (type: string, address: string | null, domain: string | null, data: Record<string, unknown> = {}): DomainEvent =>
        ({ type, workspaceId: ws, address, domain, data: { tag: `${type}:${address ?? domain ?? '-'}`, ...data } });
      await s.service.events.record.execute([
        ev('email.sent', 'hello@acme.test', 'acme.test'),
        ev('email.sent', 'sales@acme.test', 'acme.test'),
        ev('email.sent', 'news@beta.test', 'beta.test'),
        ev('file.uploaded', 'hello@acme.test', 'acme.test'),
        ev('file.uploaded', null, null), // a workspace-wide upload: `to` null
        ev('form.submitted', 'hello@acme.test', 'acme.test'),
        ev('contact.created', null, null),
        ev('broadcast.sent', null, null),
        ev('task.run.completed', null, null),
        ev('domain.verified', null, 'beta.test'),
        ev('suppression.added', null, null),
        ev('automation.webhook', null, null, { webhookId: ids.hello }),
        { ...ev('email.sent', 'hi@other.test', 'other.test'), workspaceId: s.fixture.ids.other },
      ]);
      await eventually(async () => !(await s.service.webhooks.dispatcher.hasWork()), 10_000, 'dispatch to finish');
      await eventually(async () => {
        const r = await s.call('GET', `/webhooks/${ids.all}/stats`, { token });
        return r.body.deliveries.pending === 0;
      });
      const got = (name: string) => receiver.received.filter((r) => r.path === `/hook/${name}`).map((r) => JSON.parse(r.body).data.tag).sort();
      t.deepEqual(got('plain'), ['email.sent:hello@acme.test', 'email.sent:news@beta.test', 'email.sent:sales@acme.test'], 'default set only');
      t.deepEqual(got('all'), [
        'broadcast.sent:-', 'contact.created:-', 'domain.verified:beta.test', 'email.sent:hello@acme.test', 'email.sent:news@beta.test',
        'email.sent:sales@acme.test', 'file.uploaded:-', 'file.uploaded:hello@acme.test', 'form.submitted:hello@acme.test',
        'suppression.added:-', 'task.run.completed:-',
      ]);
      t.deepEqual(got('hello'), ['automation.webhook:-', 'email.sent:hello@acme.test', 'file.uploaded:hello@acme.test', 'suppression.added:-'],
        'narrowed: its address, no workspace-level families, no workspace-wide file, the automation step that names it');
      t.deepEqual(got('beta'), ['domain.verified:beta.test', 'email.sent:news@beta.test', 'suppression.added:-']);
      t.deepEqual(got('files'), ['file.uploaded:-', 'file.uploaded:hello@acme.test']);
      const envelope = JSON.parse(receiver.received.find((r) => r.path === '/hook/plain')!.body);
      t.deepEqual(Object.keys(envelope), ['id', 'type', 'createdAt', 'workspaceId', 'data']);
      t.regex(envelope.id, /^evt_[0-9a-f]{24}$/);
      t.is(envelope.workspaceId, ws);
    } finally {
      await s.stop();
    }
  });
}
