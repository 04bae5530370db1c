import type { Caller } from '../auth/caller.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { ImageProcessor } from '../ports/image-processor.ts';
import type { Store } from '../ports/repositories.ts';
import { defaultBrand, IMAGE_VARIANTS, imageVariant, withImage } from './brand.ts';
import { brandOf, requireBrandEditor, requireTeamWorkspace } from './brand-access.ts';
import { brandView, type BrandView } from './brand-view.ts';
import { receiveImage, type ImageUpload } from './image-intake.ts';
import type { ImageSlots } from './image-slots.ts';
import { discardBlob, putImage } from './stored-image.ts';

/**
 * spec: PUT /branding/images/{variant}. The picture is judged and processed first (422 `invalid_image`, 503
 * `image_busy`), then a personal space is refused (409: state after validation, host contract), then the WebP is
 * stored (502 `image_not_stored`) and the brand points at it. The image it replaces is removed after commit.
 */
export class PutBrandImage {
  constructor(
    private readonly store: Store, private readonly blobs: BlobStore, private readonly processor: ImageProcessor,
    private readonly slots: ImageSlots, private readonly ids: IdSource, private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, variantName: string, upload: ImageUpload, origin: string | null = null): Promise<BrandView> {
    requireBrandEditor(caller);
    const variant = imageVariant(variantName);
    const fitted = await receiveImage(this.slots, this.processor, upload, IMAGE_VARIANTS[variant]);
    const { workspace } = await brandOf(this.store, caller);
    requireTeamWorkspace(workspace);
    const image = await putImage(this.blobs, this.ids, this.clock, fitted);

    let replaced: string | null = null;
    try {
      const view = await this.store.transaction(async (tx) => {
        await tx.branding.lock(workspace.id);
        const current = (await tx.branding.get(workspace.id)) ?? defaultBrand(workspace.id);
        await tx.branding.insertImage(image, { workspaceId: workspace.id });
        const next = withImage(current, variant, image.id, image.createdAt);
        await tx.branding.save(next);
        const old = current.images[variant];
        if (old) replaced = (await tx.branding.deleteImage(old))?.blobRef ?? null;
        return brandView(next, workspace, caller, origin);
      });
      await discardBlob(this.blobs, replaced);
      return view;
    } catch (err) {
      await discardBlob(this.blobs, image.blobRef);
      throw err;
    }
  }
}
