// spec: Account — a username is 3 to 30 lower-case letters, digits and single dots; tidying lower-cases and
// turns spaces into dots; availability input is at most 60 characters before tidying.
export const USERNAME = { min: 3, max: 30, inputMax: 60, lockDays: 30 } as const;

export const tidyUsername = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, '.');

export function usernameProblem(u: string): string | null {
  if (u.length < USERNAME.min || u.length > USERNAME.max) return `A username is ${USERNAME.min} to ${USERNAME.max} characters.`;
  if (!/^[a-z0-9.]+$/.test(u)) return 'A username holds lower-case letters, digits and dots only.';
  if (/\.\./.test(u) || u.startsWith('.') || u.endsWith('.')) return 'Dots stand alone and between other characters.';
  return null;
}

/** A first username from an email address: its local part tidied into the allowed alphabet. */
export function usernameFromEmail(email: string): string {
  const base = tidyUsername(email.slice(0, email.indexOf('@'))).replace(/[^a-z0-9.]/g, '.').replace(/\.{2,}/g, '.').replace(/^\.|\.$/g, '');
  return (base.length >= USERNAME.min ? base : `${base}user`).slice(0, USERNAME.max - 4).replace(/\.$/, '');
}
