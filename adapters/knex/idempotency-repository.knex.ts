import type { Knex } from 'knex';
import type { IdempotencyRepository, IdempotentResponse } from '../../core/ports/repositories.ts';
import { toNumber, unstorable } from './values.ts';

interface ResponseRow {
  credential_id: string; key: string; request_hash: string; status: number | string; body: string; created_at: string;
}

const fromRow = (r: ResponseRow): IdempotentResponse => ({
  credentialId: r.credential_id, key: r.key, requestHash: r.request_hash, status: toNumber(r.status), body: r.body,
  createdAt: r.created_at,
});

export class KnexIdempotencyRepository implements IdempotencyRepository {
  constructor(private readonly db: Knex) {}

  async find(credentialId: string, key: string, notBefore: string): Promise<IdempotentResponse | null> {
    if (unstorable(credentialId, key)) return null;
    const row = await this.db<ResponseRow>('idempotency_keys')
      .where({ credential_id: credentialId, key }).andWhere('created_at', '>=', notBefore).first();
    return row ? fromRow(row) : null;
  }

  async save(r: IdempotentResponse, replaceBefore: string): Promise<void> {
    // A row past its window no longer counts, so a new response takes its place; a live row wins.
    await this.db('idempotency_keys')
      .where({ credential_id: r.credentialId, key: r.key }).andWhere('created_at', '<', replaceBefore).delete();
    await this.db('idempotency_keys').insert({
      credential_id: r.credentialId, key: r.key, request_hash: r.requestHash, status: r.status, body: r.body,
      created_at: r.createdAt,
    }).onConflict(['credential_id', 'key']).ignore();
  }

  async purgeBefore(before: string): Promise<void> {
    await this.db('idempotency_keys').where('created_at', '<', before).delete();
  }
}
