import type { FileLink } from '../ports/file-repository.ts';

// Public download links (spec: Files — "anybody with the URL can download"). The URL carries a 32-byte random
// token; only its hash is stored, so the database alone never yields a working link.

export const PUBLIC_FILES_PATH = '/v1/public/files/';
export const LINK_ID = /^shr_[0-9a-f]{24}$/;
/** 32 random bytes as base64url. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The link is served from the API address the request came to (`origin`). The spec prefers the domain's files
 * host, then the address's: those hosts arrive with the domains area, which will choose the origin here.
 * Without an origin the URL is the path alone, relative to the API address.
 */
export const linkUrl = (origin: string | null, token: string): string => `${origin ?? ''}${PUBLIC_FILES_PATH}${token}`;

export const linkView = (link: FileLink, url: string | null) => ({
  id: link.id,
  object: 'file_link' as const,
  fileId: link.fileId,
  /** Only the create answer can show the URL: afterwards only the token's hash is known. */
  url,
  createdAt: link.createdAt,
  revokedAt: link.revokedAt,
});

export type FileLinkView = ReturnType<typeof linkView>;
