import { builtInRole } from '../auth/roles.ts';
import type { WebhookEndpoint } from './webhook-endpoint.ts';
import type { Mailer } from '../ports/mailer.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * spec: States — Webhook endpoint: when the server switches an endpoint off, the owner and the members whose
 * role reads webhooks are emailed. One message each, so no one sees the others' addresses.
 */
export class NotifyEndpointDisabled {
  constructor(private readonly store: Store, private readonly mailer: Mailer, private readonly from: string) {}

  async execute(endpoint: Pick<WebhookEndpoint, 'id' | 'workspaceId' | 'url'>): Promise<void> {
    const people = await this.store.webhooks.people(endpoint.workspaceId);
    const recipients = new Set(people.filter((p) => builtInRole(p.roleId)?.scopes.has('webhooks:read')).map((p) => p.email));
    for (const to of recipients) {
      await this.mailer.send({
        from: this.from, to: [to],
        subject: 'A webhook endpoint was disabled',
        text: `The webhook endpoint ${endpoint.id} (${endpoint.url}) failed 100 deliveries in a row and has been disabled.\n`
          + 'Events fired while it is disabled are not delivered later. Fix the receiver, then enable the endpoint again '
          + '(PATCH /webhooks/{id} with {"enabled": true}); failed deliveries can be replayed.\n',
      });
    }
  }
}
