import { invalid } from '../kernel/errors.ts';
import { isDomainName } from '../kernel/emails.ts';
import { domainToAscii } from '../kernel/punycode.ts';

/**
 * spec: POST /domains — a bare domain, trimmed, lower-cased and converted to ASCII (punycode). A URL, an address
 * or a name with a port is not a bare domain; neither is the service's own host or a name under it.
 */
export function domainName(input: string, serviceHost: string): string {
  const typed = input.trim().replace(/\.$/, '');
  const refuse = (why: string) => invalid('domain', `\`${input.trim()}\` ${why}`);
  if (/[\s/:@?#]/.test(typed)) throw refuse('is not a bare domain name (no scheme, path, port or address).');
  const ascii = domainToAscii(typed);
  if (!ascii || !isDomainName(ascii)) throw refuse('is not a domain name.');
  if (ascii === serviceHost || ascii.endsWith(`.${serviceHost}`)) throw refuse("is the service's own domain.");
  return ascii;
}
