import { BLACK, contrastRatio, parseHex, relativeLuminance, textColorFor, toHex, WHITE } from './contrast.ts';

// spec: Resources — Label, and GET /labels/colors. The palette: 14 solid colours and 7 gradients. A gradient runs
// from `from` to `to` at 135 degrees; `solid` stands in for it where a gradient cannot be drawn.

export const GRADIENT_ANGLE_DEGREES = 135;
export const GRADIENT_PREFIX = 'gradient:';

export interface SolidSwatch { value: string; textColor: string }
export interface GradientSwatch { value: string; textColor: string; from: string; to: string; solid: string }
export type Swatch = SolidSwatch | GradientSwatch;

const SOLIDS = [
  '#EF4444', '#F97316', '#F59E0B', '#EAB308', '#84CC16', '#22C55E', '#14B8A6',
  '#06B6D4', '#3B82F6', '#6366F1', '#8B5CF6', '#EC4899', '#64748B', '#1F2937',
] as const;

const GRADIENTS: ReadonlyArray<{ name: string; from: string; to: string }> = [
  { name: 'sunset', from: '#F97316', to: '#EC4899' },
  { name: 'ocean', from: '#06B6D4', to: '#3B82F6' },
  { name: 'forest', from: '#84CC16', to: '#14B8A6' },
  { name: 'berry', from: '#8B5CF6', to: '#EC4899' },
  { name: 'twilight', from: '#6366F1', to: '#1F2937' },
  { name: 'citrus', from: '#EAB308', to: '#F97316' },
  { name: 'steel', from: '#94A3B8', to: '#475569' },
];

/** The colour halfway along the gradient. */
function midpoint(from: string, to: string): string {
  const a = parseHex(from)!;
  const b = parseHex(to)!;
  return toHex({ r: (a.r + b.r) / 2, g: (a.g + b.g) / 2, b: (a.b + b.b) / 2 });
}

/** The text colour that stays readable over the whole gradient: the one whose worse end contrasts more. */
function textColorOverGradient(from: string, to: string): string {
  const ends = [from, to].map((hex) => relativeLuminance(parseHex(hex)!));
  const worst = (text: number) => Math.min(...ends.map((l) => contrastRatio(l, text)));
  return worst(0) >= worst(1) ? BLACK : WHITE;
}

export const PALETTE: readonly Swatch[] = Object.freeze([
  ...SOLIDS.map((value) => ({ value, textColor: textColorFor(value)! })),
  ...GRADIENTS.map((g) => ({
    value: `${GRADIENT_PREFIX}${g.name}`, textColor: textColorOverGradient(g.from, g.to), from: g.from, to: g.to, solid: midpoint(g.from, g.to),
  })),
]);

const GRADIENT_BY_VALUE = new Map(PALETTE.filter((s): s is GradientSwatch => 'from' in s).map((s) => [s.value, s]));

/** The palette's gradient named by `token` (`gradient:<name>`), or null. */
export const paletteGradient = (token: string): GradientSwatch | null => GRADIENT_BY_VALUE.get(token) ?? null;
