import { AppError, invalid } from '../kernel/errors.ts';
import { visibleLabel } from './label-access.ts';
import { labelBackground, labelInstructions, labelName } from './label-input.ts';
import { assertNameFree, assertUnderAiLabelLimit, nameTaken, requireAiPlan } from './label-rules.ts';
import { labelView, type LabelView } from './label-view.ts';
import type { Label } from './label.ts';
import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';

export interface UpdateLabelInput {
  name?: string;
  color?: unknown;
  aiInstructions?: string | null;
  aiEnabled?: boolean;
}

const FIELDS = ['name', 'color', 'aiInstructions', 'aiEnabled'] as const;
const CHANGEABLE = ['name', 'backgroundColor', 'aiInstructions', 'aiEnabled'] as const;

/**
 * spec: PATCH /labels/{id}. Omitted fields stay; the id never changes, even on a rename. `color` null (or an empty
 * background) clears the colour; `aiInstructions` null clears them and turns AI off.
 */
export class UpdateLabel {
  constructor(private readonly store: Store, private readonly clock: Clock) {}

  async execute(caller: Caller, id: string, input: UpdateLabelInput): Promise<LabelView> {
    if (!FIELDS.some((f) => input[f] !== undefined)) {
      throw new AppError('invalid_parameter', `Give at least one of ${FIELDS.join(', ')}.`, null);
    }
    const name = input.name === undefined ? undefined : labelName(input.name);
    const background = input.color === undefined ? undefined : labelBackground(input.color);
    const instructions = input.aiInstructions === undefined ? undefined : labelInstructions(input.aiInstructions);
    if (instructions === null && input.aiEnabled === true) {
      throw invalid('aiEnabled', 'Clearing `aiInstructions` turns AI off; do not turn it on in the same change.');
    }
    const asksForAi = input.aiEnabled === true || (instructions !== undefined && instructions !== null);

    return this.store.transaction(async (tx) => {
      await tx.labels.lockWorkspace(caller.workspaceId);
      const { threadCount, ...label } = await visibleLabel(tx, caller, id);
      const next: Label = { ...label };
      if (name !== undefined) next.name = name;
      if (background !== undefined) next.backgroundColor = background;
      if (instructions !== undefined) next.aiInstructions = instructions;
      if (instructions === null) next.aiEnabled = false;
      if (input.aiEnabled !== undefined) next.aiEnabled = input.aiEnabled;

      if (asksForAi) await requireAiPlan(tx, caller.workspaceId, input.aiEnabled === true ? 'aiEnabled' : 'aiInstructions');
      if (next.aiEnabled && !label.aiEnabled) await assertUnderAiLabelLimit(tx, caller.workspaceId);
      if (next.name !== label.name) await assertNameFree(tx, caller.workspaceId, next.name, label.id);

      if (CHANGEABLE.every((f) => next[f] === label[f])) return labelView({ ...label, threadCount });
      if (!(await tx.labels.update({ ...next, updatedAt: this.clock.now().toISOString() }))) throw nameTaken(next.name);
      return labelView(await visibleLabel(tx, caller, label.id));
    });
  }
}
