import { visibleLabel } from './label-access.ts';
import { labelView, type LabelView } from './label-view.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** spec: GET /labels/{id} — the id is matched exactly, case-sensitive; system ids are 404. */
export class GetLabel {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, id: string): Promise<LabelView> {
    return labelView(await visibleLabel(this.store, caller, id));
  }
}
