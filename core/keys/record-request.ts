import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { RequestLogEntry, Store } from '../ports/repositories.ts';
import { sortableHex } from '../kernel/sortable-id.ts';

export interface ServedRequest { requestId: string; method: string; path: string; status: number; ipAddress: string; durationMs: number }

/** Anything that holds writes back and can be asked to write them now, before a read that must see them. */
export interface PendingWrites { flush(): Promise<void> }

const BATCH = 500;

/**
 * Every authenticated call lands in the request log, and a key's call moves `lastUsedAt` and `totalUses`.
 * Calls are buffered and written together in one transaction, so serving a request never waits on a write;
 * reads of the log or of usage flush first, so a caller always sees its own earlier calls.
 */
export class RecordRequest implements PendingWrites {
  private pending: RequestLogEntry[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly store: Store, private readonly ids: IdSource, private readonly clock: Clock) {}

  execute(caller: Caller, served: ServedRequest): void {
    const isKey = caller.kind === 'api_key';
    const now = this.clock.now();
    this.pending.push({
      id: `rql_${sortableHex(now, this.ids)}`, workspaceId: caller.workspaceId, keyId: isKey ? caller.credentialId : null,
      tokenId: isKey ? null : caller.credentialId, createdAt: now.toISOString(), ...served,
    });
    if (this.pending.length >= BATCH) void this.flush().catch(() => undefined);
  }

  /** Writes what is pending; flushes run one after another so the log keeps its order. */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const run = this.writing.then(() => (batch.length ? this.write(batch) : undefined));
    this.writing = run.catch(() => undefined);
    return run;
  }

  private async write(batch: RequestLogEntry[]): Promise<void> {
    const uses = new Map<string, { count: number; at: string }>();
    for (const e of batch) {
      if (!e.keyId) continue;
      const u = uses.get(e.keyId) ?? { count: 0, at: e.createdAt };
      u.count++;
      if (e.createdAt > u.at) u.at = e.createdAt;
      uses.set(e.keyId, u);
    }
    await this.store.transaction(async (tx) => {
      await tx.requests.appendMany(batch);
      for (const [keyId, u] of uses) await tx.keys.recordUse(keyId, u.at, u.count);
    });
  }
}
