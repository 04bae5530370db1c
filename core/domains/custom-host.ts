import { AppError, invalid } from '../kernel/errors.ts';
import { stateMachine, type Transition } from '../kernel/state-machine.ts';
import { isDomainName } from '../kernel/emails.ts';
import { domainToAscii } from '../kernel/punycode.ts';

// spec: States and transitions — Domain custom hosts (tracking, storage). `none` is the absence of a host; only
// `active` makes new mail use it.

export type HostKind = 'tracking' | 'storage';
export type HostStatus = 'none' | 'pending' | 'active';
export type HostEvent = 'save' | 'replace' | 'pass' | 'fail' | 'remove';

export interface CustomHost {
  kind: HostKind;
  host: string;
  status: Exclude<HostStatus, 'none'>;
  /** The CNAME target the host must point at. */
  target: string;
  error: string | null;
  checkedAt: string | null;
  createdAt: string;
}

const TRANSITIONS: ReadonlyArray<Transition<HostStatus, HostEvent>> = [
  { from: 'none', event: 'save', to: 'pending' },
  // A different host replaces the old at once and starts over.
  { from: 'pending', event: 'replace', to: 'pending' },
  { from: 'active', event: 'replace', to: 'pending' },
  { from: 'pending', event: 'pass', to: 'active' },
  { from: 'pending', event: 'fail', to: 'pending' },
  { from: 'active', event: 'pass', to: 'active' },
  // A re-check of an active host that no longer answers stops new mail using it until it passes again.
  { from: 'active', event: 'fail', to: 'pending' },
  { from: 'pending', event: 'remove', to: 'none' },
  { from: 'active', event: 'remove', to: 'none' },
  { from: 'none', event: 'remove', to: 'none' },
];

/** The one place a custom host moves. */
export const moveHost = stateMachine(TRANSITIONS, (from, event) => new AppError('internal_error', `A custom host cannot ${event} from ${from}.`));

export const statusOf = (h: CustomHost | null): HostStatus => h?.status ?? 'none';

/** What each kind CNAMEs to on the service's edge. */
export const hostTarget = (kind: HostKind, serviceHost: string): string =>
  `${kind === 'tracking' ? 'track' : 'files'}.${serviceHost}`;

/**
 * spec: PATCH /domains/{id} — the host is trimmed, lower-cased, and scheme, path, query, fragment and trailing
 * dots are stripped; it must be a subdomain of the domain.
 */
export function normalizeHost(input: string, domain: string, param: string): string {
  const bare = input.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0]!.replace(/\.+$/, '');
  const host = domainToAscii(bare);
  if (!host || !isDomainName(host)) throw invalid(param, `\`${input.trim()}\` is not a host name.`);
  if (!host.endsWith(`.${domain}`)) throw invalid(param, `The host must be a subdomain of ${domain}, such as track.${domain}.`);
  return host;
}
