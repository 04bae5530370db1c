import type { AccessToken } from '../auth/access-token.ts';
import type { Workspace } from '../workspaces/workspace.ts';

export interface NotificationPreferences { emailOff: string[]; mutedWorkspaces: string[] }

export interface UsernameRecord { userId: string; username: string; chosenAt: string | null }

/** What a person's account holds across workspaces: their workspaces, preferences, username and apps. */
export interface AccountRepository {
  /** Workspaces the person owns or is a member of, oldest first. */
  workspacesOf(userId: string): Promise<Workspace[]>;
  deleteWorkspace(id: string): Promise<void>;
  /** The workspace an app has open; null when it never switched. */
  openedWorkspace(tokenId: string): Promise<string | null>;
  setOpenedWorkspace(tokenId: string, workspaceId: string): Promise<void>;
  preferences(userId: string): Promise<NotificationPreferences>;
  savePreferences(userId: string, prefs: NotificationPreferences): Promise<void>;
  username(userId: string): Promise<UsernameRecord | null>;
  /** The owner of `username`, whoever it is. */
  usernameOwner(username: string): Promise<string | null>;
  /** Sets the username; false when another person holds it (the unique index decides, so races are safe). */
  saveUsername(record: UsernameRecord): Promise<boolean>;
  /** Every access token the person's apps hold, oldest first. */
  tokensOf(userId: string): Promise<AccessToken[]>;
}
