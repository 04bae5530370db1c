import type { Knex } from 'knex';
import type { BlobIntentRepository } from '../../core/ports/blob-intent-repository.ts';

export class KnexBlobIntentRepository implements BlobIntentRepository {
  constructor(private readonly db: Knex) {}

  async add(ref: string, at: string): Promise<void> {
    await this.db('blob_intents').insert({ ref, created_at: at }).onConflict('ref').ignore();
  }

  async remove(ref: string): Promise<void> {
    await this.db('blob_intents').where({ ref }).delete();
  }

  async olderThan(before: string, limit: number): Promise<string[]> {
    const rows: { ref: string }[] = await this.db('blob_intents').where('created_at', '<', before).orderBy('created_at').limit(limit).select('ref');
    return rows.map((r) => r.ref);
  }
}
