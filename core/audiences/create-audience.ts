import { AUDIENCE_LIMITS, audienceDescription, audienceName, audienceView, tooManyAudiences, type AudienceView } from './audience.ts';
import { ensureDefaultAudience } from './default-audience.ts';
import { invalid } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Audience, Store } from '../ports/repositories.ts';

export interface CreateAudienceInput { name: unknown; description?: unknown; showOnPreferences?: unknown }

/** spec: POST /audiences — an empty audience with `builtin` null; names are not deduplicated; 422 past 100. */
export class CreateAudience {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, input: CreateAudienceInput): Promise<AudienceView> {
    const name = audienceName(input.name);
    const description = audienceDescription(input.description);
    if (input.showOnPreferences !== undefined && typeof input.showOnPreferences !== 'boolean') {
      throw invalid('showOnPreferences', '`showOnPreferences` is a boolean.');
    }
    const at = this.clock.now().toISOString();
    const audience: Audience = {
      id: `aud_${this.ids.hex(12)}`, workspaceId: caller.workspaceId, name, description, builtin: null,
      showOnPreferences: input.showOnPreferences ?? false, createdAt: at, updatedAt: at,
    };
    return this.store.transaction(async (tx) => {
      // The lock keeps two creates from both passing the count at 99.
      await tx.contacts.lockWorkspace(caller.workspaceId);
      await ensureDefaultAudience(tx, this.ids, caller.workspaceId, at);
      if ((await tx.contacts.countAudiences(caller.workspaceId)) >= AUDIENCE_LIMITS.audiences) throw tooManyAudiences();
      await tx.audiences.insertAudience(audience);
      return audienceView({ ...audience, contactCount: 0, lastContactAt: null });
    });
  }
}
