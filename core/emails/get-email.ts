import { emailView, type EmailView } from './email.ts';
import { visibleEmail } from './email-access.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';

/** GET /emails/{id}. */
export class GetEmail {
  constructor(private readonly store: Store) {}

  async execute(caller: Caller, id: string): Promise<EmailView> {
    return emailView(await visibleEmail(this.store, caller, id));
  }
}
