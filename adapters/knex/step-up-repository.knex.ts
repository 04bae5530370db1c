import type { Knex } from 'knex';
import type { StepUpCode, StepUpRepository } from '../../core/ports/repositories.ts';
import { countOf } from './queries.ts';
import { toNumber } from './values.ts';

interface CodeRow {
  id: string; token_id: string; user_id: string; client_id: string; code_hash: string; created_at: string;
  expires_at: string; wrong_tries: number | string; closed_at: string | null;
}

const toRow = (c: StepUpCode): CodeRow => ({
  id: c.id, token_id: c.tokenId, user_id: c.userId, client_id: c.clientId, code_hash: c.codeHash,
  created_at: c.createdAt, expires_at: c.expiresAt, wrong_tries: c.wrongTries, closed_at: c.closedAt,
});

const fromRow = (r: CodeRow): StepUpCode => ({
  id: r.id, tokenId: r.token_id, userId: r.user_id, clientId: r.client_id, codeHash: r.code_hash,
  createdAt: r.created_at, expiresAt: r.expires_at, wrongTries: toNumber(r.wrong_tries), closedAt: r.closed_at,
});

export class KnexStepUpRepository implements StepUpRepository {
  constructor(private readonly db: Knex) {}

  private get codes() { return this.db<CodeRow>('step_up_codes'); }

  async insertCode(code: StepUpCode): Promise<void> {
    await this.codes.insert(toRow(code));
  }

  async openCode(userId: string, clientId: string): Promise<StepUpCode | null> {
    const row = await this.codes.where({ user_id: userId, client_id: clientId }).whereNull('closed_at')
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).first();
    return row ? fromRow(row) : null;
  }

  async updateCode(code: StepUpCode): Promise<void> {
    const { id, ...changes } = toRow(code);
    await this.codes.where({ id }).update(changes);
  }

  codesAskedSince(userId: string, clientId: string, since: string): Promise<number> {
    return countOf(this.codes.where({ user_id: userId, client_id: clientId }).andWhere('created_at', '>=', since));
  }

  async recordWrongTry(userId: string, clientId: string, at: string): Promise<void> {
    await this.db('step_up_wrong_tries').insert({ user_id: userId, client_id: clientId, tried_at: at });
  }

  async wrongTriesSince(userId: string, clientId: string | null, since: string): Promise<string[]> {
    const query = this.db('step_up_wrong_tries').where({ user_id: userId }).andWhere('tried_at', '>=', since);
    if (clientId !== null) query.andWhere({ client_id: clientId });
    const rows: { tried_at: string }[] = await query.select('tried_at').orderBy([{ column: 'tried_at' }, { column: 'id' }]);
    return rows.map((r) => r.tried_at);
  }
}
