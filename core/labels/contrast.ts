// spec: Resources — Label. `textColor` is computed, never taken from input: black or white, whichever contrasts
// more with the background under WCAG 2 relative luminance.

export const BLACK = '#000000';
export const WHITE = '#FFFFFF';

/** `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`, any case. */
export const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export interface Rgba { r: number; g: number; b: number; a: number }

/** The channels of a hex colour (0..255, alpha 0..1); null when it is not one of the four hex forms. */
export function parseHex(hex: string): Rgba | null {
  if (!HEX_COLOR.test(hex)) return null;
  const digits = hex.slice(1);
  const short = digits.length <= 4;
  const channel = (i: number) => parseInt(short ? digits[i]!.repeat(2) : digits.slice(i * 2, i * 2 + 2), 16);
  const count = short ? digits.length : digits.length / 2;
  return { r: channel(0), g: channel(1), b: channel(2), a: count === 4 ? channel(3) / 255 : 1 };
}

/** `#RRGGBB` in upper case. */
export const toHex = (c: Pick<Rgba, 'r' | 'g' | 'b'>): string =>
  `#${[c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

const linear = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/**
 * WCAG 2 relative luminance. A translucent colour is first laid over white, the page a label chip sits on,
 * so that `#00000000` (fully transparent) reads as white rather than black.
 */
export function relativeLuminance(c: Rgba): number {
  const over = (v: number) => v * c.a + 255 * (1 - c.a);
  return 0.2126 * linear(over(c.r)) + 0.7152 * linear(over(c.g)) + 0.0722 * linear(over(c.b));
}

/** WCAG contrast ratio of two luminances, 1 to 21. */
export const contrastRatio = (l1: number, l2: number): number => (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);

/** Black or white text for a background of luminance `luminance`; a tie goes to black. */
export function textColorForLuminance(luminance: number): string {
  return contrastRatio(luminance, 0) >= contrastRatio(luminance, 1) ? BLACK : WHITE;
}

/** Black or white text over a hex background; null when `hex` is not a hex colour. */
export function textColorFor(hex: string): string | null {
  const c = parseHex(hex);
  return c ? textColorForLuminance(relativeLuminance(c)) : null;
}
