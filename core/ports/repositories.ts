import type { ApiKey, Actor } from '../keys/api-key.ts';
import type { AccessToken } from '../auth/access-token.ts';
import type { Address, Domain, Membership, User, Workspace } from '../workspaces/workspace.ts';
import type { Position } from '../kernel/paging.ts';
import type { EventRepository } from './event-repository.ts';
import type { ContactRepository } from './contact-repository.ts';
import type { SuppressionRepository } from './suppression-repository.ts';
import type { SignatureRepository } from './signature-repository.ts';
import type { FileRepository } from './file-repository.ts';
import type { LabelRepository } from './label-repository.ts';
import type { AccountRepository } from './account-repository.ts';
import type { BlobIntentRepository } from './blob-intent-repository.ts';
import type { SettingsRepository } from './settings-repository.ts';
import type { BrandingRepository } from './branding-repository.ts';
import type { DomainRepository } from './domain-repository.ts';
import type { WebhookRepository } from './webhook-repository.ts';
import type { EmailRepository } from './email-repository.ts';

// Repositories speak the domain: they take and return core records and raise AppErrors, never driver errors.
// Lists take `after` (a keyset position) and `limit` and return at most `limit` rows in the list's order.
// Time bounds: `since`, `notBefore` and `...Since` are inclusive; `until` is exclusive. E-mail addresses are
// stored lower-cased. Inserts that "return false" do so when the row exists by id or by a unique key.

export interface ApiKeyRepository {
  get(workspaceId: string, id: string): Promise<ApiKey | null>;
  /** Key ids are unique across workspaces; authentication looks a token's key up by id alone. */
  findById(id: string): Promise<ApiKey | null>;
  /** Newest first: `createdAt` desc, then `id` desc; position `[createdAt, id]`. */
  list(workspaceId: string, after: Position | null, limit: number): Promise<ApiKey[]>;
  /** Keys neither revoked nor expired at `now`. */
  countOpen(workspaceId: string, now: string): Promise<number>;
  insert(key: ApiKey): Promise<void>;
  /** Writes every field but `totalUses` and `lastUsedAt`, which only `recordUse` moves (so no use is lost to a race). */
  update(key: ApiKey): Promise<void>;
  delete(workspaceId: string, id: string): Promise<void>;
  /** Adds `count` uses and moves `lastUsedAt` to `at` unless it is already later. */
  recordUse(id: string, at: string, count?: number): Promise<void>;
}

export interface AccessTokenRepository {
  findByHash(tokenHash: string): Promise<AccessToken | null>;
  insert(token: AccessToken): Promise<void>;
  setStepUpVerifiedAt(id: string, at: string): Promise<void>;
}

export interface DirectoryRepository {
  user(id: string): Promise<User | null>;
  workspace(id: string): Promise<Workspace | null>;
  membership(workspaceId: string, userId: string): Promise<Membership | null>;
  domains(workspaceId: string): Promise<Domain[]>;
  /** Alphabetical by address; position `[address]`. */
  addresses(workspaceId: string, after: Position | null, limit: number): Promise<Address[]>;
  /** The subset of `addresses` (lower-cased) that exist in the workspace. */
  addressesNamed(workspaceId: string, addresses: string[]): Promise<Address[]>;
  insertUser(user: User): Promise<boolean>;
  insertWorkspace(workspace: Workspace): Promise<boolean>;
  insertMembership(membership: Membership): Promise<boolean>;
  insertDomain(domain: Domain): Promise<boolean>;
  insertAddress(address: Address): Promise<boolean>;
  /** How many workspaces exist at all (an empty database gets the demo fixture). */
  countWorkspaces(): Promise<number>;
  /** Workspaces of `kind` owned by `userId`. */
  workspacesOwnedBy(userId: string, kind: Workspace['kind']): Promise<Workspace[]>;
}

export interface Audience {
  id: string; workspaceId: string; name: string; description: string | null; builtin: 'default' | null;
  showOnPreferences: boolean; createdAt: string; updatedAt: string;
}
export interface Contact { id: string; workspaceId: string; email: string; name: string | null; createdAt: string; updatedAt: string }

/** Only what fixtures need today; the audiences area extends it. Inserts return false when the id exists. */
export interface AudienceRepository {
  defaultAudience(workspaceId: string): Promise<Audience | null>;
  insertAudience(audience: Audience): Promise<boolean>;
  contactByEmail(workspaceId: string, email: string): Promise<Contact | null>;
  insertContact(contact: Contact): Promise<boolean>;
  addToAudience(audienceId: string, contactId: string, at: string): Promise<void>;
}

export interface RequestLogEntry {
  id: string; workspaceId: string; keyId: string | null; tokenId: string | null; requestId: string;
  method: string; path: string; status: number; ipAddress: string; durationMs: number; createdAt: string;
}

export interface LogQuery {
  keyId?: string;
  since?: string;
  until?: string;
  /** Inclusive status range, e.g. 400..499 for `4xx`, or one exact status. */
  statusFrom?: number;
  statusTo?: number;
}

export interface RequestLogRepository {
  append(entry: RequestLogEntry): Promise<void>;
  appendMany(entries: RequestLogEntry[]): Promise<void>;
  /** Newest first; position `[createdAt, id]`. */
  list(workspaceId: string, query: LogQuery, after: Position | null, limit: number): Promise<RequestLogEntry[]>;
  /** Requests and error responses (status >= 400) since `since`, for one key or the whole workspace. */
  counts(workspaceId: string, keyId: string | null, since: string): Promise<{ requests: number; errors: number }>;
}

export interface ActivityEntry {
  id: string; workspaceId: string; keyId: string; type: string; source: 'api' | 'fixture' | 'library';
  actor: Actor; detail: Record<string, unknown>; createdAt: string;
}

export interface ActivityRepository {
  append(entry: ActivityEntry): Promise<void>;
  /** Newest first; position `[createdAt, id]`. `keyId` narrows to one key. */
  list(workspaceId: string, query: Pick<LogQuery, 'keyId' | 'since' | 'until'> & { type?: string }, after: Position | null, limit: number): Promise<ActivityEntry[]>;
}

export interface StepUpCode {
  id: string; tokenId: string; userId: string; clientId: string; codeHash: string; createdAt: string;
  expiresAt: string; wrongTries: number; closedAt: string | null;
}

export interface StepUpRepository {
  insertCode(code: StepUpCode): Promise<void>;
  /** The newest code of this app for this person that is not closed. */
  openCode(userId: string, clientId: string): Promise<StepUpCode | null>;
  updateCode(code: StepUpCode): Promise<void>;
  /** Codes asked since `since` by one app of the person. */
  codesAskedSince(userId: string, clientId: string, since: string): Promise<number>;
  recordWrongTry(userId: string, clientId: string, at: string): Promise<void>;
  /** Wrong tries since `since`, for one app of the person, or all the person's apps when `clientId` is null; oldest first. */
  wrongTriesSince(userId: string, clientId: string | null, since: string): Promise<string[]>;
}

export interface IdempotentResponse {
  credentialId: string; key: string; requestHash: string; status: number; body: string; createdAt: string;
}

export interface IdempotencyRepository {
  find(credentialId: string, key: string, notBefore: string): Promise<IdempotentResponse | null>;
  /** Saves the first response; a concurrent duplicate keeps the earlier one. A row older than `replaceBefore` is replaced. */
  save(response: IdempotentResponse, replaceBefore: string): Promise<void>;
  purgeBefore(before: string): Promise<void>;
}

/** All repositories over one connection; `transaction` runs `work` with repositories bound to one transaction. */
export interface Store {
  keys: ApiKeyRepository;
  accessTokens: AccessTokenRepository;
  directory: DirectoryRepository;
  audiences: AudienceRepository;
  requests: RequestLogRepository;
  activity: ActivityRepository;
  stepUp: StepUpRepository;
  idempotency: IdempotencyRepository;
  events: EventRepository;
  account: AccountRepository;
  blobIntents: BlobIntentRepository;
  labels: LabelRepository;
  files: FileRepository;
  signatures: SignatureRepository;
  webhooks: WebhookRepository;
  domains: DomainRepository;
  contacts: ContactRepository;
  suppressions: SuppressionRepository;
  settings: SettingsRepository;
  branding: BrandingRepository;
  emails: EmailRepository;
  // (area repositories: add one line each above this comment)
  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T>;
  /** True when the database answers (for /healthz). */
  ping(): Promise<boolean>;
}
