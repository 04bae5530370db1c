import { AppError, invalid } from '../kernel/errors.ts';
import { isEmailAddress, normalizeEmail } from '../kernel/emails.ts';

// spec: Errors — `invalid_email_address`, `too_many_recipients`, `reserved_header`, with `param` dotted and
// indexed at the exact element (`to.0`). Limits the spec leaves open are ours and written here.
export const EMAIL_LIMITS = {
  recipientsMax: 50, subjectMax: 998, bodyMax: 1_000_000, headersMax: 50, headerValueMax: 2_000,
  attachmentsMax: 20, tagsMax: 20, tagKeyMax: 64, tagValueMax: 256, displayNameMax: 120,
} as const;

/** Headers the service sets itself; a send may not name them (compared ignoring case). */
export const RESERVED_HEADERS = [
  'From', 'To', 'Cc', 'Bcc', 'Subject', 'Date', 'Message-ID', 'DKIM-Signature', 'List-Unsubscribe',
  'List-Unsubscribe-Post', 'MIME-Version', 'Content-Type', 'Return-Path',
] as const;
const RESERVED = new Set(RESERVED_HEADERS.map((h) => h.toLowerCase()));

export interface SendEmailInput {
  from: unknown; to: unknown; cc?: unknown; bcc?: unknown; subject: unknown; html?: unknown; text?: unknown;
  replyTo?: unknown; headers?: unknown; attachments?: unknown; signatureId?: unknown; scheduledAt?: unknown;
  tags?: unknown; marketing?: unknown;
}

export interface ParsedSend {
  from: { name: string | null; address: string };
  to: string[]; cc: string[]; bcc: string[];
  subject: string; html: string | null; text: string | null; replyTo: string | null;
  headers: Record<string, string>; attachments: string[]; signatureId: string | null;
  scheduledAt: Date | null; tags: Record<string, string>; marketing: boolean;
}

const LINE_BREAK = /[\r\n\0]/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,76}$/;
const TAG_KEY = /^[A-Za-z0-9_-]+$/;
const NAMED = /^\s*"?([^"<>]*?)"?\s*<([^<>]*)>\s*$/;

const badAddress = (param: string) => new AppError('invalid_email_address', `\`${param}\` is not a valid e-mail address.`, param);

/** `address` or `Name <address>`; the address trimmed and lower-cased. */
export function parseMailbox(value: unknown, param: string): { name: string | null; address: string } {
  if (typeof value !== 'string' || LINE_BREAK.test(value)) throw badAddress(param);
  const named = NAMED.exec(value);
  const name = named ? named[1]!.trim() || null : null;
  const address = normalizeEmail(named ? named[2]! : value);
  if (!isEmailAddress(address) || (name !== null && name.length > EMAIL_LIMITS.displayNameMax)) throw badAddress(param);
  return { name, address };
}

function recipientList(value: unknown, field: string): Array<{ address: string; param: string }> {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [{ address: parseMailbox(value, field).address, param: field }];
  if (!Array.isArray(value)) throw invalid(field, `\`${field}\` is an address or an array of addresses.`);
  return value.map((v, i) => ({ address: parseMailbox(v, `${field}.${i}`).address, param: `${field}.${i}` }));
}

function optionalString(value: unknown, param: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > max) throw invalid(param, `\`${param}\` is a string of at most ${max} characters.`);
  return value;
}

/** Checks a send's body field by field, in the order of the spec's list; nothing is looked up here. */
export function parseSend(input: SendEmailInput, now: Date): ParsedSend {
  const from = parseMailbox(input.from, 'from');
  // Recipients are deduplicated across to, cc and bcc (first place wins); the limit counts what is left.
  const seen = new Set<string>();
  const lists = { to: [] as string[], cc: [] as string[], bcc: [] as string[] };
  const to = recipientList(input.to, 'to');
  if (!to.length) throw invalid('to', '`to` needs at least one address.');
  for (const [field, items] of [['to', to], ['cc', recipientList(input.cc, 'cc')], ['bcc', recipientList(input.bcc, 'bcc')]] as const) {
    for (const r of items) {
      if (seen.has(r.address)) continue;
      seen.add(r.address);
      if (seen.size > EMAIL_LIMITS.recipientsMax) {
        throw new AppError('too_many_recipients', `A message has at most ${EMAIL_LIMITS.recipientsMax} recipients across to, cc and bcc.`, r.param);
      }
      lists[field].push(r.address);
    }
  }
  const subject = optionalString(input.subject, 'subject', EMAIL_LIMITS.subjectMax);
  if (subject === null || !subject.trim() || LINE_BREAK.test(subject)) throw invalid('subject', '`subject` is required: 1 to 998 characters on one line.');
  const html = optionalString(input.html, 'html', EMAIL_LIMITS.bodyMax);
  const text = optionalString(input.text, 'text', EMAIL_LIMITS.bodyMax);
  if (!html && !text) throw invalid('html', 'A message needs `html` or `text` (or both).');
  const replyTo = input.replyTo === undefined || input.replyTo === null ? null : parseMailbox(input.replyTo, 'replyTo').address;
  return {
    from, ...lists, subject, html, text, replyTo,
    headers: parseHeaders(input.headers),
    attachments: parseAttachments(input.attachments),
    signatureId: optionalString(input.signatureId, 'signatureId', 64),
    scheduledAt: parseScheduledAt(input.scheduledAt, now),
    tags: parseTags(input.tags),
    marketing: parseMarketing(input.marketing),
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseHeaders(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw invalid('headers', '`headers` is an object of header names to values.');
  const entries = Object.entries(value);
  if (entries.length > EMAIL_LIMITS.headersMax) throw invalid('headers', `At most ${EMAIL_LIMITS.headersMax} headers.`);
  const out: Record<string, string> = {};
  for (const [name, v] of entries) {
    const param = `headers.${name}`;
    if (RESERVED.has(name.toLowerCase())) throw new AppError('reserved_header', `The service sets \`${name}\` itself.`, param);
    if (!HEADER_NAME.test(name)) throw invalid(param, 'A header name is 1 to 76 printable characters without spaces or colons.');
    if (typeof v !== 'string' || LINE_BREAK.test(v) || v.length > EMAIL_LIMITS.headerValueMax) {
      throw invalid(param, `A header value is a string on one line, at most ${EMAIL_LIMITS.headerValueMax} characters.`);
    }
    out[name] = v;
  }
  return out;
}

function parseAttachments(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > EMAIL_LIMITS.attachmentsMax) {
    throw invalid('attachments', `\`attachments\` is an array of at most ${EMAIL_LIMITS.attachmentsMax} file ids.`);
  }
  return value.map((v, i) => {
    if (typeof v !== 'string') throw invalid(`attachments.${i}`, 'An attachment is a file id.');
    return v;
  });
}

function parseScheduledAt(value: unknown, now: Date): Date | null {
  if (value === undefined || value === null) return null;
  const ms = typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) throw invalid('scheduledAt', '`scheduledAt` is an ISO 8601 date-time.');
  if (ms <= now.getTime()) throw invalid('scheduledAt', '`scheduledAt` must be in the future.');
  return new Date(ms);
}

function parseTags(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw invalid('tags', '`tags` is an object of short strings.');
  const entries = Object.entries(value);
  if (entries.length > EMAIL_LIMITS.tagsMax) throw invalid('tags', `At most ${EMAIL_LIMITS.tagsMax} tags.`);
  for (const [k, v] of entries) {
    if (k.length > EMAIL_LIMITS.tagKeyMax || !TAG_KEY.test(k)) throw invalid(`tags.${k}`, `A tag name is 1 to ${EMAIL_LIMITS.tagKeyMax} letters, digits, _ or -.`);
    if (typeof v !== 'string' || v.length > EMAIL_LIMITS.tagValueMax || LINE_BREAK.test(v)) {
      throw invalid(`tags.${k}`, `A tag value is a string of at most ${EMAIL_LIMITS.tagValueMax} characters.`);
    }
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

function parseMarketing(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalid('marketing', '`marketing` is a boolean.');
  return value;
}
