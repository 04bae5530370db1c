import type { Knex } from 'knex';
import type { Store } from '../../core/ports/repositories.ts';
import { KnexAccessTokenRepository } from './access-token-repository.knex.ts';
import { KnexActivityRepository } from './activity-repository.knex.ts';
import { KnexApiKeyRepository } from './api-key-repository.knex.ts';
import { KnexAudienceRepository } from './audience-repository.knex.ts';
import { dialectOf } from './dialect.ts';
import { KnexDirectoryRepository } from './directory-repository.knex.ts';
import { KnexIdempotencyRepository } from './idempotency-repository.knex.ts';
import { KnexRequestLogRepository } from './request-log-repository.knex.ts';
import { KnexStepUpRepository } from './step-up-repository.knex.ts';
import { KnexEventRepository } from './event-repository.knex.ts';
import { KnexContactRepository } from './contact-repository.knex.ts';
import { KnexSuppressionRepository } from './suppression-repository.knex.ts';
import { KnexSignatureRepository } from './signature-repository.knex.ts';
import { KnexFileRepository } from './file-repository.knex.ts';
import { KnexLabelRepository } from './label-repository.knex.ts';
import { KnexAccountRepository } from './account-repository.knex.ts';
import { KnexBlobIntentRepository } from './blob-intent-repository.knex.ts';
import { KnexSettingsRepository } from './settings-repository.knex.ts';
import { KnexBrandingRepository } from './branding-repository.knex.ts';
import { KnexDomainRepository } from './domain-repository.knex.ts';
import { KnexWebhookRepository } from './webhook-repository.knex.ts';
import { KnexEmailRepository } from './email-repository.knex.ts';

/** Every repository over one knex instance; `transaction` rebinds them all to one knex transaction. */
export function createKnexStore(knex: Knex): Store {
  const sqlite = dialectOf(knex) === 'sqlite';
  return bind(knex, (work) => knex.transaction(async (trx) => {
    if (sqlite) await takeSqliteWriteLock(trx);
    return work(bind(trx, null));
  }));
}

type Begin = <T>(work: (tx: Store) => Promise<T>) => Promise<T>;

/** `begin` is null for a store already inside a transaction. */
function bind(db: Knex, begin: Begin | null): Store {
  const store: Store = {
    keys: new KnexApiKeyRepository(db),
    accessTokens: new KnexAccessTokenRepository(db),
    directory: new KnexDirectoryRepository(db),
    audiences: new KnexAudienceRepository(db),
    requests: new KnexRequestLogRepository(db),
    activity: new KnexActivityRepository(db),
    stepUp: new KnexStepUpRepository(db),
    idempotency: new KnexIdempotencyRepository(db),
    events: new KnexEventRepository(db),
    account: new KnexAccountRepository(db),
    blobIntents: new KnexBlobIntentRepository(db),
    labels: new KnexLabelRepository(db),
    files: new KnexFileRepository(db),
    signatures: new KnexSignatureRepository(db),
    webhooks: new KnexWebhookRepository(db),
    domains: new KnexDomainRepository(db),
    contacts: new KnexContactRepository(db),
    suppressions: new KnexSuppressionRepository(db),
    settings: new KnexSettingsRepository(db),
    branding: new KnexBrandingRepository(db),
    emails: new KnexEmailRepository(db),
    // (area repositories: add one line each above this comment)
    // Nested work joins the open transaction: it commits or rolls back with the outermost one.
    transaction: (work) => (begin ? begin(work) : work(store)),
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

/**
 * knex starts SQLite transactions with a plain BEGIN, which takes the write lock only at the first write. Work
 * that reads first and another process writes meanwhile then fails with SQLITE_BUSY_SNAPSHOT, which
 * busy_timeout does not wait out. A write that changes nothing takes the lock up front, as BEGIN IMMEDIATE would.
 */
async function takeSqliteWriteLock(trx: Knex.Transaction): Promise<void> {
  await trx.raw('update knex_migrations_lock set is_locked = is_locked where 0 = 1');
}
