import { AppError } from '../kernel/errors.ts';
import { labelIdFor, LABEL_LIMITS } from './label.ts';
import type { Store } from '../ports/repositories.ts';

// The conflict and limit rules create and update share (spec: POST /labels, PATCH /labels/{id}).

export const nameTaken = (name: string): AppError =>
  new AppError('label_name_taken', `A label named "${name}" already exists (names are compared ignoring case).`, 'name');

/**
 * 409 when another label has the same name ignoring case, or already holds the id this name derives. Ids are
 * fixed for life, so a label renamed since still holds the id of its first name.
 */
export async function assertNameFree(tx: Store, workspaceId: string, name: string, exceptId: string | null): Promise<void> {
  if (await tx.labels.findClash(workspaceId, labelIdFor(name), name, exceptId)) throw nameTaken(name);
}

/** spec: 403 `plan_required` — AI labels need a paid plan. */
export async function requireAiPlan(tx: Store, workspaceId: string, param: string): Promise<void> {
  const workspace = await tx.directory.workspace(workspaceId);
  if (!workspace || workspace.plan === 'free') {
    throw new AppError('plan_required', 'AI labels need a paid plan; the Free plan has none.', param);
  }
}

export async function assertUnderLabelLimit(tx: Store, workspaceId: string): Promise<void> {
  if ((await tx.labels.count(workspaceId)) >= LABEL_LIMITS.userLabels) {
    throw new AppError('label_limit_reached', `A workspace has at most ${LABEL_LIMITS.userLabels} labels.`, 'name');
  }
}

/** Called only when a label is about to switch AI on: it is not counted yet. */
export async function assertUnderAiLabelLimit(tx: Store, workspaceId: string): Promise<void> {
  if ((await tx.labels.countAiEnabled(workspaceId)) >= LABEL_LIMITS.aiLabels) {
    throw new AppError('ai_label_limit_reached', `At most ${LABEL_LIMITS.aiLabels} labels can be applied by AI.`, 'aiEnabled');
  }
}
