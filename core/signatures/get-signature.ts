import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import { visibleSignature } from './signature-access.ts';
import { signatureView, type SignatureView } from './signature-view.ts';

/** spec: GET /signatures/{id} — missing or out of reach: 404 `resource_not_found`. */
export class GetSignature {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, id: string): Promise<SignatureView> {
    return signatureView(await visibleSignature(this.store, caller, id));
  }
}
