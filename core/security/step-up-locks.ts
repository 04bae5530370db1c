import { DAY, lockedUntil } from './step-up.ts';
import type { Store } from '../ports/repositories.ts';

/** Reads the wrong-try history of an app and its person and says until when verification is paused, if at all. */
export async function currentLock(store: Store, userId: string, clientId: string, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - DAY).toISOString();
  const [app, person] = await Promise.all([
    store.stepUp.wrongTriesSince(userId, clientId, since),
    store.stepUp.wrongTriesSince(userId, null, since),
  ]);
  const until = lockedUntil(app, person);
  return until && until > now ? until : null;
}
