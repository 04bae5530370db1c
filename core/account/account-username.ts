import { AppError, invalid } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';
import type { UsernameRecord } from '../ports/account-repository.ts';
import { tidyUsername, USERNAME, usernameFromEmail, usernameProblem } from './username.ts';

/** spec: GET/PUT /account/username and GET /account/username/availability. */
export class AccountUsername {
  constructor(private readonly store: Store, private readonly clock: Clock, private readonly addressDomain: string) {}

  private view(r: UsernameRecord) {
    return { object: 'username' as const, username: r.username, chosen: r.chosenAt !== null, address: `${r.username}@${this.addressDomain}` };
  }

  /** The first read gives an account without a username one, made from its email address. */
  async get(caller: Caller) {
    const found = await this.store.account.username(caller.userId);
    if (found) return this.view(found);
    const user = await this.store.directory.user(caller.userId);
    const base = usernameFromEmail(user?.email ?? 'user@x');
    for (let n = 0; ; n++) {
      const record = { userId: caller.userId, username: n === 0 ? base : `${base}${n}`, chosenAt: null };
      if (await this.store.account.saveUsername(record)) return this.view(record);
    }
  }

  async availability(caller: Caller, input: { username: string }) {
    if (input.username.length > USERNAME.inputMax) throw invalid('username', `At most ${USERNAME.inputMax} characters.`);
    const username = tidyUsername(input.username);
    const problem = usernameProblem(username);
    const owner = problem ? null : await this.store.account.usernameOwner(username);
    const status = problem ? 'invalid' : owner === caller.userId ? 'current' : owner ? 'taken' : 'available';
    const message = problem ?? { current: 'This is your username.', taken: 'Somebody has this username.', available: 'This username is free.' }[status as 'current'];
    return { object: 'username_availability' as const, status, available: status === 'available', message, username };
  }

  async set(caller: Caller, input: { username: string }) {
    const username = input.username;
    const problem = usernameProblem(username);
    if (problem) throw invalid('username', problem);
    const current = await this.store.account.username(caller.userId);
    if (current?.username === username && current.chosenAt) return this.view(current);
    const now = this.clock.now();
    // A chosen username holds for 30 days, so an address people learnt keeps working for a while.
    if (current?.chosenAt && now.getTime() - Date.parse(current.chosenAt) < USERNAME.lockDays * 86_400_000) {
      throw new AppError('username_locked', `A username can change ${USERNAME.lockDays} days after it was chosen.`, 'username');
    }
    const record = { userId: caller.userId, username, chosenAt: now.toISOString() };
    if (!(await this.store.account.saveUsername(record))) throw new AppError('username_taken', 'Somebody has this username.', 'username');
    return this.view(record);
  }
}
