import { selfKey, visibleKey } from './key-access.ts';
import { keyView, type KeyView } from './key-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: GET /keys/{id} and GET /keys/self. */
export class GetKey {
  constructor(private readonly store: Store, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string): Promise<KeyView> {
    return keyView(await visibleKey(this.store, caller, id), this.clock.now());
  }

  async self(caller: Caller): Promise<KeyView> {
    return keyView(await selfKey(this.store, caller), this.clock.now());
  }
}
