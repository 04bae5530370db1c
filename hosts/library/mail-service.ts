import { T } from '../../core/ports/tokens.ts';
import { resolveConfig, type MailServiceOptions } from './config.ts';
import { buildContainer } from './container.ts';
import type { Authenticate } from '../../core/auth/authenticate.ts';
import type { ConsumeRateLimit } from '../../core/limits/rate-limit.ts';
import type { RecordRequest } from '../../core/keys/record-request.ts';
import type { IdempotentRequests } from '../../core/idempotency/idempotent-requests.ts';
import type { LoadFixtures } from '../../core/fixtures/load-fixtures.ts';
import type { ListKeys } from '../../core/keys/list-keys.ts';
import type { GetKey } from '../../core/keys/get-key.ts';
import type { CreateKey } from '../../core/keys/create-key.ts';
import type { UpdateKey } from '../../core/keys/update-key.ts';
import type { DeleteKey } from '../../core/keys/delete-key.ts';
import type { RotateKey } from '../../core/keys/rotate-key.ts';
import type { RevokeKey } from '../../core/keys/revoke-key.ts';
import type { ListKeyLogs } from '../../core/keys/key-logs.ts';
import type { GetKeyStats } from '../../core/keys/key-stats.ts';
import type { ListAddresses } from '../../core/addresses/list-addresses.ts';
import type { GetStepUpStatus } from '../../core/security/get-step-up-status.ts';
import type { RequestStepUpCode } from '../../core/security/request-step-up-code.ts';
import type { VerifyStepUpCode } from '../../core/security/verify-step-up-code.ts';
import type { ListWorkspaces } from '../../core/workspaces/list-workspaces.ts';
import type { CreateWorkspace } from '../../core/workspaces/create-workspace.ts';
import type { ActiveWorkspace } from '../../core/workspaces/get-active-workspace.ts';
import type { DeleteWorkspace } from '../../core/workspaces/delete-workspace.ts';
import type { AccountNotifications } from '../../core/account/notifications.ts';
import type { AccountUsername } from '../../core/account/account-username.ts';
import type { ListConnectedApps } from '../../core/account/list-connected-apps.ts';
import type { ListLabels } from '../../core/labels/list-labels.ts';
import type { GetLabel } from '../../core/labels/get-label.ts';
import type { CreateLabel } from '../../core/labels/create-label.ts';
import type { UpdateLabel } from '../../core/labels/update-label.ts';
import type { DeleteLabel } from '../../core/labels/delete-label.ts';
import type { ListLabelColors } from '../../core/labels/list-label-colors.ts';
import type { ListFiles } from '../../core/files/list-files.ts';
import type { UploadFile } from '../../core/files/upload-file.ts';
import type { GetFile } from '../../core/files/get-file.ts';
import type { GetFileStats } from '../../core/files/file-stats.ts';
import type { DeleteFile } from '../../core/files/delete-file.ts';
import type { BatchDeleteFiles } from '../../core/files/batch-delete-files.ts';
import type { CreateFileLink } from '../../core/files/create-file-link.ts';
import type { ListFileLinks } from '../../core/files/list-file-links.ts';
import type { RevokeFileLinks } from '../../core/files/revoke-file-links.ts';
import type { DownloadSharedFile } from '../../core/files/download-shared-file.ts';
import type { ListSignatures } from '../../core/signatures/list-signatures.ts';
import type { GetSignature } from '../../core/signatures/get-signature.ts';
import type { CreateSignature } from '../../core/signatures/create-signature.ts';
import type { UpdateSignature } from '../../core/signatures/update-signature.ts';
import type { DeleteSignature } from '../../core/signatures/delete-signature.ts';
import type { CopySignature } from '../../core/signatures/copy-signature.ts';
import type { ListAudiences } from '../../core/audiences/list-audiences.ts';
import type { GetAudience } from '../../core/audiences/get-audience.ts';
import type { CreateAudience } from '../../core/audiences/create-audience.ts';
import type { GetAudienceGrowth } from '../../core/audiences/get-audience-growth.ts';
import type { AddAudienceContact } from '../../core/audiences/add-audience-contact.ts';
import type { RemoveAudienceContact } from '../../core/audiences/remove-audience-contact.ts';
import type { ListContacts } from '../../core/contacts/list-contacts.ts';
import type { GetContact } from '../../core/contacts/get-contact.ts';
import type { CreateContact } from '../../core/contacts/create-contact.ts';
import type { UpdateContact } from '../../core/contacts/update-contact.ts';
import type { DeleteContacts } from '../../core/contacts/delete-contacts.ts';
import type { ImportContacts } from '../../core/contacts/import-contacts.ts';
import type { ListSuppressions } from '../../core/suppressions/list-suppressions.ts';
import type { GetSuppression } from '../../core/suppressions/get-suppression.ts';
import type { AddSuppression } from '../../core/suppressions/add-suppression.ts';
import type { RemoveSuppression } from '../../core/suppressions/remove-suppression.ts';
import type { ListUnsubscribes } from '../../core/suppressions/list-unsubscribes.ts';
import type { AddUnsubscribe } from '../../core/suppressions/add-unsubscribe.ts';
import type { RemoveUnsubscribe } from '../../core/suppressions/remove-unsubscribe.ts';
import type { DomainSigningKey } from '../../core/domains/signing-key.ts';
import type { Store } from '../../core/ports/repositories.ts';
import type { GetSettings } from '../../core/settings/get-settings.ts';
import type { UpdateSettings } from '../../core/settings/update-settings.ts';
import type { GetBranding } from '../../core/branding/get-branding.ts';
import type { UpdateBranding } from '../../core/branding/update-branding.ts';
import type { PutBrandImage } from '../../core/branding/put-brand-image.ts';
import type { DeleteBrandImage } from '../../core/branding/delete-brand-image.ts';
import type { GetPublicImage } from '../../core/branding/get-public-image.ts';
import type { AccountPhoto } from '../../core/account/account-photo.ts';
import type { ListDomains } from '../../core/domains/list-domains.ts';
import type { GetDomain } from '../../core/domains/get-domain.ts';
import type { CreateDomain } from '../../core/domains/create-domain.ts';
import type { VerifyDomain } from '../../core/domains/verify-domain.ts';
import type { UpdateDomain } from '../../core/domains/update-domain.ts';
import type { DeleteDomain } from '../../core/domains/delete-domain.ts';
import type { AddDomainAddress } from '../../core/domains/add-domain-address.ts';
import type { UpdateDomainAddress } from '../../core/domains/update-domain-address.ts';
import type { RemoveDomainAddress } from '../../core/domains/remove-domain-address.ts';
import type { AnswerHostChallenge } from '../../core/domains/answer-host-challenge.ts';
import type { RecordEvents } from '../../core/events/record-events.ts';
import type { ListWebhooks } from '../../core/webhooks/list-webhooks.ts';
import type { GetWebhook } from '../../core/webhooks/get-webhook.ts';
import type { CreateWebhook } from '../../core/webhooks/create-webhook.ts';
import type { UpdateWebhook } from '../../core/webhooks/update-webhook.ts';
import type { DeleteWebhook } from '../../core/webhooks/delete-webhook.ts';
import type { RotateWebhookSecret } from '../../core/webhooks/rotate-webhook-secret.ts';
import type { SendTestWebhook } from '../../core/webhooks/send-test-webhook.ts';
import type { ListWebhookDeliveries } from '../../core/webhooks/list-webhook-deliveries.ts';
import type { GetWebhookDelivery } from '../../core/webhooks/get-webhook-delivery.ts';
import type { ReplayWebhookDelivery } from '../../core/webhooks/replay-webhook-delivery.ts';
import type { ListWebhookAudit } from '../../core/webhooks/list-webhook-audit.ts';
import type { GetWebhookStats } from '../../core/webhooks/get-webhook-stats.ts';
import type { WebhookDispatcher } from '../../core/webhooks/webhook-dispatcher.ts';
import type { SendEmail } from '../../core/emails/send-email.ts';
import type { ListEmails } from '../../core/emails/list-emails.ts';
import type { GetEmail } from '../../core/emails/get-email.ts';
import type { CancelEmail } from '../../core/emails/cancel-email.ts';
import type { SendDueEmails } from '../../core/emails/send-due-emails.ts';
import type { OneClickUnsubscribe } from '../../core/emails/one-click-unsubscribe.ts';
import type { ResolvedConfig } from './config.ts';

/** The service as typed use cases, one group per area; the HTTP host calls exactly these. */
export interface MailService {
  config: ResolvedConfig;
  authenticate: Authenticate;
  rateLimit: ConsumeRateLimit;
  recordRequest: RecordRequest;
  idempotency: IdempotentRequests;
  fixtures: LoadFixtures;
  keys: {
    list: ListKeys; get: GetKey; create: CreateKey; update: UpdateKey; delete: DeleteKey; rotate: RotateKey;
    revoke: RevokeKey; logs: ListKeyLogs; stats: GetKeyStats;
  };
  addresses: { list: ListAddresses };
  security: { status: GetStepUpStatus; requestCode: RequestStepUpCode; verifyCode: VerifyStepUpCode };
  workspaces: { list: ListWorkspaces; create: CreateWorkspace; active: ActiveWorkspace; delete: DeleteWorkspace };
  account: { notifications: AccountNotifications; username: AccountUsername; connectedApps: ListConnectedApps };
  labels: { list: ListLabels; get: GetLabel; create: CreateLabel; update: UpdateLabel; delete: DeleteLabel; colors: ListLabelColors };
  files: {
    list: ListFiles; upload: UploadFile; get: GetFile; stats: GetFileStats; delete: DeleteFile; batchDelete: BatchDeleteFiles;
    createLink: CreateFileLink; listLinks: ListFileLinks; revokeLinks: RevokeFileLinks; download: DownloadSharedFile;
  };
  signatures: { list: ListSignatures; get: GetSignature; create: CreateSignature; update: UpdateSignature; delete: DeleteSignature; copy: CopySignature };
  domains: {
    list: ListDomains; get: GetDomain; create: CreateDomain; verify: VerifyDomain; update: UpdateDomain; delete: DeleteDomain;
    addAddress: AddDomainAddress; updateAddress: UpdateDomainAddress; removeAddress: RemoveDomainAddress; answerHostChallenge: AnswerHostChallenge;
    signingKey: DomainSigningKey;
  };
  events: { record: RecordEvents };
  webhooks: {
    list: ListWebhooks; get: GetWebhook; create: CreateWebhook; update: UpdateWebhook; delete: DeleteWebhook;
    rotateSecret: RotateWebhookSecret; test: SendTestWebhook; deliveries: ListWebhookDeliveries; delivery: GetWebhookDelivery;
    replay: ReplayWebhookDelivery; audit: ListWebhookAudit; stats: GetWebhookStats; dispatcher: WebhookDispatcher;
  };
  audiences: { list: ListAudiences; get: GetAudience; create: CreateAudience; growth: GetAudienceGrowth; addContact: AddAudienceContact; removeContact: RemoveAudienceContact };
  contacts: { list: ListContacts; get: GetContact; create: CreateContact; update: UpdateContact; delete: DeleteContacts; import: ImportContacts };
  suppressions: { list: ListSuppressions; get: GetSuppression; add: AddSuppression; remove: RemoveSuppression; listUnsubscribes: ListUnsubscribes; addUnsubscribe: AddUnsubscribe; removeUnsubscribe: RemoveUnsubscribe };
  settings: { get: GetSettings; update: UpdateSettings };
  branding: { get: GetBranding; update: UpdateBranding; putImage: PutBrandImage; deleteImage: DeleteBrandImage; publicImage: GetPublicImage };
  accountPhoto: AccountPhoto;
  emails: { send: SendEmail; list: ListEmails; get: GetEmail; cancel: CancelEmail; sendDue: SendDueEmails; oneClickUnsubscribe: OneClickUnsubscribe };
  // (area groups: add one line each above this comment)
  /** True when the database answers. */
  healthy(): Promise<boolean>;
  /** True when the database holds no workspace yet. */
  isEmpty(): Promise<boolean>;
  close(): Promise<void>;
}

export async function createMailService(options: MailServiceOptions = {}): Promise<MailService> {
  const config = resolveConfig(options);
  const { container, close } = await buildContainer(config, options);
  const get = <V>(token: symbol) => container.get<V>(token);
  let closed: Promise<void> | null = null;
  return {
    config,
    authenticate: get(T.Authenticate),
    rateLimit: get(T.ConsumeRateLimit),
    recordRequest: get(T.RecordRequest),
    idempotency: get(T.IdempotentRequests),
    fixtures: get(T.LoadFixtures),
    keys: {
      list: get(T.ListKeys), get: get(T.GetKey), create: get(T.CreateKey), update: get(T.UpdateKey),
      delete: get(T.DeleteKey), rotate: get(T.RotateKey), revoke: get(T.RevokeKey), logs: get(T.ListKeyLogs),
      stats: get(T.GetKeyStats),
    },
    addresses: { list: get(T.ListAddresses) },
    security: { status: get(T.GetStepUpStatus), requestCode: get(T.RequestStepUpCode), verifyCode: get(T.VerifyStepUpCode) },
    workspaces: { list: get(T.ListWorkspaces), create: get(T.CreateWorkspace), active: get(T.ActiveWorkspace), delete: get(T.DeleteWorkspace) },
    account: { notifications: get(T.AccountNotifications), username: get(T.AccountUsername), connectedApps: get(T.ListConnectedApps) },
    labels: { list: get(T.ListLabels), get: get(T.GetLabel), create: get(T.CreateLabel), update: get(T.UpdateLabel), delete: get(T.DeleteLabel), colors: get(T.ListLabelColors) },
    files: {
      list: get(T.ListFiles), upload: get(T.UploadFile), get: get(T.GetFile), stats: get(T.GetFileStats), delete: get(T.DeleteFile),
      batchDelete: get(T.BatchDeleteFiles), createLink: get(T.CreateFileLink), listLinks: get(T.ListFileLinks),
      revokeLinks: get(T.RevokeFileLinks), download: get(T.DownloadSharedFile),
    },
    signatures: { list: get(T.ListSignatures), get: get(T.GetSignature), create: get(T.CreateSignature), update: get(T.UpdateSignature), delete: get(T.DeleteSignature), copy: get(T.CopySignature) },
    domains: {
      list: get(T.ListDomains), get: get(T.GetDomain), create: get(T.CreateDomain), verify: get(T.VerifyDomain), update: get(T.UpdateDomain),
      delete: get(T.DeleteDomain), addAddress: get(T.AddDomainAddress), updateAddress: get(T.UpdateDomainAddress),
      removeAddress: get(T.RemoveDomainAddress), answerHostChallenge: get(T.AnswerHostChallenge),
      signingKey: get(T.DomainSigningKey),
    },
    events: { record: get(T.RecordEvents) },
    webhooks: {
      list: get(T.ListWebhooks), get: get(T.GetWebhook), create: get(T.CreateWebhook), update: get(T.UpdateWebhook),
      delete: get(T.DeleteWebhook), rotateSecret: get(T.RotateWebhookSecret), test: get(T.SendTestWebhook),
      deliveries: get(T.ListWebhookDeliveries), delivery: get(T.GetWebhookDelivery), replay: get(T.ReplayWebhookDelivery),
      audit: get(T.ListWebhookAudit), stats: get(T.GetWebhookStats), dispatcher: get(T.WebhookDispatcher),
    },
    audiences: { list: get(T.ListAudiences), get: get(T.GetAudience), create: get(T.CreateAudience), growth: get(T.GetAudienceGrowth), addContact: get(T.AddAudienceContact), removeContact: get(T.RemoveAudienceContact) },
    contacts: { list: get(T.ListContacts), get: get(T.GetContact), create: get(T.CreateContact), update: get(T.UpdateContact), delete: get(T.DeleteContacts), import: get(T.ImportContacts) },
    suppressions: { list: get(T.ListSuppressions), get: get(T.GetSuppression), add: get(T.AddSuppression), remove: get(T.RemoveSuppression), listUnsubscribes: get(T.ListUnsubscribes), addUnsubscribe: get(T.AddUnsubscribe), removeUnsubscribe: get(T.RemoveUnsubscribe) },
    settings: { get: get(T.GetSettings), update: get(T.UpdateSettings) },
    branding: { get: get(T.GetBranding), update: get(T.UpdateBranding), putImage: get(T.PutBrandImage), deleteImage: get(T.DeleteBrandImage), publicImage: get(T.GetPublicImage) },
    accountPhoto: get(T.AccountPhoto),
    emails: { send: get(T.SendEmail), list: get(T.ListEmails), get: get(T.GetEmail), cancel: get(T.CancelEmail), sendDue: get(T.SendDueEmails), oneClickUnsubscribe: get(T.OneClickUnsubscribe) },
    // (area groups: add one line each above this comment)
    healthy: () => get<Store>(T.Store).ping(),
    isEmpty: async () => (await get<Store>(T.Store).directory.countWorkspaces()) === 0,
    close: () => (closed ??= close()),
  };
}
