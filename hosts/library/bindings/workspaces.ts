import { T } from '../../../core/ports/tokens.ts';
import { ListWorkspaces } from '../../../core/workspaces/list-workspaces.ts';
import { CreateWorkspace } from '../../../core/workspaces/create-workspace.ts';
import { ActiveWorkspace } from '../../../core/workspaces/get-active-workspace.ts';
import { DeleteWorkspace } from '../../../core/workspaces/delete-workspace.ts';
import { AccountNotifications } from '../../../core/account/notifications.ts';
import { AccountUsername } from '../../../core/account/account-username.ts';
import { ListConnectedApps } from '../../../core/account/list-connected-apps.ts';
import { GetSettings } from '../../../core/settings/get-settings.ts';
import { UpdateSettings } from '../../../core/settings/update-settings.ts';
import { GetBranding } from '../../../core/branding/get-branding.ts';
import { UpdateBranding } from '../../../core/branding/update-branding.ts';
import { PutBrandImage } from '../../../core/branding/put-brand-image.ts';
import { DeleteBrandImage } from '../../../core/branding/delete-brand-image.ts';
import { GetPublicImage } from '../../../core/branding/get-public-image.ts';
import { ImageSlots } from '../../../core/branding/image-slots.ts';
import { IMAGE_LIMITS } from '../../../core/branding/image-intake.ts';
import { AccountPhoto } from '../../../core/account/account-photo.ts';
import { JimpImageProcessor } from '../../../adapters/images-jimp/image-processor.jimp.ts';
import type { Binder } from './binder.ts';

/** Workspaces, the account, settings, branding and images. */
export function bindWorkspaces({ make, value, config }: Binder): void {
  make(T.ListWorkspaces, [T.Store], (s) => new ListWorkspaces(s));
  make(T.CreateWorkspace, [T.Store, T.Ids, T.Clock], (s, i, c) => new CreateWorkspace(s, i, c));
  make(T.ActiveWorkspace, [T.Store], (s) => new ActiveWorkspace(s));
  make(T.DeleteWorkspace, [T.Store, T.Clock], (s, c) => new DeleteWorkspace(s, c));
  make(T.AccountNotifications, [T.Store], (s) => new AccountNotifications(s));
  make(T.AccountUsername, [T.Store, T.Clock], (s, c) => new AccountUsername(s, c, config.accountDomain));
  make(T.ListConnectedApps, [T.Store, T.Clock], (s, c) => new ListConnectedApps(s, c));
  value(T.ImageProcessor, new JimpImageProcessor());
  value(T.ImageSlots, new ImageSlots(IMAGE_LIMITS.concurrent));
  make(T.GetSettings, [T.Store], (s) => new GetSettings(s));
  make(T.UpdateSettings, [T.Store, T.Clock, T.HtmlSanitizer], (s, c, h) => new UpdateSettings(s, c, h));
  make(T.GetBranding, [T.Store], (s) => new GetBranding(s));
  make(T.UpdateBranding, [T.Store, T.Clock], (s, c) => new UpdateBranding(s, c));
  make(T.PutBrandImage, [T.Store, T.BlobStore, T.ImageProcessor, T.ImageSlots, T.Ids, T.Clock], (s, b, p, sl, i, c) => new PutBrandImage(s, b, p, sl, i, c));
  make(T.DeleteBrandImage, [T.Store, T.BlobStore, T.Clock], (s, b, c) => new DeleteBrandImage(s, b, c));
  make(T.GetPublicImage, [T.Store, T.BlobStore], (s, b) => new GetPublicImage(s, b));
  make(T.AccountPhoto, [T.Store, T.BlobStore, T.ImageProcessor, T.ImageSlots, T.Ids, T.Clock], (s, b, p, sl, i, c) => new AccountPhoto(s, b, p, sl, i, c));
}
