import { audienceNotFound, audienceView, type AudienceView } from './audience.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: GET /audiences/{id} — 404 `audience_not_found`. */
export class GetAudience {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, id: string): Promise<AudienceView> {
    const audience = await this.store.contacts.getAudience(caller.workspaceId, id);
    if (!audience) throw audienceNotFound();
    return audienceView(audience);
  }
}
