import type { Knex } from 'knex';
import type { Brand } from '../../core/branding/brand.ts';
import type { StoredImage } from '../../core/branding/stored-image.ts';
import type { BrandingRepository, ImageOwner } from '../../core/ports/branding-repository.ts';
import { dialectOf } from './dialect.ts';
import { fromJson, toJson, toNumber, unstorable } from './values.ts';

interface BrandRow {
  workspace_id: string; fonts: string; login_background: string | null; background_before_image: string | null;
  images: string; updated_at: string | null;
}
interface ImageRow { id: string; blob_ref: string; width: unknown; height: unknown; size_bytes: unknown; created_at: string }

const nullableJson = <T>(v: string | null): T | null => (v === null ? null : fromJson<T>(v));

const brandFromRow = (r: BrandRow): Brand => ({
  workspaceId: r.workspace_id, fonts: fromJson(r.fonts), loginBackground: nullableJson(r.login_background),
  backgroundBeforeImage: nullableJson(r.background_before_image), images: fromJson(r.images), updatedAt: r.updated_at ?? null,
});

const imageFromRow = (r: ImageRow): StoredImage => ({
  id: r.id, blobRef: r.blob_ref, width: toNumber(r.width), height: toNumber(r.height), sizeBytes: toNumber(r.size_bytes), createdAt: r.created_at,
});

export class KnexBrandingRepository implements BrandingRepository {
  constructor(private readonly db: Knex) {}

  async get(workspaceId: string): Promise<Brand | null> {
    const row = await this.db<BrandRow>('brands').where({ workspace_id: workspaceId }).first();
    return row ? brandFromRow(row) : null;
  }

  async save(b: Brand): Promise<void> {
    const changes = {
      fonts: toJson(b.fonts), login_background: b.loginBackground ? toJson(b.loginBackground) : null,
      background_before_image: b.backgroundBeforeImage ? toJson(b.backgroundBeforeImage) : null,
      images: toJson(b.images), updated_at: b.updatedAt,
    };
    await this.db('brands').insert({ workspace_id: b.workspaceId, ...changes }).onConflict('workspace_id').merge(changes);
  }

  async lock(workspaceId: string): Promise<void> {
    await this.advisoryLock(`brand:${workspaceId}`);
  }

  async insertImage(i: StoredImage, owner: ImageOwner): Promise<void> {
    await this.db('images').insert({
      id: i.id, workspace_id: 'workspaceId' in owner ? owner.workspaceId : null, user_id: 'userId' in owner ? owner.userId : null,
      blob_ref: i.blobRef, width: i.width, height: i.height, size_bytes: i.sizeBytes, created_at: i.createdAt,
    });
  }

  async image(id: string): Promise<StoredImage | null> {
    if (unstorable(id)) return null;
    const row = await this.db<ImageRow>('images').where({ id }).first();
    return row ? imageFromRow(row) : null;
  }

  async deleteImage(id: string): Promise<StoredImage | null> {
    const found = await this.image(id);
    if (found) await this.db('images').where({ id }).delete();
    return found;
  }

  async accountPhoto(userId: string): Promise<string | null> {
    const row = await this.db('account_photos').select('image_id').where({ user_id: userId }).first();
    return row?.image_id ?? null;
  }

  async setAccountPhoto(userId: string, imageId: string | null, at: string): Promise<void> {
    if (imageId === null) {
      await this.db('account_photos').where({ user_id: userId }).delete();
      return;
    }
    const changes = { image_id: imageId, updated_at: at };
    await this.db('account_photos').insert({ user_id: userId, ...changes }).onConflict('user_id').merge(changes);
  }

  async lockAccountPhoto(userId: string): Promise<void> {
    await this.advisoryLock(`account-photo:${userId}`);
  }

  private async advisoryLock(name: string): Promise<void> {
    // SQLite: the store's transactions already hold the database's one write lock from their first statement.
    if (dialectOf(this.db) !== 'postgres') return;
    await this.db.raw('select pg_advisory_xact_lock(hashtext(?))', [name]);
  }
}
