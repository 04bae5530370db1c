import { notFound } from '../kernel/errors.ts';
import { USER_LABEL_PREFIX, type CountedLabel } from './label.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * A user label of the caller's workspace, by its exact id (case-sensitive). System ids (INBOX, STARRED, ...) and
 * labels of other workspaces are the same 404 (spec: GET /labels/{id}).
 */
export async function visibleLabel(store: Store, caller: Caller, id: string): Promise<CountedLabel> {
  const label = id.startsWith(USER_LABEL_PREFIX) ? await store.labels.get(caller.workspaceId, id) : null;
  if (!label) throw notFound('label', 'id');
  return label;
}
