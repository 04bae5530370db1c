import type { Signer } from '../ports/crypto.ts';

// spec: Suppression and unsubscribe; RFC 8058. The token in a marketing message's List-Unsubscribe link names the
// workspace and the recipient and is signed with the service key: it cannot be guessed or turned to another
// person, and it needs no row of its own.

const PURPOSE = 'unsubscribe:v1';

const toBase64Url = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)))
  .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (s: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

export function unsubscribeToken(signer: Signer, workspaceId: string, email: string): string {
  const body = toBase64Url(JSON.stringify([PURPOSE, workspaceId, email]));
  return `${body}.${signer.sign(body)}`;
}

/** The (workspace, recipient) a token was made for; null for anything the service did not sign. */
export function readUnsubscribeToken(signer: Signer, token: string): { workspaceId: string; email: string } | null {
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length || !signer.verify(body, sig)) return null;
  try {
    const parsed = JSON.parse(fromBase64Url(body)) as unknown;
    if (!Array.isArray(parsed) || parsed[0] !== PURPOSE || typeof parsed[1] !== 'string' || typeof parsed[2] !== 'string') return null;
    return { workspaceId: parsed[1], email: parsed[2] };
  } catch {
    return null;
  }
}
