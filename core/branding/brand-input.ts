import { AppError, invalid } from '../kernel/errors.ts';
import {
  BACKGROUND_COLOR, BACKGROUND_KINDS, BACKGROUND_PRESETS, BRAND_FONTS, LOGO_TONES,
  type Brand, type BrandFont, type LoginBackground,
} from './brand.ts';

// spec: PATCH /branding — the body's rules. Omitted fields stay; `loginBackground: null` is the default page.

export interface BrandPatch {
  fonts?: { primary?: string | null; secondary?: string | null };
  loginBackground?: unknown;
}

const FIELDS = ['kind', 'preset', 'color', 'logo'];
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);

function font(value: string | null | undefined, current: BrandFont | null, param: string): BrandFont | null {
  if (value === undefined) return current;
  if (value === null || oneOf(BRAND_FONTS, value)) return value;
  throw invalid(param, `A font is null or one of ${BRAND_FONTS.join(', ')}.`);
}

export function patchedFonts(patch: BrandPatch['fonts'], current: Brand['fonts']): Brand['fonts'] {
  if (!patch) return current;
  return { primary: font(patch.primary, current.primary, 'fonts.primary'), secondary: font(patch.secondary, current.secondary, 'fonts.secondary') };
}

/**
 * The background asked for. `kind` is required; `preset` for a preset and `color` for a colour; `logo`, when
 * omitted, stays as it was. What does not belong to the kind is not kept (the earlier choice is remembered by
 * the brand itself, see `backgroundBeforeImage`).
 */
export function parseLoginBackground(raw: unknown, current: LoginBackground | null): LoginBackground | null {
  if (raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalid('loginBackground', '`loginBackground` is an object or null.');
  const input = raw as Record<string, unknown>;
  const unknown = Object.keys(input).find((k) => !FIELDS.includes(k));
  if (unknown) throw new AppError('unknown_parameter', `Unknown parameter \`loginBackground.${unknown}\`.`, `loginBackground.${unknown}`);
  if (input.kind === undefined) throw invalid('loginBackground.kind', '`loginBackground.kind` is required.');
  if (!oneOf(BACKGROUND_KINDS, input.kind)) throw invalid('loginBackground.kind', `\`kind\` is one of ${BACKGROUND_KINDS.join(', ')}.`);
  const kind = input.kind;
  if (input.preset !== undefined && input.preset !== null && !oneOf(BACKGROUND_PRESETS, input.preset)) {
    throw invalid('loginBackground.preset', `A preset is one of ${BACKGROUND_PRESETS.join(', ')}.`);
  }
  if (input.color !== undefined && input.color !== null && !(typeof input.color === 'string' && BACKGROUND_COLOR.test(input.color))) {
    throw invalid('loginBackground.color', 'A colour is `#` and six lower-case hex digits, e.g. `#1a2b3c`.');
  }
  if (input.logo !== undefined && input.logo !== null && !oneOf(LOGO_TONES, input.logo)) {
    throw invalid('loginBackground.logo', '`logo` is dark, light or null.');
  }
  const preset = (input.preset ?? null) as LoginBackground['preset'];
  const color = (input.color ?? null) as string | null;
  if (kind === 'preset' && preset === null) throw invalid('loginBackground.preset', 'A preset background needs `preset`.');
  if (kind === 'color' && color === null) throw invalid('loginBackground.color', 'A colour background needs `color`.');
  const logo = input.logo === undefined ? (current?.logo ?? null) : (input.logo as LoginBackground['logo']);
  return { kind, preset: kind === 'preset' ? preset : null, color: kind === 'color' ? color : null, logo };
}
