import { invalid } from '../kernel/errors.ts';
import { selfKey, visibleKey, requireKeyManager } from './key-access.ts';
import type { Caller } from '../auth/caller.ts';
import { pageLimit, type Cursors, type Page, type PageParams } from '../kernel/paging.ts';
import type { ActivityEntry, LogQuery, RequestLogEntry, Store } from '../ports/repositories.ts';
import type { PendingWrites } from './record-request.ts';

/** Which key's log: one key by id, the caller itself, or the whole workspace. */
export type LogSubject = { keyId: string } | { self: true } | { workspace: true };

export interface LogFilters extends PageParams {
  since?: string;
  until?: string;
  /** An exact status (`404`) or a class (`4xx`). */
  status?: string;
  /** Activity only: `created`, `updated`, `enabled`, `disabled`, `rotated`, `revoked`, `deleted`. */
  type?: string;
}

function window(f: LogFilters): Pick<LogQuery, 'since' | 'until'> {
  const at = (param: 'since' | 'until') => {
    const v = f[param];
    if (v === undefined) return undefined;
    const t = Date.parse(v);
    if (Number.isNaN(t)) throw invalid(param, `\`${param}\` must be an ISO 8601 date-time.`);
    return new Date(t).toISOString();
  };
  const since = at('since');
  const until = at('until');
  if (since && until && until <= since) throw invalid('until', '`until` must be after `since`.');
  return { since, until };
}

function statusRange(status: string | undefined): Pick<LogQuery, 'statusFrom' | 'statusTo'> {
  if (status === undefined) return {};
  const m = /^([1-5])(xx|\d\d)$/i.exec(status);
  if (!m) throw invalid('status', '`status` is a status code such as `404` or a class such as `4xx`.');
  if (m[2]!.toLowerCase() === 'xx') return { statusFrom: Number(m[1]) * 100, statusTo: Number(m[1]) * 100 + 99 };
  return { statusFrom: Number(status), statusTo: Number(status) };
}

const ACTIVITY_TYPES = new Set(['created', 'updated', 'enabled', 'disabled', 'rotated', 'revoked', 'deleted']);

/** spec: GET /keys/{id}/requests, /keys/requests, /keys/self/requests and the matching activity logs. Newest first. */
export class ListKeyLogs {
  constructor(private readonly store: Store, private readonly cursors: Cursors, private readonly log: PendingWrites) {}

  private async keyIdOf(caller: Caller, subject: LogSubject): Promise<string | undefined> {
    if ('keyId' in subject) return (await visibleKey(this.store, caller, subject.keyId)).id;
    if ('self' in subject) return (await selfKey(this.store, caller)).id;
    requireKeyManager(caller);
    return undefined;
  }

  async requests(caller: Caller, subject: LogSubject, f: LogFilters): Promise<Page<ReturnType<typeof requestView>>> {
    const keyId = await this.keyIdOf(caller, subject);
    await this.log.flush();
    const query: LogQuery = { keyId, ...window(f), ...statusRange(f.status) };
    const after = this.cursors.decode('key-requests', f.cursor);
    const rows = await this.store.requests.list(caller.workspaceId, query, after, pageLimit(f.limit) + 1);
    return this.cursors.page('key-requests', rows, pageLimit(f.limit), (r) => [r.createdAt, r.id], requestView);
  }

  async activity(caller: Caller, subject: LogSubject, f: LogFilters): Promise<Page<ReturnType<typeof activityView>>> {
    const keyId = await this.keyIdOf(caller, subject);
    if (f.type !== undefined && !ACTIVITY_TYPES.has(f.type)) throw invalid('type', `Unknown activity type \`${f.type}\`.`);
    const after = this.cursors.decode('key-activity', f.cursor);
    const rows = await this.store.activity.list(caller.workspaceId, { keyId, type: f.type, ...window(f) }, after, pageLimit(f.limit) + 1);
    return this.cursors.page('key-activity', rows, pageLimit(f.limit), (r) => [r.createdAt, r.id], activityView);
  }
}

export const requestView = (r: RequestLogEntry) => ({
  id: r.id, object: 'api_request' as const, keyId: r.keyId, requestId: r.requestId, method: r.method, path: r.path,
  status: r.status, ipAddress: r.ipAddress, durationMs: r.durationMs, createdAt: r.createdAt,
});

export const activityView = (a: ActivityEntry) => ({
  id: a.id, object: 'api_key_activity' as const, keyId: a.keyId, type: a.type, source: a.source, actor: a.actor,
  detail: a.detail, createdAt: a.createdAt,
});
