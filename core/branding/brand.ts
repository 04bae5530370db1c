import { invalid } from '../kernel/errors.ts';
import type { ImageRule } from './image-intake.ts';

// spec: Resources — Brand; Endpoints — Branding and settings. A team workspace's look: three logo images, a
// sign-in background (preset, colour or photo), and two fonts. A personal space has none.

export const BRAND_FONTS = [
  'system', 'arial', 'helvetica', 'verdana', 'tahoma', 'trebuchet-ms', 'georgia', 'times-new-roman', 'courier-new',
  'dm-sans', 'inter', 'roboto', 'open-sans', 'lato', 'montserrat', 'poppins', 'nunito', 'work-sans', 'source-sans-3',
  'ibm-plex-sans', 'merriweather', 'playfair-display', 'instrument-serif', 'jetbrains-mono', 'dm-mono', 'geist-mono',
] as const;
export const BACKGROUND_PRESETS = [
  'dusk', 'mist', 'sand', 'night', 'meadow', 'dots', 'brush', 'trail', 'ember', 'canvas', 'bloom', 'field', 'wanderer', 'gold',
] as const;
export const BACKGROUND_KINDS = ['preset', 'color', 'image'] as const;
export const LOGO_TONES = ['dark', 'light'] as const;
export const BACKGROUND_COLOR = /^#[0-9a-f]{6}$/;

export type BrandFont = (typeof BRAND_FONTS)[number];
export type ImageVariant = 'mark' | 'wordmark' | 'wordmark-dark' | 'login-background';

/** spec: PUT /branding/images/{variant} — what each variant takes and the box it is fitted into. */
export const IMAGE_VARIANTS: Record<ImageVariant, ImageRule> = {
  mark: { accepts: ['svg', 'png', 'jpeg', 'webp'], box: { width: 512, height: 512 } },
  wordmark: { accepts: ['svg', 'png', 'jpeg', 'webp'], box: { width: 1024, height: 256 } },
  'wordmark-dark': { accepts: ['svg', 'png', 'jpeg', 'webp'], box: { width: 1024, height: 256 } },
  'login-background': { accepts: ['png', 'jpeg', 'webp', 'gif'], box: { width: 2560, height: 1600 } },
};
export const VARIANT_NAMES = Object.keys(IMAGE_VARIANTS) as ImageVariant[];

export function imageVariant(raw: string): ImageVariant {
  if (!(VARIANT_NAMES as string[]).includes(raw)) throw invalid('variant', `The image variant is one of ${VARIANT_NAMES.join(', ')}.`);
  return raw as ImageVariant;
}

/** The sign-in page: `preset` names one of the presets, `color` is `#rrggbb`, `image` shows the uploaded photo. */
export interface LoginBackground {
  kind: (typeof BACKGROUND_KINDS)[number];
  preset: (typeof BACKGROUND_PRESETS)[number] | null;
  color: string | null;
  /** Which logo suits the background: `dark`, `light`, or null for the default. */
  logo: (typeof LOGO_TONES)[number] | null;
}

export interface Brand {
  workspaceId: string;
  fonts: { primary: BrandFont | null; secondary: BrandFont | null };
  /** Null: the default sign-in page. */
  loginBackground: LoginBackground | null;
  /** The preset, colour or default the page showed before it switched to the photo; it comes back when the photo goes. */
  backgroundBeforeImage: LoginBackground | null;
  /** Variant -> stored image id. */
  images: Partial<Record<ImageVariant, string>>;
  updatedAt: string | null;
}

export const defaultBrand = (workspaceId: string): Brand => ({
  workspaceId, fonts: { primary: null, secondary: null }, loginBackground: null, backgroundBeforeImage: null, images: {}, updatedAt: null,
});

/** Shows the photo on the sign-in page, remembering what was shown before (unless that was the photo already). */
function showPhoto(brand: Brand, logo: LoginBackground['logo']): Brand {
  const current = brand.loginBackground;
  const before = current?.kind === 'image' ? brand.backgroundBeforeImage : current;
  return { ...brand, loginBackground: { kind: 'image', preset: null, color: null, logo }, backgroundBeforeImage: before };
}

/** spec: PUT /branding/images/{variant} — a new login-background "also switches the sign-in page to it". */
export function withImage(brand: Brand, variant: ImageVariant, imageId: string, at: string): Brand {
  const next = { ...brand, images: { ...brand.images, [variant]: imageId }, updatedAt: at };
  return variant === 'login-background' ? showPhoto(next, brand.loginBackground?.logo ?? null) : next;
}

/** spec: DELETE /branding/images/{variant} — removing the sign-in photo falls back to the earlier preset, colour or default. */
export function withoutImage(brand: Brand, variant: ImageVariant, at: string): Brand {
  const images = { ...brand.images };
  delete images[variant];
  const next = { ...brand, images, updatedAt: at };
  if (variant !== 'login-background' || brand.loginBackground?.kind !== 'image') return next;
  return { ...next, loginBackground: brand.backgroundBeforeImage, backgroundBeforeImage: null };
}

/** spec: PATCH /branding — `kind` image needs an uploaded photo (422 on `loginBackground.kind`). */
export function withBackground(brand: Brand, background: LoginBackground | null, at: string): Brand {
  if (background?.kind === 'image') {
    if (!brand.images['login-background']) throw invalid('loginBackground.kind', 'Upload a sign-in photo (PUT /branding/images/login-background) before showing it.');
    return { ...showPhoto(brand, background.logo), updatedAt: at };
  }
  return { ...brand, loginBackground: background, backgroundBeforeImage: null, updatedAt: at };
}
