import { AppError } from '../kernel/errors.ts';
import type { Clock } from '../ports/clock.ts';
import type { SecretHasher } from '../ports/crypto.ts';
import type { IdempotencyRepository } from '../ports/repositories.ts';

// Host contract: `Idempotency-Key` on any POST — 1 to 255 printable ASCII characters; a repeat with the same key
// and body within 24 hours answers the first response again; the same key with another body is refused.
const KEY = /^[\x20-\x7e]{1,255}$/;
const WINDOW_MS = 24 * 3_600_000;

export interface StoredResponse { status: number; body: string }

export class IdempotentRequests {
  private lastPurge = 0;

  constructor(private readonly repo: IdempotencyRepository, private readonly hasher: SecretHasher, private readonly clock: Clock) {}

  checkKey(key: string): void {
    if (!KEY.test(key)) {
      throw new AppError('invalid_idempotency_key', 'An Idempotency-Key is 1 to 255 printable ASCII characters.', null);
    }
  }

  /** The first response to replay, or null when this request runs for the first time. */
  async previous(credentialId: string, key: string, request: string): Promise<StoredResponse | null> {
    this.checkKey(key);
    const now = this.clock.now().getTime();
    const found = await this.repo.find(credentialId, key, new Date(now - WINDOW_MS).toISOString());
    if (!found) return null;
    if (found.requestHash !== this.hasher.hash(request)) {
      throw new AppError('idempotency_key_reuse', 'This Idempotency-Key was used with a different request.', null);
    }
    return { status: found.status, body: found.body };
  }

  /** Keeps a finished response; server errors are not kept, so the client can retry them. */
  async remember(credentialId: string, key: string, request: string, response: StoredResponse): Promise<void> {
    if (response.status >= 500) return;
    const now = this.clock.now();
    await this.repo.save({ credentialId, key, requestHash: this.hasher.hash(request), ...response, createdAt: now.toISOString() },
      new Date(now.getTime() - WINDOW_MS).toISOString());
    if (now.getTime() - this.lastPurge > 3_600_000) {
      this.lastPurge = now.getTime();
      await this.repo.purgeBefore(new Date(now.getTime() - WINDOW_MS).toISOString());
    }
  }
}
