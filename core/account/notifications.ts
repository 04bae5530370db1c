import { invalid, notFound } from '../kernel/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Store } from '../ports/repositories.ts';
import type { NotificationPreferences } from '../ports/account-repository.ts';

// spec: Resources — Account: categories `account`, `billing` (always on, required), `activity`, `product`.
const CATEGORIES = [
  { category: 'account', label: 'Account', description: 'Sign-ins, security alerts and changes to your account.', required: true },
  { category: 'billing', label: 'Billing', description: 'Receipts, failed payments and plan changes.', required: true },
  { category: 'activity', label: 'Activity', description: 'What happens in your workspaces: invitations, mentions, assignments.', required: false },
  { category: 'product', label: 'Product news', description: 'New features and tips, now and then.', required: false },
] as const;

const view = (p: NotificationPreferences) => ({
  object: 'notification_settings' as const,
  email: CATEGORIES.map((c) => ({ ...c, enabled: c.required || !p.emailOff.includes(c.category) })),
  mutedWorkspaces: p.mutedWorkspaces,
});

/** spec: GET /account/notifications, PUT /account/notifications/email/{category}, PUT …/push/{workspaceId}. */
export class AccountNotifications {
  constructor(private readonly store: Store) {}

  async get(caller: Caller) {
    return view(await this.store.account.preferences(caller.userId));
  }

  async setEmail(caller: Caller, category: string, input: { enabled: boolean }) {
    const known = CATEGORIES.find((c) => c.category === category);
    if (!known) throw invalid('category', `Unknown category \`${category}\`; one of ${CATEGORIES.map((c) => c.category).join(', ')}.`);
    if (known.required && !input.enabled) throw invalid('category', `\`${category}\` mail cannot be turned off.`);
    return this.change(caller, (p) => ({
      ...p, emailOff: input.enabled ? p.emailOff.filter((c) => c !== category) : [...new Set([...p.emailOff, category])],
    }));
  }

  async setPush(caller: Caller, workspaceId: string, input: { muted: boolean }) {
    const openable = (await this.store.account.workspacesOf(caller.userId)).some((w) => w.id === workspaceId);
    if (!openable) throw notFound('workspace', 'workspaceId');
    return this.change(caller, (p) => ({
      ...p, mutedWorkspaces: input.muted ? [...new Set([...p.mutedWorkspaces, workspaceId])] : p.mutedWorkspaces.filter((w) => w !== workspaceId),
    }));
  }

  private async change(caller: Caller, edit: (p: NotificationPreferences) => NotificationPreferences) {
    return this.store.transaction(async (tx) => {
      const next = edit(await tx.account.preferences(caller.userId));
      await tx.account.savePreferences(caller.userId, next);
      return view(next);
    });
  }
}
