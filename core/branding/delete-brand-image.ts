import type { Caller } from '../auth/caller.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/repositories.ts';
import { defaultBrand, imageVariant, withoutImage } from './brand.ts';
import { brandOf, requireBrandEditor, requireTeamWorkspace } from './brand-access.ts';
import { brandView, type BrandView } from './brand-view.ts';
import { discardBlob } from './stored-image.ts';

/**
 * spec: DELETE /branding/images/{variant} — removes the image and answers the brand; removing an unset image
 * changes nothing; removing the sign-in photo brings back the earlier preset, colour or default.
 */
export class DeleteBrandImage {
  constructor(private readonly store: Store, private readonly blobs: BlobStore, private readonly clock: Clock) {}

  async execute(caller: Caller, variantName: string, origin: string | null = null): Promise<BrandView> {
    requireBrandEditor(caller);
    const variant = imageVariant(variantName);
    const { workspace } = await brandOf(this.store, caller);
    requireTeamWorkspace(workspace);

    let removed: string | null = null;
    const view = await this.store.transaction(async (tx) => {
      await tx.branding.lock(workspace.id);
      const current = (await tx.branding.get(workspace.id)) ?? defaultBrand(workspace.id);
      const imageId = current.images[variant];
      if (!imageId) return brandView(current, workspace, caller, origin);
      const next = withoutImage(current, variant, this.clock.now().toISOString());
      await tx.branding.save(next);
      removed = (await tx.branding.deleteImage(imageId))?.blobRef ?? null;
      return brandView(next, workspace, caller, origin);
    });
    await discardBlob(this.blobs, removed);
    return view;
  }
}
