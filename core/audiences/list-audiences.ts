import { AppError } from '../kernel/errors.ts';
import { pageLimit, type Page, type PageParams } from '../kernel/paging.ts';
import { audienceView, type AudienceView } from './audience.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * spec: GET /audiences — the default audience first, the rest newest first. Unlike other lists the cursor is an
 * audience id (the last one handed out): an id that names no audience of the workspace is 400 `invalid_cursor`.
 */
export class ListAudiences {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, query: PageParams): Promise<Page<AudienceView>> {
    const limit = pageLimit(query.limit);
    const after = query.cursor === undefined ? null : await this.store.contacts.getAudience(caller.workspaceId, query.cursor);
    if (query.cursor !== undefined && !after) throw new AppError('invalid_cursor', 'The cursor names no audience of this workspace.', 'cursor');
    const rows = await this.store.contacts.listAudiences(caller.workspaceId, after, limit + 1);
    const hasMore = rows.length > limit;
    const items = rows.slice(0, limit);
    return { items: items.map(audienceView), hasMore, nextCursor: hasMore ? items[items.length - 1]!.id : null };
  }
}
