import { invalid } from '../kernel/errors.ts';
import { isDomainName, isEmailAddress, normalizeEmail } from '../kernel/emails.ts';
import type { HtmlSanitizer } from '../ports/html-sanitizer.ts';
import { cleanSignatureHtml } from '../signatures/signature-html.ts';

/**
 * Every settings field, in one table (spec: Resources — "Complete list of settings fields: not shown"; this is ours).
 *
 * Levels a field may be set at: `workspace` (no `address`), `domain` (`@<domain>`), `catchAll` (`*@<domain>`),
 * `address` (one address), `account` (the calling person, whatever scope is named).
 *
 * | field              | type                          | default  | levels                                  |
 * |--------------------|-------------------------------|----------|-----------------------------------------|
 * | signature          | string (HTML) or null         | null     | catchAll, address                       |
 * | openEmailSignature | boolean                       | true     | catchAll, address                       |
 * | trackOpens         | boolean                       | false    | catchAll, address                       |
 * | trackClicks        | boolean                       | false    | catchAll, address                       |
 * | externalImages     | `always`, `ask`, `never`      | `ask`    | workspace, domain, catchAll, address    |
 * | trustedSenders     | list of addresses/`@domain`s  | []       | workspace, domain, catchAll, address    |
 * | blockedSenders     | list of addresses/`@domain`s  | []       | workspace, domain, catchAll, address    |
 * | workspaceName      | string, 1 to 64, trimmed      | the name | workspace (renames the workspace)       |
 * | timezone           | IANA zone                     | `UTC`    | account                                 |
 * | language           | BCP 47 tag, e.g. `en`, `de-CH`| `en`     | account                                 |
 * | weekStart          | `monday`, `sunday`, `saturday`| `monday` | account                                 |
 * | timeFormat         | `24h`, `12h`                  | `24h`    | account                                 |
 *
 * - The first four are the spec's per-address fields: `signature` is the address's single (legacy) signature,
 *   sanitised like signatures are; `openEmailSignature` adds it when a new message is opened.
 * - The three privacy fields resolve workspace, domain, catch-all, base of a plus address, the address itself:
 *   the last setter wins (spec: GET /settings). Per-address fields resolve the same way over the levels they have.
 * - Writing `null` removes what the named scope sets itself, so the value is inherited again (account fields
 *   go back to their default). List fields replace the whole list (spec: PATCH /settings).
 * - Narrowed callers cannot write workspace-wide settings nor `blockedSenders` (spec: Authentication item 7).
 */
export type SettingsLevel = 'workspace' | 'domain' | 'catchAll' | 'address' | 'account';
export type SettingsShape = 'string' | 'boolean' | 'list';

export interface SettingsContext { sanitizer: HtmlSanitizer }

export interface SettingsField {
  shape: SettingsShape;
  levels: readonly SettingsLevel[];
  default: unknown;
  /** Checks and normalises a written (non-null) value; `param` names it in a refusal. */
  parse(value: unknown, param: string, context: SettingsContext): unknown;
}

const PER_ADDRESS: SettingsLevel[] = ['catchAll', 'address'];
const SCOPED: SettingsLevel[] = ['workspace', 'domain', 'catchAll', 'address'];
const SENDER_LIST_MAX = 1000;
export const WORKSPACE_NAME_MAX = 64;

const bool = (value: unknown) => value;
const oneOf = (values: readonly string[]) => (value: unknown, param: string) => {
  if (typeof value !== 'string' || !values.includes(value)) throw invalid(param, `One of ${values.join(', ')}.`);
  return value;
};

/** A sender is one address or `@<domain>` (every address of it); lower-cased, duplicates dropped. */
function senderList(value: unknown, param: string): string[] {
  const list = value as string[];
  if (list.length > SENDER_LIST_MAX) throw invalid(param, `At most ${SENDER_LIST_MAX} senders.`);
  const out = new Set<string>();
  list.forEach((raw, i) => {
    const sender = normalizeEmail(raw);
    const ok = sender.startsWith('@') ? isDomainName(sender.slice(1)) : isEmailAddress(sender);
    if (!ok) throw invalid(`${param}.${i}`, 'A sender is one address or `@<domain>`.');
    out.add(sender);
  });
  return [...out];
}

function timezone(value: unknown, param: string): string {
  const zone = String(value);
  try {
    if (zone.length <= 64 && zone.length > 0) return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch { /* refused below */ }
  throw invalid(param, 'An IANA time zone, e.g. `Europe/Berlin` or `UTC`.');
}

function language(value: unknown, param: string): string {
  const tag = String(value);
  if (tag.length <= 35 && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(tag)) return tag;
  throw invalid(param, 'A BCP 47 language tag, e.g. `en` or `de-CH`.');
}

function workspaceName(value: unknown, param: string): string {
  const name = String(value).trim();
  if (name.length < 1 || name.length > WORKSPACE_NAME_MAX) throw invalid(param, `A workspace name is 1 to ${WORKSPACE_NAME_MAX} characters.`);
  return name;
}

export const SETTINGS_FIELDS = {
  signature: { shape: 'string', levels: PER_ADDRESS, default: null, parse: (v, p, c) => cleanSignatureHtml(c.sanitizer, String(v), p) },
  openEmailSignature: { shape: 'boolean', levels: PER_ADDRESS, default: true, parse: bool },
  trackOpens: { shape: 'boolean', levels: PER_ADDRESS, default: false, parse: bool },
  trackClicks: { shape: 'boolean', levels: PER_ADDRESS, default: false, parse: bool },
  externalImages: { shape: 'string', levels: SCOPED, default: 'ask', parse: oneOf(['always', 'ask', 'never']) },
  trustedSenders: { shape: 'list', levels: SCOPED, default: [], parse: senderList },
  blockedSenders: { shape: 'list', levels: SCOPED, default: [], parse: senderList },
  workspaceName: { shape: 'string', levels: ['workspace'], default: null, parse: workspaceName },
  timezone: { shape: 'string', levels: ['account'], default: 'UTC', parse: timezone },
  language: { shape: 'string', levels: ['account'], default: 'en', parse: language },
  weekStart: { shape: 'string', levels: ['account'], default: 'monday', parse: oneOf(['monday', 'sunday', 'saturday']) },
  timeFormat: { shape: 'string', levels: ['account'], default: '24h', parse: oneOf(['24h', '12h']) },
} satisfies Record<string, SettingsField>;

export type SettingsFieldName = keyof typeof SETTINGS_FIELDS;
export const FIELD_NAMES = Object.keys(SETTINGS_FIELDS) as SettingsFieldName[];

const fieldsAt = (level: SettingsLevel) => FIELD_NAMES.filter((n) => (SETTINGS_FIELDS[n].levels as readonly SettingsLevel[]).includes(level));
/** Fields a workspace, domain, catch-all or address sets (stored per scope). */
export const SCOPED_FIELDS = FIELD_NAMES.filter((n) => n !== 'workspaceName' && !fieldsAt('account').includes(n));
export const ACCOUNT_FIELDS = fieldsAt('account');

export const settableAt = (name: SettingsFieldName, level: SettingsLevel): boolean =>
  (SETTINGS_FIELDS[name].levels as readonly SettingsLevel[]).includes(level);
