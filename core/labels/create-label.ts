import { visibleLabel } from './label-access.ts';
import { labelBackground, labelInstructions, labelName } from './label-input.ts';
import { assertNameFree, assertUnderAiLabelLimit, assertUnderLabelLimit, nameTaken, requireAiPlan } from './label-rules.ts';
import { labelView, type LabelView } from './label-view.ts';
import { isAiLabel, labelIdFor, type Label } from './label.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';

export interface CreateLabelInput {
  name: string;
  /** null or `{backgroundColor, textColor?}`; checked in core so every error names its exact param. */
  color?: unknown;
  aiInstructions?: string | null;
  aiEnabled?: boolean;
}

/**
 * spec: POST /labels. The id is derived from the name once, here, and never changes. AI is on when asked for,
 * and by default when instructions are given.
 */
export class CreateLabel {
  constructor(private readonly store: Store, private readonly clock: Clock) {}

  async execute(caller: Caller, input: CreateLabelInput): Promise<LabelView> {
    const name = labelName(input.name);
    const backgroundColor = input.color === undefined ? null : labelBackground(input.color);
    const aiInstructions = labelInstructions(input.aiInstructions);
    const aiEnabled = input.aiEnabled ?? aiInstructions !== null;
    const at = this.clock.now().toISOString();
    const label: Label = {
      id: labelIdFor(name), workspaceId: caller.workspaceId, name, backgroundColor, aiInstructions, aiEnabled,
      createdAt: at, updatedAt: at,
    };
    return this.store.transaction(async (tx) => {
      await tx.labels.lockWorkspace(caller.workspaceId);
      if (isAiLabel(label)) await requireAiPlan(tx, caller.workspaceId, aiEnabled ? 'aiEnabled' : 'aiInstructions');
      await assertUnderLabelLimit(tx, caller.workspaceId);
      if (aiEnabled) await assertUnderAiLabelLimit(tx, caller.workspaceId);
      await assertNameFree(tx, caller.workspaceId, name, null);
      // The unique indexes settle a race the check above lost.
      if (!(await tx.labels.insert(label))) throw nameTaken(name);
      return labelView(await visibleLabel(tx, caller, label.id));
    });
  }
}
