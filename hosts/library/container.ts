import { join } from 'node:path';
import { Container, type ServiceIdentifier } from 'inversify';
import { T } from '../../core/ports/tokens.ts';
import { Cursors } from '../../core/kernel/paging.ts';
import { Authenticate } from '../../core/auth/authenticate.ts';
import { ConsumeRateLimit } from '../../core/limits/rate-limit.ts';
import { RecordRequest } from '../../core/keys/record-request.ts';
import { IdempotentRequests } from '../../core/idempotency/idempotent-requests.ts';
import { LoadFixtures } from '../../core/fixtures/load-fixtures.ts';
import { ListKeys } from '../../core/keys/list-keys.ts';
import { GetKey } from '../../core/keys/get-key.ts';
import { CreateKey } from '../../core/keys/create-key.ts';
import { UpdateKey } from '../../core/keys/update-key.ts';
import { DeleteKey } from '../../core/keys/delete-key.ts';
import { RotateKey } from '../../core/keys/rotate-key.ts';
import { RevokeKey } from '../../core/keys/revoke-key.ts';
import { ListKeyLogs } from '../../core/keys/key-logs.ts';
import { GetKeyStats } from '../../core/keys/key-stats.ts';
import { ListAddresses } from '../../core/addresses/list-addresses.ts';
import { GetStepUpStatus } from '../../core/security/get-step-up-status.ts';
import { RequestStepUpCode } from '../../core/security/request-step-up-code.ts';
import { VerifyStepUpCode } from '../../core/security/verify-step-up-code.ts';
import { ListWorkspaces } from '../../core/workspaces/list-workspaces.ts';
import { CreateWorkspace } from '../../core/workspaces/create-workspace.ts';
import { ActiveWorkspace } from '../../core/workspaces/get-active-workspace.ts';
import { DeleteWorkspace } from '../../core/workspaces/delete-workspace.ts';
import { AccountNotifications } from '../../core/account/notifications.ts';
import { AccountUsername } from '../../core/account/account-username.ts';
import { ListConnectedApps } from '../../core/account/list-connected-apps.ts';
import { ListLabels } from '../../core/labels/list-labels.ts';
import { GetLabel } from '../../core/labels/get-label.ts';
import { CreateLabel } from '../../core/labels/create-label.ts';
import { UpdateLabel } from '../../core/labels/update-label.ts';
import { DeleteLabel } from '../../core/labels/delete-label.ts';
import { ListLabelColors } from '../../core/labels/list-label-colors.ts';
import { ListFiles } from '../../core/files/list-files.ts';
import { UploadFile } from '../../core/files/upload-file.ts';
import { GetFile } from '../../core/files/get-file.ts';
import { GetFileStats } from '../../core/files/file-stats.ts';
import { DeleteFile } from '../../core/files/delete-file.ts';
import { BatchDeleteFiles } from '../../core/files/batch-delete-files.ts';
import { CreateFileLink } from '../../core/files/create-file-link.ts';
import { ListFileLinks } from '../../core/files/list-file-links.ts';
import { RevokeFileLinks } from '../../core/files/revoke-file-links.ts';
import { DownloadSharedFile } from '../../core/files/download-shared-file.ts';
import { FsBlobStore } from '../../adapters/blob-fs/blob-store.fs.ts';
import { ListSignatures } from '../../core/signatures/list-signatures.ts';
import { GetSignature } from '../../core/signatures/get-signature.ts';
import { CreateSignature } from '../../core/signatures/create-signature.ts';
import { UpdateSignature } from '../../core/signatures/update-signature.ts';
import { DeleteSignature } from '../../core/signatures/delete-signature.ts';
import { CopySignature } from '../../core/signatures/copy-signature.ts';
import { SanitizeHtmlSanitizer } from '../../adapters/html-sanitizer/html-sanitizer.sanitize-html.ts';
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
import { ListDomains } from '../../core/domains/list-domains.ts';
import { GetDomain } from '../../core/domains/get-domain.ts';
import { CreateDomain } from '../../core/domains/create-domain.ts';
import { VerifyDomain } from '../../core/domains/verify-domain.ts';
import { UpdateDomain } from '../../core/domains/update-domain.ts';
import { DeleteDomain } from '../../core/domains/delete-domain.ts';
import { AddDomainAddress } from '../../core/domains/add-domain-address.ts';
import { UpdateDomainAddress } from '../../core/domains/update-domain-address.ts';
import { RemoveDomainAddress } from '../../core/domains/remove-domain-address.ts';
import { AnswerHostChallenge } from '../../core/domains/answer-host-challenge.ts';
import type { DomainDeps } from '../../core/domains/domain-deps.ts';
import { NodeDnsResolver } from '../../adapters/dns-node/dns-resolver.node.ts';
import { HttpsHostChecker } from '../../adapters/host-check-https/host-checker.https.ts';
import { NodeDomainKeys } from '../../adapters/crypto-node/domain-keys.node.ts';
import type { MailServiceOptions, ResolvedConfig } from './config.ts';

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

  const value = <V>(token: ServiceIdentifier<V>, v: V) => container.bind<V>(token).toConstantValue(v);
  const make = <V>(token: symbol, deps: symbol[], factory: (...args: any[]) => V) =>
    container.bind<V>(token).toResolvedValue(factory, deps as never);

  value(T.Config, config);
  value(T.Clock, options.clock ?? new SystemClock());
  value(T.Ids, options.ids ?? new NodeIdSource());
  value(T.Hasher, new Sha256SecretHasher());
  value(T.Signer, new HmacSigner(deriveKey(masterKey, 'cursors')));
  value(T.Sealer, new AesGcmSecretSealer(deriveKey(masterKey, 'sealed-secrets')));
  value(T.Mailer, mailer);
  value<Store>(T.Store, createKnexStore(db.knex));
  value(T.RateLimitStore, config.rateLimitStore === 'database' ? new KnexRateLimitStore(db.knex) : new MemoryRateLimitStore());
  make(T.Cursors, [T.Signer], (s) => new Cursors(s));

  make(T.Authenticate, [T.Store, T.Hasher, T.Clock], (s, h, c) => new Authenticate(s, h, c));
  make(T.ConsumeRateLimit, [T.RateLimitStore, T.Clock], (r, c) => new ConsumeRateLimit(r, c, config.requestsPerMinute));
  make(T.RecordRequest, [T.Store, T.Ids, T.Clock], (s, i, c) => new RecordRequest(s, i, c));
  make(T.IdempotentRequests, [T.Store, T.Hasher, T.Clock], (s: Store, h, c) => new IdempotentRequests(s.idempotency, h, c));
  make(T.LoadFixtures, [T.Store, T.Ids, T.Hasher, T.Clock], (s, i, h, c) => new LoadFixtures(s, i, h, c));
  make(T.ListKeys, [T.Store, T.Cursors, T.Clock, T.RecordRequest], (s, cu, c, r) => new ListKeys(s, cu, c, r));
  make(T.GetKey, [T.Store, T.Clock, T.RecordRequest], (s, c, r) => new GetKey(s, c, r));
  make(T.CreateKey, [T.Store, T.Ids, T.Hasher, T.Clock], (s, i, h, c) => new CreateKey(s, i, h, c));
  make(T.UpdateKey, [T.Store, T.Ids, T.Clock], (s, i, c) => new UpdateKey(s, i, c));
  make(T.DeleteKey, [T.Store, T.Ids, T.Clock], (s, i, c) => new DeleteKey(s, i, c));
  make(T.RotateKey, [T.Store, T.Ids, T.Hasher, T.Clock], (s, i, h, c) => new RotateKey(s, i, h, c));
  make(T.RevokeKey, [T.Store, T.Ids, T.Clock], (s, i, c) => new RevokeKey(s, i, c));
  make(T.ListKeyLogs, [T.Store, T.Cursors, T.RecordRequest], (s, cu, r) => new ListKeyLogs(s, cu, r));
  make(T.GetKeyStats, [T.Store, T.Clock, T.RecordRequest], (s, c, r) => new GetKeyStats(s, c, r));
  make(T.ListAddresses, [T.Store, T.Cursors], (s, cu) => new ListAddresses(s, cu));
  make(T.GetStepUpStatus, [T.Store, T.Clock], (s, c) => new GetStepUpStatus(s, c));
  make(T.RequestStepUpCode, [T.Store, T.Ids, T.Hasher, T.Clock, T.Mailer], (s, i, h, c, m) => new RequestStepUpCode(s, i, h, c, m, config.mailFrom));
  make(T.VerifyStepUpCode, [T.Store, T.Hasher, T.Clock], (s, h, c) => new VerifyStepUpCode(s, h, c));

  make(T.ListWorkspaces, [T.Store], (s) => new ListWorkspaces(s));
  make(T.CreateWorkspace, [T.Store, T.Ids, T.Clock], (s, i, c) => new CreateWorkspace(s, i, c));
  make(T.ActiveWorkspace, [T.Store], (s) => new ActiveWorkspace(s));
  make(T.DeleteWorkspace, [T.Store, T.Clock], (s, c) => new DeleteWorkspace(s, c));
  make(T.AccountNotifications, [T.Store], (s) => new AccountNotifications(s));
  make(T.AccountUsername, [T.Store, T.Clock], (s, c) => new AccountUsername(s, c, config.accountDomain));
  make(T.ListConnectedApps, [T.Store, T.Clock], (s, c) => new ListConnectedApps(s, c));
  make(T.ListLabels, [T.Store, T.Cursors], (s, cu) => new ListLabels(s, cu));
  make(T.GetLabel, [T.Store], (s) => new GetLabel(s));
  make(T.CreateLabel, [T.Store, T.Clock], (s, c) => new CreateLabel(s, c));
  make(T.UpdateLabel, [T.Store, T.Clock], (s, c) => new UpdateLabel(s, c));
  make(T.DeleteLabel, [T.Store], (s) => new DeleteLabel(s));
  make(T.ListLabelColors, [], () => new ListLabelColors());
  value(T.BlobStore, new FsBlobStore(join(config.dataDir, 'blobs')));
  make(T.ListFiles, [T.Store, T.Cursors], (s, cu) => new ListFiles(s, cu));
  make(T.UploadFile, [T.Store, T.BlobStore, T.Ids, T.Clock], (s, b, i, c) => new UploadFile(s, b, i, c));
  make(T.GetFile, [T.Store, T.BlobStore], (s, b) => new GetFile(s, b));
  make(T.GetFileStats, [T.Store], (s) => new GetFileStats(s));
  make(T.DeleteFile, [T.Store, T.BlobStore, T.Ids, T.Clock], (s, b, i, c) => new DeleteFile(s, b, i, c));
  make(T.BatchDeleteFiles, [T.Store, T.BlobStore, T.Ids, T.Clock], (s, b, i, c) => new BatchDeleteFiles(s, b, i, c));
  make(T.CreateFileLink, [T.Store, T.Ids, T.Hasher, T.Clock], (s, i, h, c) => new CreateFileLink(s, i, h, c));
  make(T.ListFileLinks, [T.Store], (s) => new ListFileLinks(s));
  make(T.RevokeFileLinks, [T.Store, T.Clock], (s, c) => new RevokeFileLinks(s, c));
  make(T.DownloadSharedFile, [T.Store, T.BlobStore, T.Hasher], (s, b, h) => new DownloadSharedFile(s, b, h));
  value(T.HtmlSanitizer, new SanitizeHtmlSanitizer());
  make(T.ListSignatures, [T.Store, T.Cursors], (s, cu) => new ListSignatures(s, cu));
  make(T.GetSignature, [T.Store], (s) => new GetSignature(s));
  make(T.CreateSignature, [T.Store, T.Ids, T.Clock, T.HtmlSanitizer], (s, i, c, h) => new CreateSignature(s, i, c, h));
  make(T.UpdateSignature, [T.Store, T.Clock, T.HtmlSanitizer], (s, c, h) => new UpdateSignature(s, c, h));
  make(T.DeleteSignature, [T.Store], (s) => new DeleteSignature(s));
  make(T.CopySignature, [T.Store, T.Ids, T.Clock], (s, i, c) => new CopySignature(s, i, c));
  const dns = new NodeDnsResolver({ servers: config.dnsServers });
  value(T.DnsResolver, dns);
  // Custom hosts are reached through the configured DNS servers too, so a check sees what the records say.
  value(T.HostChecker, new HttpsHostChecker({
    resolve4: config.dnsServers.length ? (h) => dns.ipv4(h) : undefined, ca: config.hostCheckCa, port: config.hostCheckPort,
  }));
  value(T.DomainKeys, new NodeDomainKeys());
  make(T.DomainDeps, [T.Store, T.Clock, T.Ids, T.Cursors, T.DnsResolver, T.HostChecker, T.DomainKeys, T.Sealer],
    (store, clock, ids, cursors, d, hosts, keys, sealer): DomainDeps => ({ store, clock, ids, cursors, dns: d, hosts, keys, sealer, serviceHost: config.serviceHost }));
  make(T.ListDomains, [T.DomainDeps], (d) => new ListDomains(d));
  make(T.GetDomain, [T.DomainDeps], (d) => new GetDomain(d));
  make(T.CreateDomain, [T.DomainDeps], (d) => new CreateDomain(d));
  make(T.VerifyDomain, [T.DomainDeps], (d) => new VerifyDomain(d));
  make(T.UpdateDomain, [T.DomainDeps], (d) => new UpdateDomain(d));
  make(T.DeleteDomain, [T.DomainDeps], (d) => new DeleteDomain(d));
  make(T.AddDomainAddress, [T.DomainDeps], (d) => new AddDomainAddress(d));
  make(T.UpdateDomainAddress, [T.DomainDeps], (d) => new UpdateDomainAddress(d));
  make(T.RemoveDomainAddress, [T.DomainDeps], (d) => new RemoveDomainAddress(d));
  make(T.AnswerHostChallenge, [T.DomainDeps], (d) => new AnswerHostChallenge(d));
  // (area bindings: add lines above this comment)

  // Buffered request-log rows reach the database within this interval, and at close.
  const recorder = container.get<RecordRequest>(T.RecordRequest);
  const reportError = (e: unknown) => options.onBackgroundError?.(e);
  const flushTimer = setInterval(() => { recorder.flush().catch(reportError); }, 250);
  flushTimer.unref();
  const close = async () => {
    clearInterval(flushTimer);
    await recorder.flush().catch(reportError);
    await (mailer as { close?: () => unknown }).close?.();
    await db.close();
  };
  return { container, close };
}
