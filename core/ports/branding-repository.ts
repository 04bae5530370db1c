import type { Brand } from '../branding/brand.ts';
import type { StoredImage } from '../branding/stored-image.ts';

export type ImageOwner = { workspaceId: string } | { userId: string };

/**
 * Brands, and the stored images that brands and account photos point at (one table of images, so one public
 * route serves them all).
 */
export interface BrandingRepository {
  /** Null when the workspace never changed its brand. */
  get(workspaceId: string): Promise<Brand | null>;
  /** Writes the whole brand (insert or replace). */
  save(brand: Brand): Promise<void>;
  /** Holds the workspace's brand until the transaction ends, so two changes cannot both start from one state. */
  lock(workspaceId: string): Promise<void>;
  /** `owner`: the workspace of a brand image or the person of a photo; deleting the owner deletes the record. */
  insertImage(image: StoredImage, owner: ImageOwner): Promise<void>;
  image(id: string): Promise<StoredImage | null>;
  /** Removes the record and returns it (null when it was not there); the caller removes the bytes after commit. */
  deleteImage(id: string): Promise<StoredImage | null>;
  /** The stored image id of a person's photo, or null. */
  accountPhoto(userId: string): Promise<string | null>;
  setAccountPhoto(userId: string, imageId: string | null, at: string): Promise<void>;
  /** Holds the person's photo until the transaction ends. */
  lockAccountPhoto(userId: string): Promise<void>;
}
