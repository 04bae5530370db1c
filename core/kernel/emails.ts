// Addresses are stored trimmed and lower-cased everywhere (host contract).
export const normalizeEmail = (s: string): string => s.trim().toLowerCase();

const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

export const isDomainName = (s: string): boolean => DOMAIN.test(s);

export function isEmailAddress(s: string): boolean {
  if (s.length > 320) return false;
  const at = s.lastIndexOf('@');
  if (at < 1) return false;
  const local = s.slice(0, at);
  return local.length <= 64 && LOCAL.test(local) && isDomainName(s.slice(at + 1));
}

export const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1);
