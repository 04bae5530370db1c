import { pageLimit, type Cursors, type PageParams } from '../kernel/paging.ts';
import { emailView } from './email.ts';
import { emailReachOf } from './email-access.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** GET /emails: newest first, paged (spec: Conventions item 3). */
export class ListEmails {
  constructor(private readonly store: Store, private readonly cursors: Cursors) {}

  async execute(caller: Caller, query: PageParams) {
    const limit = pageLimit(query.limit);
    const after = this.cursors.decode('emails', query.cursor);
    const rows = await this.store.emails.list(caller.workspaceId, emailReachOf(caller), after, limit + 1);
    return this.cursors.page('emails', rows, limit, (e) => [e.createdAt, e.id], emailView);
  }
}
