import { invalid } from '../kernel/errors.ts';
import { normalizeEmail } from '../kernel/emails.ts';
import { pageLimit, type Cursors, type Page, type PageParams, type Position } from '../kernel/paging.ts';
import { reachOf } from './file-access.ts';
import { FILE_DIRECTIONS, FILE_KINDS, FILE_SORTS, fileNameKey, fileView, type FileDirection, type FileKind, type FileSort, type FileView, type StoredFile } from './file.ts';
import { FILE_LIMITS } from './file-limits.ts';
import type { Caller } from '../auth/caller.ts';
import type { FileQuery } from '../ports/file-repository.ts';
import type { Store } from '../ports/repositories.ts';

export interface ListFilesQuery extends PageParams {
  q?: string; kind?: string; direction?: string; address?: string; since?: string; until?: string; sort?: string;
}

const oneOf = <T extends string>(param: string, value: string | undefined, allowed: readonly T[]): T | undefined => {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) throw invalid(param, `\`${param}\` is one of ${allowed.join(', ')}.`);
  return value as T;
};

const isoTime = (param: string, value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  // ISO 8601 date or date-time only: Date.parse alone would take "March 3" or "1".
  const t = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(t)) throw invalid(param, `\`${param}\` must be an ISO 8601 date-time.`);
  return new Date(t).toISOString();
};

const positionOf: Record<FileSort, (f: StoredFile) => Position> = {
  newest: (f) => [f.createdAt, f.id],
  oldest: (f) => [f.createdAt, f.id],
  largest: (f) => [f.sizeBytes, f.id],
  name: (f) => [fileNameKey(f.filename), f.id],
};

/** Reads the filters once; every bad value is 422 `invalid_parameter` on its own name. */
export function fileQuery(caller: Caller, query: ListFilesQuery): FileQuery {
  if (query.q !== undefined && query.q.length > FILE_LIMITS.queryMax) throw invalid('q', `\`q\` is at most ${FILE_LIMITS.queryMax} characters.`);
  if (query.address !== undefined && query.address.length > FILE_LIMITS.addressMax) {
    throw invalid('address', `\`address\` is at most ${FILE_LIMITS.addressMax} characters.`);
  }
  const since = isoTime('since', query.since);
  const until = isoTime('until', query.until);
  return {
    reach: reachOf(caller),
    q: query.q ? fileNameKey(query.q) : undefined,
    kind: oneOf<FileKind>('kind', query.kind, FILE_KINDS),
    direction: oneOf<FileDirection>('direction', query.direction, FILE_DIRECTIONS),
    address: query.address !== undefined ? normalizeEmail(query.address) : undefined,
    since, until,
    sort: oneOf<FileSort>('sort', query.sort, FILE_SORTS) ?? 'newest',
  };
}

/** spec: GET /files. Deleted files are not listed; a cursor made under another `sort` is 400 `invalid_cursor`. */
export class ListFiles {
  constructor(private readonly store: Store, private readonly cursors: Cursors) {}

  async execute(caller: Caller, query: ListFilesQuery): Promise<Page<FileView>> {
    const limit = pageLimit(query.limit);
    const filters = fileQuery(caller, query);
    const list = `files:${filters.sort}`;
    const after = this.cursors.decode(list, query.cursor);
    const rows = await this.store.files.list(caller.workspaceId, filters, after, limit + 1);
    return this.cursors.page(list, rows, limit, positionOf[filters.sort], fileView);
  }
}
