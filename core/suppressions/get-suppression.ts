import { notFound } from '../kernel/errors.ts';
import { suppressionView, type Suppression, type SuppressionView } from './suppression.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

export async function visibleSuppression(store: Store, caller: Caller, id: string): Promise<Suppression> {
  const found = await store.suppressions.get(caller.workspaceId, id);
  if (!found) throw notFound('suppression', 'id');
  return found;
}

/** spec: GET /suppressions/{id} — one row of the caller's workspace. */
export class GetSuppression {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, id: string): Promise<SuppressionView> {
    return suppressionView(await visibleSuppression(this.store, caller, id));
  }
}
