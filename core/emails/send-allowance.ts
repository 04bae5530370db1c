import { AppError } from '../kernel/errors.ts';
import type { Plan } from '../workspaces/workspace.ts';
import type { Store } from '../ports/repositories.ts';

/**
 * spec: Limits — "Send allowance: monthly per plan; numbers: not shown". Ours: recipients per calendar month (UTC)
 * of mail queued, scheduled or sent (a cancelled or failed email gives its recipients back). null: no cap.
 */
export const MONTHLY_SEND_ALLOWANCE: Record<Plan, number | null> = {
  free: 3_000, starter: 50_000, business: 250_000, enterprise: null,
};

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const nextMonthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

/** spec: Retry guidance — `send_quota_exceeded` carries Retry-After: seconds to the first of next month (UTC). */
export async function requireSendAllowance(store: Store, workspaceId: string, plan: Plan, recipients: number, now: Date): Promise<void> {
  const cap = MONTHLY_SEND_ALLOWANCE[plan];
  if (cap === null) return;
  const used = await store.emails.recipientsSince(workspaceId, monthStart(now).toISOString());
  if (used + recipients <= cap) return;
  const reset = nextMonthStart(now);
  const seconds = Math.max(1, Math.ceil((reset.getTime() - now.getTime()) / 1000));
  throw new AppError('send_quota_exceeded',
    `This workspace has used ${used} of its ${cap} monthly sends; the allowance resets on ${reset.toISOString().slice(0, 10)}.`,
    null, { 'Retry-After': String(seconds) });
}
