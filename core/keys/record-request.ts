import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { Store } from '../ports/repositories.ts';

export interface ServedRequest { requestId: string; method: string; path: string; status: number; ipAddress: string; durationMs: number }

/** Every authenticated call lands in the request log; a key's call also moves `lastUsedAt` and `totalUses`. */
export class RecordRequest {
  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  async execute(caller: Caller, served: ServedRequest): Promise<void> {
    const at = this.clock.now().toISOString();
    const isKey = caller.kind === 'api_key';
    await this.store.transaction(async (tx) => {
      await tx.requests.append({
        id: `rql_${this.ids.hex(12)}`, workspaceId: caller.workspaceId,
        keyId: isKey ? caller.credentialId : null, tokenId: isKey ? null : caller.credentialId, createdAt: at, ...served,
      });
      if (isKey) await tx.keys.recordUse(caller.credentialId, at);
    });
  }
}
