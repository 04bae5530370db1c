import { AppError } from '../kernel/errors.ts';
import { stateMachine, type Transition } from '../kernel/state-machine.ts';

// spec: Index of other calls — Emails. The fields of an email are "not shown" in the spec; these are ours.
export type EmailStatus = 'queued' | 'scheduled' | 'sent' | 'failed' | 'cancelled';
export const EMAIL_ID = /^em_[0-9a-f]{24}$/;

export interface Email {
  id: string;
  workspaceId: string;
  /** The From header as it goes out: `Name <address>` or the bare address. */
  from: string;
  /** The from address alone, lower-cased (reach and DKIM key follow it). */
  fromAddress: string;
  /** Lower-cased addresses, duplicates removed across the three lists. */
  to: string[]; cc: string[]; bcc: string[];
  subject: string;
  /** With the signature already appended. */
  html: string | null;
  text: string | null;
  replyTo: string | null;
  headers: Record<string, string>;
  /** File ids, in the order given. */
  attachments: string[];
  signatureId: string | null;
  tags: Record<string, string>;
  marketing: boolean;
  status: EmailStatus;
  scheduledAt: string | null;
  /** Recipients refused at send time (suppressed, or unsubscribed from marketing mail). */
  suppressed: string[];
  messageId: string | null;
  error: string | null;
  /** Where the one-click unsubscribe link of marketing mail points (`http(s)://host`), fixed when the mail was made. */
  linkBase: string;
  createdAt: string; updatedAt: string;
  sentAt: string | null; failedAt: string | null; cancelledAt: string | null;
}

export const recipientsOf = (e: Pick<Email, 'to' | 'cc' | 'bcc'>): string[] => [...e.to, ...e.cc, ...e.bcc];

type Move = 'send' | 'fail' | 'due' | 'cancel';

/** Entities own their transitions: the only moves an email makes. */
const TRANSITIONS: ReadonlyArray<Transition<EmailStatus, Move>> = [
  { from: 'queued', event: 'send', to: 'sent' },
  { from: 'queued', event: 'fail', to: 'failed' },
  { from: 'scheduled', event: 'due', to: 'queued' },
  { from: 'scheduled', event: 'cancel', to: 'cancelled' },
];

const move = stateMachine(TRANSITIONS, (from, event) => event === 'cancel'
  ? new AppError('email_not_cancellable', `Only a scheduled email can be cancelled; this one is ${from}.`, 'id')
  : new Error(`no email move ${event} from ${from}`));

/** The email after `event` at `at`; an illegal move is 409 `email_not_cancellable` for a cancel, else a bug. */
export function moveEmail(email: Email, event: Move, at: string, change: Partial<Pick<Email, 'messageId' | 'error' | 'suppressed'>> = {}): Email {
  const to = move(email.status, event);
  const stamp = to === 'sent' ? { sentAt: at } : to === 'failed' ? { failedAt: at } : to === 'cancelled' ? { cancelledAt: at } : {};
  return { ...email, ...change, ...stamp, status: to, updatedAt: at };
}

export const emailView = (e: Email) => ({
  object: 'email' as const, id: e.id, from: e.from, to: e.to, cc: e.cc, bcc: e.bcc, replyTo: e.replyTo, subject: e.subject,
  html: e.html, text: e.text, headers: e.headers, attachments: e.attachments, signatureId: e.signatureId, tags: e.tags,
  marketing: e.marketing, status: e.status, scheduledAt: e.scheduledAt, suppressed: e.suppressed, messageId: e.messageId,
  error: e.error, createdAt: e.createdAt, updatedAt: e.updatedAt, sentAt: e.sentAt, failedAt: e.failedAt, cancelledAt: e.cancelledAt,
});
export type EmailView = ReturnType<typeof emailView>;

/** What `email.*` events carry (their data is "not shown" in the spec). */
export const emailEventData = (e: Email, extra: Record<string, unknown> = {}) => ({
  emailId: e.id, from: e.fromAddress, to: e.to, cc: e.cc, subject: e.subject, status: e.status, tags: e.tags, marketing: e.marketing, ...extra,
});
