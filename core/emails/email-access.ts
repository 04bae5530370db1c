import { holdsAddress, type Caller } from '../auth/caller.ts';
import { notFound } from '../kernel/errors.ts';
import { EMAIL_ID, type Email } from './email.ts';
import type { EmailReach } from '../ports/email-repository.ts';
import type { Store } from '../ports/repositories.ts';

/** A narrowed caller sees only mail sent from addresses it holds (spec: Conventions item 4 — others are 404). */
export const emailReachOf = (caller: Caller): EmailReach | null =>
  caller.reachesAll ? null : { addresses: caller.addressAllowlist, domains: caller.domainAllowlist };

export async function visibleEmail(store: Store, caller: Caller, id: string): Promise<Email> {
  const email = EMAIL_ID.test(id) ? await store.emails.get(caller.workspaceId, id) : null;
  if (!email || !holdsAddress(caller, email.fromAddress)) throw notFound('email', 'id');
  return email;
}
