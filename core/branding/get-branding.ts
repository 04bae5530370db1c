import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import { brandOf } from './brand-access.ts';
import { brandView, type BrandView } from './brand-view.ts';

/** spec: GET /branding. Narrowed callers may read it; a personal space reads as no brand. */
export class GetBranding {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, origin: string | null = null): Promise<BrandView> {
    const { workspace, brand } = await brandOf(this.store, caller);
    return brandView(brand, workspace, caller, origin);
  }
}
