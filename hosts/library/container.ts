import { join } from 'node:path';
import { Container } from 'inversify';
import { T } from '../../core/ports/tokens.ts';
import type { Store } from '../../core/ports/repositories.ts';
import type { Mailer } from '../../core/ports/mailer.ts';
import { openDatabase } from '../../adapters/knex/connect.ts';
import { createKnexStore } from '../../adapters/knex/store.knex.ts';
import { KnexRateLimitStore } from '../../adapters/knex/rate-limit-store.knex.ts';
import { MemoryRateLimitStore } from '../../adapters/rate-limit-memory/rate-limit-store.memory.ts';
import { NodeIdSource } from '../../adapters/crypto-node/id-source.node.ts';
import { Sha256SecretHasher } from '../../adapters/crypto-node/secret-hasher.sha256.ts';
import { HmacSigner } from '../../adapters/crypto-node/signer.hmac.ts';
import { AesGcmSecretSealer } from '../../adapters/crypto-node/secret-sealer.aes-gcm.ts';
import { deriveKey, loadMasterKey } from '../../adapters/crypto-node/master-key.ts';
import { SystemClock } from '../../adapters/clock-system/clock.system.ts';
import { OutboxMailer } from '../../adapters/mailer-outbox/mailer.outbox.ts';
import { SmtpMailer } from '../../adapters/mailer-smtp/mailer.smtp.ts';
import type { MailServiceOptions, ResolvedConfig } from './config.ts';
import type { Binder } from './bindings/binder.ts';
import { startBackgroundWork } from './background-work.ts';
import { bindPlatform } from './bindings/platform.ts';
import { bindWorkspaces } from './bindings/workspaces.ts';
import { bindContent } from './bindings/content.ts';
import { bindDomains } from './bindings/domains.ts';
import { bindMail } from './bindings/mail.ts';

/**
 * The one composition root every host builds on: adapters are chosen from config here and nowhere else.
 * Core classes carry no decorators; each is bound through a factory with explicit tokens.
 */
export async function buildContainer(config: ResolvedConfig, options: MailServiceOptions) {
  const container = new Container({ defaultScope: 'Singleton' });
  const masterKey = loadMasterKey({ env: config.masterKey, dataDir: config.dataDir });
  const db = await openDatabase(config.db);
  const mailer: Mailer = options.mailer
    ?? (config.smtpUrl ? new SmtpMailer(config.smtpUrl) : new OutboxMailer(join(config.dataDir, 'outbox')));

  const value: Binder['value'] = (token, v) => { container.bind(token).toConstantValue(v); };
  const make: Binder['make'] = (token, deps, factory) => { container.bind(token).toResolvedValue(factory, deps as never); };

  value(T.Config, config);
  value(T.Clock, options.clock ?? new SystemClock());
  value(T.Ids, options.ids ?? new NodeIdSource());
  value(T.Hasher, new Sha256SecretHasher());
  value(T.Signer, new HmacSigner(deriveKey(masterKey, 'cursors')));
  value(T.Sealer, new AesGcmSecretSealer(deriveKey(masterKey, 'sealed-secrets')));
  value(T.Mailer, mailer);
  value<Store>(T.Store, createKnexStore(db.knex));
  value(T.RateLimitStore, config.rateLimitStore === 'database' ? new KnexRateLimitStore(db.knex) : new MemoryRateLimitStore());
  for (const bind of [bindPlatform, bindWorkspaces, bindContent, bindDomains, bindMail]) bind({ make, value, config, options });

  const background = await startBackgroundWork(container, config, options, db.knex);
  const close = async () => {
    await background.stop();
    await (mailer as { close?: () => unknown }).close?.();
    await db.close();
  };
  return { container, close };
}
