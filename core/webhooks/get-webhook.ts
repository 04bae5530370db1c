import { visibleEndpoint } from './webhook-access.ts';
import { endpointView, type EndpointView } from './webhook-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: GET /webhooks/{id}. */
export class GetWebhook {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, id: string): Promise<EndpointView> {
    return endpointView(await visibleEndpoint(this.store, caller, id));
  }
}
