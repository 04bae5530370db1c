import type { Caller } from '../auth/caller.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';
import { defaultBrand, withBackground, type Brand } from './brand.ts';
import { parseLoginBackground, patchedFonts, type BrandPatch } from './brand-input.ts';
import { brandOf, requireBrandEditor, requireTeamWorkspace } from './brand-access.ts';
import { brandView, type BrandView } from './brand-view.ts';

/** spec: PATCH /branding. Omitted fields stay; the answer is the whole brand (host contract). */
export class UpdateBranding {
  constructor(private readonly store: Store, private readonly clock: Clock) {}

  async execute(caller: Caller, patch: BrandPatch, origin: string | null = null): Promise<BrandView> {
    requireBrandEditor(caller);
    const { workspace, brand: seen } = await brandOf(this.store, caller);
    // Validation before state (host contract): the body is judged before a personal space is refused.
    if (patch.fonts) patchedFonts(patch.fonts, seen.fonts);
    if (patch.loginBackground !== undefined) parseLoginBackground(patch.loginBackground, seen.loginBackground);
    requireTeamWorkspace(workspace);
    if (patch.fonts === undefined && patch.loginBackground === undefined) return brandView(seen, workspace, caller, origin);

    return this.store.transaction(async (tx) => {
      await tx.branding.lock(workspace.id);
      const current = (await tx.branding.get(workspace.id)) ?? defaultBrand(workspace.id);
      const at = this.clock.now().toISOString();
      let next: Brand = { ...current, fonts: patchedFonts(patch.fonts, current.fonts), updatedAt: at };
      if (patch.loginBackground !== undefined) next = withBackground(next, parseLoginBackground(patch.loginBackground, current.loginBackground), at);
      await tx.branding.save(next);
      return brandView(next, workspace, caller, origin);
    });
  }
}
