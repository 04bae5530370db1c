import { AppError } from '../kernel/errors.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import type { Clock } from '../ports/clock.ts';
import type { FittedImage } from '../ports/image-processor.ts';
import type { IdSource } from '../ports/id-source.ts';
import { IMAGE_LIMITS } from './image-intake.ts';

/**
 * A processed picture (brand image or account photo) in the blob store. It is served to anybody at its URL (a
 * sign-in page and a mail client show it without a credential); the id is 12 random bytes, so URLs cannot be
 * guessed, and a new upload always gets a new id, so a URL's bytes never change.
 */
export interface StoredImage { id: string; blobRef: string; width: number; height: number; sizeBytes: number; createdAt: string }

export const IMAGE_ID = /^img_[0-9a-f]{24}$/;
export const PUBLIC_IMAGES_PATH = '/v1/public/images/';

/** On the API address the request came to (`origin`); without one, the path alone, relative to the API address. */
export const imageUrl = (origin: string | null, id: string): string => `${origin ?? ''}${PUBLIC_IMAGES_PATH}${id}`;

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> { yield bytes; }

/** Writes the WebP bytes; a store failure is 502 `image_not_stored` (spec: Errors — worth retrying). */
export async function putImage(blobs: BlobStore, ids: IdSource, clock: Clock, image: FittedImage): Promise<StoredImage> {
  try {
    const blob = await blobs.put(once(image.bytes), { maxBytes: IMAGE_LIMITS.maxBytes * 4 });
    return {
      id: `img_${ids.hex(12)}`, blobRef: blob.ref, width: image.width, height: image.height, sizeBytes: blob.sizeBytes,
      createdAt: clock.now().toISOString(),
    };
  } catch {
    throw new AppError('image_not_stored', 'The image could not be stored; try again.');
  }
}

/** Removing bytes nobody points at any more; a failure only leaves an orphan blob behind. */
export const discardBlob = (blobs: BlobStore, ref: string | null | undefined): Promise<void> =>
  ref ? blobs.remove(ref).catch(() => undefined) : Promise.resolve();
