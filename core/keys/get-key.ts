import { selfKey, visibleKey } from './key-access.ts';
import { keyView, type KeyView } from './key-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';
import type { PendingWrites } from './record-request.ts';

/** spec: GET /keys/{id} and GET /keys/self. */
export class GetKey {
  constructor(private readonly store: Store, private readonly clock: Clock, private readonly usage: PendingWrites) {}

  async execute(caller: Caller, id: string): Promise<KeyView> {
    await this.usage.flush();
    return keyView(await visibleKey(this.store, caller, id), this.clock.now());
  }

  async self(caller: Caller): Promise<KeyView> {
    await this.usage.flush();
    return keyView(await selfKey(this.store, caller), this.clock.now());
  }
}
