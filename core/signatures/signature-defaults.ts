import type { Store } from '../ports/repositories.ts';
import { DEFAULT_FLAGS, type DefaultFlag, type Signature } from './signature.ts';

export type DefaultFlags = Record<DefaultFlag, boolean>;
export type AskedFlags = Partial<Record<DefaultFlag, boolean>>;

/**
 * spec: POST /signatures and /copy — the first signature of an address becomes both defaults unless a flag is
 * false; on an address that has signatures a new one becomes a default only where its flag is true.
 */
export function flagsForNew(addressIsEmpty: boolean, asked: AskedFlags): DefaultFlags {
  const flag = (f: DefaultFlag) => (addressIsEmpty ? asked[f] !== false : asked[f] === true);
  return { isDefault: flag('isDefault'), isReplyDefault: flag('isReplyDefault') };
}

/**
 * At most one default and one reply default per address: before `next` is written holding a place that
 * `before` did not hold, the place is taken from whoever holds it. Run inside the transaction that writes `next`.
 */
export async function takeDefaultPlaces(
  tx: Store, next: Pick<Signature, 'workspaceId' | 'address'> & DefaultFlags, before: DefaultFlags | null, at: string,
): Promise<void> {
  for (const flag of DEFAULT_FLAGS) {
    if (next[flag] && !before?.[flag]) await tx.signatures.clearFlag(next.workspaceId, next.address, flag, at);
  }
}
