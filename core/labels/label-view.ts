import { textColorFor } from './contrast.ts';
import { paletteGradient } from './label-palette.ts';
import type { CountedLabel } from './label.ts';

/** spec: Resources — Label. `textColor` is worked out from the stored background on every read. */
export function labelColor(background: string | null): { backgroundColor: string; textColor: string } | null {
  if (background === null) return null;
  const textColor = paletteGradient(background)?.textColor ?? textColorFor(background);
  return textColor === null ? null : { backgroundColor: background, textColor };
}

/** What every read of a label shows. */
export function labelView(label: CountedLabel) {
  return {
    id: label.id,
    object: 'label' as const,
    name: label.name,
    color: labelColor(label.backgroundColor),
    threadCount: label.threadCount,
    aiInstructions: label.aiInstructions,
    aiEnabled: label.aiEnabled,
    createdAt: label.createdAt,
    updatedAt: label.updatedAt,
  };
}

export type LabelView = ReturnType<typeof labelView>;
