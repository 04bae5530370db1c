import { moveKey, type ApiKey, type KeyEvent } from './api-key.ts';
import { visibleKey } from './key-access.ts';
import { assertWithinCaller } from './key-authority.ts';
import { ipAllowlist, keyName, keyScopes, sendScope } from './key-input.ts';
import { actorOf, recordActivity, stampChange, type KeyChange } from './key-activity.ts';
import { keyView, type KeyView } from './key-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

export interface UpdateKeyInput {
  name?: string;
  enabled?: boolean;
  scopes?: string[];
  addressAllowlist?: string[];
  domainAllowlist?: string[];
  ipAllowlist?: string[];
}

/**
 * spec: PATCH /keys/{id}. Omitted fields stay; scopes and allowlists replace. Switching a key off keeps its
 * secret, scopes, role and send scope, so switching it back on restores it exactly.
 */
export class UpdateKey {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string, input: UpdateKeyInput): Promise<KeyView> {
    const now = this.clock.now();
    const at = now.toISOString();
    const actor = actorOf(caller);
    return this.store.transaction(async (tx) => {
      const key = await visibleKey(tx, caller, id);
      const next: ApiKey = { ...key };
      if (input.name !== undefined) next.name = keyName(input.name);
      if (input.scopes !== undefined) next.scopes = keyScopes(input.scopes);
      if (input.addressAllowlist !== undefined || input.domainAllowlist !== undefined) {
        Object.assign(next, await sendScope(tx, caller.workspaceId,
          input.addressAllowlist ?? key.addressAllowlist, input.domainAllowlist ?? key.domainAllowlist));
      }
      if (input.ipAllowlist !== undefined) next.ipAllowlist = ipAllowlist(input.ipAllowlist);

      const event: KeyEvent = input.enabled === undefined ? 'change' : input.enabled ? 'enable' : 'disable';
      next.lifecycle = moveKey(key.lifecycle, event);
      if (next.lifecycle !== key.lifecycle) next.deactivatedAt = next.lifecycle === 'switched_off' ? at : null;

      // Narrowing moves (a new name, switching off) never need authority; anything that could widen does.
      const widens = input.scopes !== undefined || input.addressAllowlist !== undefined
        || input.domainAllowlist !== undefined || input.ipAllowlist !== undefined || input.enabled === true;
      if (widens) assertWithinCaller(caller, next);

      const change: KeyChange = event === 'enable' && key.lifecycle !== 'usable' ? 'enabled'
        : event === 'disable' && key.lifecycle !== 'switched_off' ? 'disabled' : 'updated';
      const changed = changedFields(key, next);
      if (changed.length === 0) return keyView(key, now);
      const stamped = stampChange(next, change, actor, at);
      await tx.keys.update(stamped);
      await recordActivity(tx, this.ids, stamped, change, actor, at, { fields: changed });
      return keyView(stamped, now);
    });
  }
}

const FIELDS = ['name', 'scopes', 'addressAllowlist', 'domainAllowlist', 'ipAllowlist', 'lifecycle'] as const;
const changedFields = (a: ApiKey, b: ApiKey) =>
  FIELDS.filter((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f])).map((f) => (f === 'lifecycle' ? 'enabled' : f));

