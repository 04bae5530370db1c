import { AppError } from '../kernel/errors.ts';

// spec: Resources — Suppression and unsubscribe; States — Suppression / unsubscribe.

export const SUPPRESSION_REASONS = ['bounce', 'complaint', 'manual'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const UNSUBSCRIBE_SOURCES = ['link', 'one_click', 'manual', 'complaint', 'import'] as const;
export type UnsubscribeSource = (typeof UNSUBSCRIBE_SOURCES)[number];

export interface Suppression {
  id: string; workspaceId: string; email: string; reason: SuppressionReason; detail: string | null; createdAt: string;
}

export interface Unsubscribe {
  workspaceId: string; email: string; source: UnsubscribeSource; broadcastId: string | null; automationId: string | null;
  /** The audiences this record switched off; taking it back re-subscribes them. */
  audienceIds: string[];
  createdAt: string;
}

export const SUPPRESSION_LIMITS = { emailMax: 320, queryMax: 320 } as const;

export const suppressionId = (hex: string): string => `sup_${hex}`;

/** A hard bounce suppression is permanent; complaint and manual ones can be removed. */
export const isRemovable = (s: Pick<Suppression, 'reason'>): boolean => s.reason !== 'bounce';

/** An unsubscribe can be taken back only when a team recorded it (source `manual`). */
export const isUnsubscribeRemovable = (u: Pick<Unsubscribe, 'source'>): boolean => u.source === 'manual';

export function assertRemovable(s: Suppression): void {
  if (!isRemovable(s)) {
    throw new AppError('suppression_not_removable', `${s.email} bounced hard; a bounce suppression is permanent.`, 'id');
  }
}

export function assertUnsubscribeRemovable(u: Unsubscribe): void {
  if (!isUnsubscribeRemovable(u)) {
    throw new AppError('unsubscribe_not_removable', `Only an unsubscribe recorded by the team (source \`manual\`) can be taken back; this one came by \`${u.source}\`.`, 'email');
  }
}

export const suppressionView = (s: Suppression) => ({
  object: 'suppression' as const, id: s.id, email: s.email, reason: s.reason, detail: s.detail, removable: isRemovable(s), createdAt: s.createdAt,
});
export type SuppressionView = ReturnType<typeof suppressionView>;

export const unsubscribeView = (u: Unsubscribe) => ({
  object: 'unsubscribe' as const, email: u.email, source: u.source, broadcastId: u.broadcastId, automationId: u.automationId,
  removable: isUnsubscribeRemovable(u), createdAt: u.createdAt,
});
export type UnsubscribeView = ReturnType<typeof unsubscribeView>;
