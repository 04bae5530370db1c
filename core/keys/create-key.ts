import { keyToken, type ApiKey } from './api-key.ts';
import { assertWithinCaller } from './key-authority.ts';
import { requireKeyManager } from './key-access.ts';
import { KEY_LIMITS, ipAllowlist, keyExpiry, keyName, keyRole, keyScopes, sendScope, tooManyKeys } from './key-input.ts';
import { actorOf, recordActivity } from './key-activity.ts';
import { keyView, type KeyWithToken } from './key-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { SecretHasher } from '../ports/crypto.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

export interface CreateKeyInput {
  name: string;
  scopes?: string[];
  roleId?: string | null;
  addressAllowlist?: string[];
  domainAllowlist?: string[];
  expiresInMinutes?: number;
  ipAllowlist?: string[];
}

/** spec: POST /keys. The token is returned here once and never again. */
export class CreateKey {
  constructor(
    private readonly store: Store, private readonly ids: IdSource, private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, input: CreateKeyInput): Promise<KeyWithToken> {
    requireKeyManager(caller);
    const now = this.clock.now();
    const name = keyName(input.name);
    const scopes = keyScopes(input.scopes ?? ['emails:send']);
    const roleId = keyRole(input.roleId === undefined ? caller.roleId : input.roleId);
    // Both allowlists omitted inherit the caller's send scope; either one given sets both (the other empty).
    const inherit = input.addressAllowlist === undefined && input.domainAllowlist === undefined;
    const scope = inherit
      ? { addressAllowlist: caller.addressAllowlist, domainAllowlist: caller.domainAllowlist }
      : await sendScope(this.store, caller.workspaceId, input.addressAllowlist ?? [], input.domainAllowlist ?? []);
    const expiresAt = input.expiresInMinutes === undefined ? caller.expiresAt : keyExpiry(input.expiresInMinutes, now);
    const ips = ipAllowlist(input.ipAllowlist ?? []);
    assertWithinCaller(caller, { scopes, roleId, expiresAt, ...scope });

    const id = this.ids.hex(12);
    const secret = this.ids.secret(32);
    const at = now.toISOString();
    const actor = actorOf(caller);
    const key: ApiKey = {
      id, workspaceId: caller.workspaceId, name, secretHash: this.hasher.hash(secret), keyLast4: secret.slice(-4),
      lifecycle: 'usable', scopes, roleId, ...scope, ipAllowlist: ips, expiresAt, lastUsedAt: null, totalUses: 0,
      rotatedAt: null, rotationCount: 0, deactivatedAt: null, revokedAt: null, revokedReason: null,
      createdAt: at, createdBy: actor, updatedAt: at, updatedBy: actor, lastChangeAt: at, lastChangeType: 'created',
    };
    await this.store.transaction(async (tx) => {
      if ((await tx.keys.countOpen(caller.workspaceId, at)) >= KEY_LIMITS.openKeys) throw tooManyKeys();
      await tx.keys.insert(key);
      await recordActivity(tx, this.ids, key, 'created', actor, at, { name, scopes });
    });
    return { ...keyView(key, now), token: keyToken(id, secret) };
  }
}
