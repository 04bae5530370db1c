import type { FileDirection, FileKind, FileSort, FileUsage, StoredFile } from '../files/file.ts';
import type { Position } from '../kernel/paging.ts';

/** What a narrowed caller reaches: files delivered to these addresses or to any address of these domains. */
export interface FileReach { addresses: string[]; domains: string[] }

export interface FileQuery {
  /** null: every file of the workspace. */
  reach: FileReach | null;
  /** Lower-cased; matched anywhere in the lower-cased name. */
  q?: string;
  kind?: FileKind;
  direction?: FileDirection;
  /** Lower-cased delivered-to address. */
  address?: string;
  since?: string;
  until?: string;
  sort: FileSort;
}

/** One cell of the stats table: live files of one kind (null: none of the listed kinds) and direction. */
export interface FileTally { kind: FileKind | null; direction: FileDirection; count: number; bytes: number }

export interface FileLink {
  id: string; workspaceId: string; fileId: string; tokenHash: string; createdAt: string; revokedAt: string | null;
}

// Deleted files keep their row (`deletedAt` set): `get` returns them, lists, stats and storage leave them out.
export interface FileRepository {
  get(workspaceId: string, id: string): Promise<StoredFile | null>;
  /**
   * Live files in the sort's order, strictly after `after`: newest `[createdAt, id]` desc, oldest `[createdAt, id]`
   * asc, largest `[sizeBytes, id]` desc, name `[lower-cased name, id]` asc.
   */
  list(workspaceId: string, query: FileQuery, after: Position | null, limit: number): Promise<StoredFile[]>;
  stats(workspaceId: string, reach: FileReach | null): Promise<FileTally[]>;
  /** Uploads (deleted ones too) created at or after `since`, and the oldest of their times. */
  uploadsSince(workspaceId: string, since: string): Promise<{ count: number; oldest: string | null }>;
  /** Bytes of live uploads: what counts against the plan's upload storage. */
  uploadedBytes(workspaceId: string): Promise<number>;
  /**
   * Holds the workspace's upload quota until the transaction ends, so two uploads cannot both take the last
   * slot or the last bytes. Call inside a transaction.
   */
  lockUploads(workspaceId: string): Promise<void>;
  insert(file: StoredFile): Promise<void>;
  /** Marks a live file deleted; false when it was already deleted or does not exist. */
  markDeleted(workspaceId: string, id: string, at: string): Promise<boolean>;
  /** Mail areas set how a file is used (attached, linked, scheduled); tests use it to make files in use. */
  setUsage(workspaceId: string, id: string, usage: FileUsage | null): Promise<void>;

  insertLink(link: FileLink): Promise<void>;
  /** Oldest first. */
  links(workspaceId: string, fileId: string): Promise<FileLink[]>;
  link(workspaceId: string, fileId: string, linkId: string): Promise<FileLink | null>;
  linkByTokenHash(tokenHash: string): Promise<FileLink | null>;
  /** Sets `revokedAt` on the link unless already revoked. */
  revokeLink(workspaceId: string, linkId: string, at: string): Promise<void>;
  /** Revokes every open link of the file; returns how many it revoked. */
  revokeLinks(workspaceId: string, fileId: string, at: string): Promise<number>;
}
