import { AppError, invalid } from '../kernel/errors.ts';
import { HEX_COLOR } from './contrast.ts';
import { GRADIENT_PREFIX, paletteGradient } from './label-palette.ts';
import { LABEL_LIMITS } from './label.ts';

// spec: Resources — Label. The rules for the fields create and update share, checked once here.

/** PostgreSQL text cannot hold NUL, and no label name needs a control character. */
const CONTROL = /[\u0000-\u001f\u007f]/u;
const codePoints = (s: string) => [...s].length;

export function labelName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (codePoints(trimmed) < 1 || codePoints(trimmed) > LABEL_LIMITS.nameMax) {
    throw invalid('name', `A label name is 1 to ${LABEL_LIMITS.nameMax} characters.`);
  }
  if (CONTROL.test(trimmed)) throw invalid('name', 'A label name cannot contain control characters.');
  return trimmed;
}

/** Up to 500 characters; null, empty or blank means none. */
export function labelInstructions(instructions: unknown): string | null {
  if (instructions === null || instructions === undefined) return null;
  if (typeof instructions !== 'string') throw invalid('aiInstructions', '`aiInstructions` is a string or null.');
  const trimmed = instructions.trim();
  if (codePoints(trimmed) > LABEL_LIMITS.instructionsMax) {
    throw invalid('aiInstructions', `AI instructions are at most ${LABEL_LIMITS.instructionsMax} characters.`);
  }
  if (trimmed.includes('\0')) throw invalid('aiInstructions', 'AI instructions cannot contain NUL characters.');
  return trimmed || null;
}

const BACKGROUND_MAX = 32;

/**
 * `color` is null or `{backgroundColor, textColor?}`; `textColor` is computed and ignored on input. Returns the
 * background to store: a hex value in upper case or a palette gradient token; null (and an empty background)
 * clears the colour.
 */
export function labelBackground(color: unknown): string | null {
  if (color === null) return null;
  if (typeof color !== 'object' || Array.isArray(color)) throw invalid('color', '`color` is null or an object with `backgroundColor`.');
  for (const key of Object.keys(color)) {
    if (key !== 'backgroundColor' && key !== 'textColor') throw new AppError('unknown_parameter', `Unknown parameter \`color.${key}\`.`, `color.${key}`);
  }
  const raw = (color as { backgroundColor?: unknown }).backgroundColor;
  const param = 'color.backgroundColor';
  if (raw === null) return null;
  if (typeof raw !== 'string') throw invalid(param, '`backgroundColor` is a hex colour or a palette gradient.');
  const value = raw.trim();
  if (!value) return null;
  if (value.length > BACKGROUND_MAX) throw invalid(param, `\`backgroundColor\` is at most ${BACKGROUND_MAX} characters.`);
  if (HEX_COLOR.test(value)) return value.toUpperCase();
  if (value.toLowerCase().startsWith(GRADIENT_PREFIX)) {
    const gradient = paletteGradient(value.toLowerCase());
    if (gradient) return gradient.value;
    throw invalid(param, 'Unknown gradient: pick one from GET /labels/colors.');
  }
  throw invalid(param, '`backgroundColor` is #RGB, #RGBA, #RRGGBB, #RRGGBBAA or a gradient from GET /labels/colors.');
}
