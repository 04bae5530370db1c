import type { Caller } from '../auth/caller.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/id-source.ts';
import type { ImageProcessor } from '../ports/image-processor.ts';
import type { Store } from '../ports/repositories.ts';
import { receiveImage, type ImageRule, type ImageUpload } from '../branding/image-intake.ts';
import type { ImageSlots } from '../branding/image-slots.ts';
import { discardBlob, imageUrl, putImage } from '../branding/stored-image.ts';

/** spec: PUT /account/photo — png, jpeg, webp or gif (no SVG), stored as WebP fitted in a 512 px square. */
export const ACCOUNT_PHOTO: ImageRule = { accepts: ['png', 'jpeg', 'webp', 'gif'], box: { width: 512, height: 512 } };

/**
 * spec: PUT and DELETE /account/photo. The photo is the person's (whichever workspace the caller is in), so a
 * narrowed caller may change it too. The answer is `{url}`; DELETE answers `{url: null}` and may be repeated.
 */
export class AccountPhoto {
  constructor(
    private readonly store: Store, private readonly blobs: BlobStore, private readonly processor: ImageProcessor,
    private readonly slots: ImageSlots, private readonly ids: IdSource, private readonly clock: Clock,
  ) {}

  async put(caller: Caller, upload: ImageUpload, origin: string | null = null): Promise<{ url: string }> {
    const fitted = await receiveImage(this.slots, this.processor, upload, ACCOUNT_PHOTO);
    const image = await putImage(this.blobs, this.ids, this.clock, fitted);
    try {
      const replaced = await this.store.transaction(async (tx) => {
        await tx.branding.lockAccountPhoto(caller.userId);
        const old = await tx.branding.accountPhoto(caller.userId);
        await tx.branding.insertImage(image, { userId: caller.userId });
        await tx.branding.setAccountPhoto(caller.userId, image.id, image.createdAt);
        return old ? (await tx.branding.deleteImage(old))?.blobRef : null;
      });
      await discardBlob(this.blobs, replaced);
      return { url: imageUrl(origin, image.id) };
    } catch (err) {
      await discardBlob(this.blobs, image.blobRef);
      throw err;
    }
  }

  async delete(caller: Caller): Promise<{ url: null }> {
    const removed = await this.store.transaction(async (tx) => {
      await tx.branding.lockAccountPhoto(caller.userId);
      const old = await tx.branding.accountPhoto(caller.userId);
      if (!old) return null;
      await tx.branding.setAccountPhoto(caller.userId, null, this.clock.now().toISOString());
      return (await tx.branding.deleteImage(old))?.blobRef ?? null;
    });
    await discardBlob(this.blobs, removed);
    return { url: null };
  }
}
