import { keyToken, moveKey, type ApiKey } from './api-key.ts';
import { selfKey, visibleKey } from './key-access.ts';
import { assertWithinCaller } from './key-authority.ts';
import { actorOf, recordActivity, stampChange } from './key-activity.ts';
import { keyView, type KeyWithToken } from './key-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { SecretHasher } from '../ports/crypto.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: POST /keys/{id}/rotate and /keys/self/rotate. The old secret stops working at once. */
export class RotateKey {
  constructor(
    private readonly store: Store, private readonly ids: IdSource, private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  execute(caller: Caller, id: string): Promise<KeyWithToken> {
    return this.rotate(caller, async (tx) => {
      const key = await visibleKey(tx, caller, id);
      // A new token for a key is the key's power in hand: never hand out more than the caller holds.
      assertWithinCaller(caller, key);
      return key;
    });
  }

  self(caller: Caller): Promise<KeyWithToken> {
    return this.rotate(caller, (tx) => selfKey(tx, caller));
  }

  private rotate(caller: Caller, find: (tx: Store) => Promise<ApiKey>): Promise<KeyWithToken> {
    const now = this.clock.now();
    const at = now.toISOString();
    const actor = actorOf(caller);
    return this.store.transaction(async (tx) => {
      const key = await find(tx);
      const secret = this.ids.secret(32);
      const rotated = stampChange({
        ...key, lifecycle: moveKey(key.lifecycle, 'rotate'), secretHash: this.hasher.hash(secret),
        keyLast4: secret.slice(-4), rotatedAt: at, rotationCount: key.rotationCount + 1,
      }, 'rotated', actor, at);
      await tx.keys.update(rotated);
      await recordActivity(tx, this.ids, rotated, 'rotated', actor, at, { rotationCount: rotated.rotationCount });
      return { ...keyView(rotated, now), token: keyToken(key.id, secret) };
    });
  }
}
