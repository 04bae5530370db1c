import { AppError } from '../kernel/errors.ts';
import { holdsAddress, type Caller } from '../auth/caller.ts';
import { canSend } from '../domains/domain.ts';
import { domainOf } from '../kernel/emails.ts';
import type { Store } from '../ports/repositories.ts';

/** More domains than a workspace may hold. */
const ALL_DOMAINS = 10_000;

/**
 * spec: Authentication item 10, Addresses — the from address must be one the address book shows with `canSend`
 * for this caller: an enabled address of the workspace, held by the caller, on a domain that can send. An
 * unrestricted caller may also use an uncreated local part on the workspace's domains ("any local part is
 * accepted"). Anything else is 403 `from_address_forbidden` on `from`.
 */
export async function requireSender(store: Store, caller: Caller, address: string, now: Date): Promise<{ senderName: string | null }> {
  const refuse = () => new AppError('from_address_forbidden', `${address} is not an address this credential can send from; GET /addresses lists those it can.`, 'from');
  const domain = (await store.domains.list(caller.workspaceId, null, ALL_DOMAINS)).find((d) => d.domain === domainOf(address));
  if (!domain || !canSend(domain, now) || !holdsAddress(caller, address)) throw refuse();
  const [row] = await store.directory.addressesNamed(caller.workspaceId, [address]);
  const unrestricted = caller.reachesAll && caller.actsForOwner;
  if (row ? !row.enabled : !unrestricted) throw refuse();
  // spec: Domains — mail without a from name uses the address's name, then the domain sender name (then the workspace's).
  return { senderName: row?.name ?? domain.senderName ?? null };
}
