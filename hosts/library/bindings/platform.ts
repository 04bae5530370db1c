import { T } from '../../../core/ports/tokens.ts';
import { Cursors } from '../../../core/kernel/paging.ts';
import { Authenticate } from '../../../core/auth/authenticate.ts';
import { ConsumeRateLimit } from '../../../core/limits/rate-limit.ts';
import { RecordRequest } from '../../../core/keys/record-request.ts';
import { IdempotentRequests } from '../../../core/idempotency/idempotent-requests.ts';
import { LoadFixtures } from '../../../core/fixtures/load-fixtures.ts';
import { ListKeys } from '../../../core/keys/list-keys.ts';
import { GetKey } from '../../../core/keys/get-key.ts';
import { CreateKey } from '../../../core/keys/create-key.ts';
import { UpdateKey } from '../../../core/keys/update-key.ts';
import { DeleteKey } from '../../../core/keys/delete-key.ts';
import { RotateKey } from '../../../core/keys/rotate-key.ts';
import { RevokeKey } from '../../../core/keys/revoke-key.ts';
import { ListKeyLogs } from '../../../core/keys/key-logs.ts';
import { GetKeyStats } from '../../../core/keys/key-stats.ts';
import { ListAddresses } from '../../../core/addresses/list-addresses.ts';
import { GetStepUpStatus } from '../../../core/security/get-step-up-status.ts';
import { RequestStepUpCode } from '../../../core/security/request-step-up-code.ts';
import { VerifyStepUpCode } from '../../../core/security/verify-step-up-code.ts';
import type { Store } from '../../../core/ports/repositories.ts';
import type { Binder } from './binder.ts';

/** Keys, authentication, rate limits, idempotency, fixtures, the address book and step-up. */
export function bindPlatform({ make, value, config }: Binder): void {
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
  make(T.ListAddresses, [T.Store, T.Cursors, T.Clock], (s, cu, c) => new ListAddresses(s, cu, c));
  make(T.GetStepUpStatus, [T.Store, T.Clock], (s, c) => new GetStepUpStatus(s, c));
  make(T.RequestStepUpCode, [T.Store, T.Ids, T.Hasher, T.Clock, T.Mailer], (s, i, h, c, m) => new RequestStepUpCode(s, i, h, c, m, config.mailFrom));
  make(T.VerifyStepUpCode, [T.Store, T.Hasher, T.Clock], (s, h, c) => new VerifyStepUpCode(s, h, c));
}
