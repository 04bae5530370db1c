import type { Knex } from 'knex';
import type { Store } from '../../core/ports/repositories.ts';
import { KnexAccessTokenRepository } from './access-token-repository.knex.ts';
import { KnexActivityRepository } from './activity-repository.knex.ts';
import { KnexApiKeyRepository } from './api-key-repository.knex.ts';
import { KnexAudienceRepository } from './audience-repository.knex.ts';
import { KnexDirectoryRepository } from './directory-repository.knex.ts';
import { KnexIdempotencyRepository } from './idempotency-repository.knex.ts';
import { KnexRequestLogRepository } from './request-log-repository.knex.ts';
import { KnexStepUpRepository } from './step-up-repository.knex.ts';

/** Every repository over one knex instance; `transaction` rebinds them all to one knex transaction. */
export function createKnexStore(knex: Knex): Store {
  return bind(knex, null);
}

function bind(db: Knex, trx: Knex.Transaction | null): Store {
  const store: Store = {
    keys: new KnexApiKeyRepository(db),
    accessTokens: new KnexAccessTokenRepository(db),
    directory: new KnexDirectoryRepository(db),
    audiences: new KnexAudienceRepository(db),
    requests: new KnexRequestLogRepository(db),
    activity: new KnexActivityRepository(db),
    stepUp: new KnexStepUpRepository(db),
    idempotency: new KnexIdempotencyRepository(db),
    // Nested work joins the open transaction: it commits or rolls back with the outermost one.
    transaction: (work) => (trx ? work(store) : db.transaction((t) => work(bind(t, t)))),
    ping: async () => {
      try {
        await db.raw('select 1').timeout(5_000);
        return true;
      } catch {
        return false;
      }
    },
  };
  return store;
}
