import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import { visibleSignature } from './signature-access.ts';

/**
 * spec: DELETE /signatures/{id} — deletes for good. A default place it held stays empty: no other signature is
 * promoted, so new mail from the address goes out unsigned until somebody picks a default.
 */
export class DeleteSignature {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, id: string): Promise<{ object: 'signature'; id: string; deleted: true }> {
    await this.store.transaction(async (tx) => {
      const signature = await visibleSignature(tx, caller, id);
      await tx.signatures.delete(caller.workspaceId, signature.id);
    });
    return { object: 'signature', id, deleted: true };
  }
}
