import type { Caller } from '../auth/caller.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { VARIANT_NAMES, type Brand, type ImageVariant } from './brand.ts';
import { imageUrl } from './stored-image.ts';

/**
 * The brand as the API shows it (spec: "exact field names: not shown"; these are ours):
 * - `images`: one URL per variant, keyed by the variant names of PUT /branding/images/{variant} (`mark`,
 *   `wordmark`, `wordmark-dark`, `login-background`); null where none is uploaded. URLs are public
 *   (`<origin>/v1/public/images/img_<24 hex>`) and change with every upload.
 * - `fonts`: `{primary, secondary}`, each a font name or null for the default.
 * - `loginBackground`: `{kind, preset, color, logo}` or null for the default sign-in page.
 * - `editable`: whether this caller may change the brand (a team workspace, a caller reaching every address,
 *   holding settings:write).
 * A personal space has no brand: `images`, `fonts` and `loginBackground` null, `editable` false.
 */
export function brandView(brand: Brand, workspace: Workspace, caller: Caller, origin: string | null) {
  const personal = workspace.kind === 'personal';
  const images = personal ? null : Object.fromEntries(
    VARIANT_NAMES.map((v: ImageVariant) => [v, brand.images[v] ? imageUrl(origin, brand.images[v]!) : null]),
  ) as Record<ImageVariant, string | null>;
  return {
    object: 'brand' as const,
    workspaceId: workspace.id,
    editable: !personal && caller.reachesAll && caller.scopes.has('settings:write'),
    images,
    fonts: personal ? null : { ...brand.fonts },
    loginBackground: personal || !brand.loginBackground ? null : { ...brand.loginBackground },
    updatedAt: personal ? null : brand.updatedAt,
  };
}

export type BrandView = ReturnType<typeof brandView>;
