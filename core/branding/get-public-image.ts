import { notFound } from '../kernel/errors.ts';
import { BlobMissing, type BlobStore } from '../ports/blob-store.ts';
import type { Store } from '../ports/repositories.ts';
import { IMAGE_ID, type StoredImage } from './stored-image.ts';

export interface ImageContent { image: StoredImage; bytes: AsyncIterable<Uint8Array> }

/**
 * Serves a stored brand image or account photo to anybody holding its URL (a sign-in page and mail clients show
 * them without a credential). A replaced or removed image, and an id never handed out, are the same 404.
 */
export class GetPublicImage {
  constructor(private readonly store: Store, private readonly blobs: BlobStore) {}

  async execute(id: string): Promise<ImageContent> {
    const image = IMAGE_ID.test(id) ? await this.store.branding.image(id) : null;
    if (!image) throw notFound('image', 'id');
    try {
      return { image, bytes: await this.blobs.open(image.blobRef) };
    } catch (err) {
      if (err instanceof BlobMissing) throw notFound('image', 'id');
      throw err;
    }
  }
}
