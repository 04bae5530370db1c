import type { DomainEvent } from './event.ts';

// spec: Events — every event the spec defines, with its data. Areas that do not exist yet still get their
// payload types here, so the day they raise an event its shape is already fixed.

type At<K extends string> = { [P in K]: string };

export interface FileEventData { fileId: string; filename: string; mimeType: string; sizeBytes: number; direction: string; to: string | null; threadId: string | null; messageId: string | null }
export interface FormSubmittedData { formId: string; formName: string; submissionId: string; email: string; status: string; answers: Record<string, unknown>; audienceIds: string[]; sourceUrl: string | null; submittedAt: string }
export interface FormConfirmedData { formId: string; formName: string; submissionId: string; email: string; audienceIds: string[]; via: 'link' | 'approval'; confirmedAt: string }
export interface AutomationEnteredData { automationId: string; enrollmentId: string; contactId: string; source: string; enteredAt: string }
export interface AutomationExitedData { automationId: string; enrollmentId: string; contactId: string; reason: string; stepKey: string | null; exitedAt: string }
export interface AutomationPausedData { automationId: string; reason: string; detail: string | null }
export interface AutomationResumedData { automationId: string; resumedAt: string }
/** `webhookId` names the one endpoint the step sends to (spec: sent only to that endpoint). */
export interface AutomationWebhookData { webhookId: string; automationId: string; enrollmentId: string; stepKey: string; stepName: string; contact: Record<string, unknown>; data: Record<string, unknown> }
export interface DomainVerifiedData { domainId: string; domain: string; verifiedAt: string; sendingState: string; records: unknown[] | null }
export interface DomainSendingChangedData { domainId: string; domain: string; previousState: string; state: string; changedAt: string }
export interface DomainDeletedData { domainId: string; domain: string; reason: 'removed' | 'never_verified' | 'moved'; deletedAt: string }
export interface SuppressionData { email: string; reason: 'bounce' | 'complaint' | 'manual'; detail: string | null }
export interface ContactData { contactId: string; email: string; name: string | null; source: string | null }
export interface ContactSubscriptionData { contactId: string; email: string; audienceIds: string[]; broadcastId: string | null; automationId: string | null }
export interface SendingPausedData { stream: string; reason: 'bounce_rate' | 'complaint_rate'; recipients: number; bounced: number; complained: number; pausedAt: string }
export interface SendingResumedData { stream: string; resumedAt: string }
export interface ConnectorData { id: string; app: string; appName: string; scope: string; access: string; reason?: 'expired' | 'revoked' | 'failed' | 'disabled'; at?: string; connectedAt?: string; disconnectedAt?: string }
export interface TaskRunData { runId: string; taskId: string; taskName: string; trigger: string; threadId: string | null; status: string; steps: number; actions: number; error: string | null; createdAt: string; finishedAt: string }
export interface ApprovalRequestedData { approvalId: string; runId: string; taskId: string; taskName: string; tool: string; expiresAt: string; requestedAt: string }
export interface BookingData { bookingId: string; pageId: string; status: string; startAt: string; endAt: string; guestName: string; guestEmail: string; guestTimezone: string; location: string | null; rescheduleCount: number; endedBy: string | null; reason: string | null; createdAt: string; at: string }
export interface BroadcastData { broadcastId: string; status: string; subject: string; fromEmail: string; audienceIds: string[]; recipients: number; created: number; skipped: number; failed: number; error: string | null; at: string }
/** Data of `email.*` events: not shown in the spec; an open record until the emails area fixes it. */
export type EmailEventData = Record<string, unknown>;
/** The service's own test delivery (POST /webhooks/{id}/test); sent only to the endpoint it names. */
export interface WebhookTestData { webhookId: string; message: string; sentAt: string }

export interface EventDataByType {
  'email.received': EmailEventData; 'email.sent': EmailEventData; 'email.failed': EmailEventData;
  'email.cancelled': EmailEventData; 'email.scheduled': EmailEventData; 'email.queued': EmailEventData;
  'email.delivered': EmailEventData; 'email.delivery_delayed': EmailEventData; 'email.bounced': EmailEventData;
  'email.complained': EmailEventData; 'email.suppressed': EmailEventData; 'email.opened': EmailEventData;
  'email.clicked': EmailEventData; 'email.downloaded': EmailEventData; 'email.replied': EmailEventData;
  'file.uploaded': FileEventData & At<'uploadedAt'>; 'file.deleted': FileEventData & At<'deletedAt'>;
  'form.submitted': FormSubmittedData; 'form.confirmed': FormConfirmedData;
  'automation.entered': AutomationEnteredData; 'automation.exited': AutomationExitedData;
  'automation.paused': AutomationPausedData; 'automation.resumed': AutomationResumedData;
  'automation.webhook': AutomationWebhookData;
  'domain.verified': DomainVerifiedData; 'domain.sending_changed': DomainSendingChangedData; 'domain.deleted': DomainDeletedData;
  'suppression.added': SuppressionData & At<'addedAt'>; 'suppression.removed': SuppressionData & At<'removedAt'>;
  'contact.created': ContactData & At<'createdAt'>; 'contact.updated': ContactData & At<'updatedAt'>;
  'contact.deleted': ContactData & At<'deletedAt'>;
  'contact.unsubscribed': ContactSubscriptionData & At<'unsubscribedAt'>;
  'contact.resubscribed': ContactSubscriptionData & At<'resubscribedAt'>;
  'sending.paused': SendingPausedData; 'sending.resumed': SendingResumedData;
  'connector.connected': ConnectorData; 'connector.disconnected': ConnectorData; 'connector.needs_attention': ConnectorData;
  'task.run.completed': TaskRunData; 'task.run.failed': TaskRunData; 'task.run.cancelled': TaskRunData;
  'approval.requested': ApprovalRequestedData;
  'booking.created': BookingData; 'booking.confirmed': BookingData; 'booking.rescheduled': BookingData; 'booking.cancelled': BookingData;
  'broadcast.sending': BroadcastData; 'broadcast.sent': BroadcastData; 'broadcast.failed': BroadcastData; 'broadcast.cancelled': BroadcastData;
  'webhook.test': WebhookTestData;
}

export type EventType = keyof EventDataByType;

/** A typed event as a use case records it: `recordEvent(tx, ids, clock, typedEvent('file.uploaded', {...}))`. */
export interface TypedEvent<K extends EventType> {
  type: K; workspaceId: string; data: EventDataByType[K]; address: string | null; domain: string | null;
}
/** Checks the data against the type's shape, then hands back the plain record the outbox stores. */
export const typedEvent = <K extends EventType>(type: K, e: Omit<TypedEvent<K>, 'type'>): DomainEvent<K> =>
  ({ type, ...e, data: e.data as unknown as Record<string, unknown> });

// spec: Events — "Default set when eventTypes is omitted or empty"; all other events must be named.
export const DEFAULT_EVENT_TYPES: readonly EventType[] = [
  'email.received', 'email.sent', 'email.failed', 'email.cancelled', 'email.scheduled', 'email.queued',
  'email.delivered', 'email.delivery_delayed', 'email.bounced', 'email.complained', 'email.suppressed',
  'email.opened', 'email.clicked', 'email.downloaded',
];

/** Sent only to the endpoint their data names, whatever its subscription or allowlists; never choosable. */
export const TARGETED_EVENT_TYPES: readonly EventType[] = ['automation.webhook', 'webhook.test'];

const ALL_TYPES: Record<EventType, true> = {
  'email.received': true, 'email.sent': true, 'email.failed': true, 'email.cancelled': true, 'email.scheduled': true,
  'email.queued': true, 'email.delivered': true, 'email.delivery_delayed': true, 'email.bounced': true,
  'email.complained': true, 'email.suppressed': true, 'email.opened': true, 'email.clicked': true,
  'email.downloaded': true, 'email.replied': true, 'file.uploaded': true, 'file.deleted': true,
  'form.submitted': true, 'form.confirmed': true, 'automation.entered': true, 'automation.exited': true,
  'automation.paused': true, 'automation.resumed': true, 'automation.webhook': true, 'domain.verified': true,
  'domain.sending_changed': true, 'domain.deleted': true, 'suppression.added': true, 'suppression.removed': true,
  'contact.created': true, 'contact.updated': true, 'contact.deleted': true, 'contact.unsubscribed': true,
  'contact.resubscribed': true, 'sending.paused': true, 'sending.resumed': true, 'connector.connected': true,
  'connector.disconnected': true, 'connector.needs_attention': true, 'task.run.completed': true,
  'task.run.failed': true, 'task.run.cancelled': true, 'approval.requested': true, 'booking.created': true,
  'booking.confirmed': true, 'booking.rescheduled': true, 'booking.cancelled': true, 'broadcast.sending': true,
  'broadcast.sent': true, 'broadcast.failed': true, 'broadcast.cancelled': true, 'webhook.test': true,
};

/** Every event an endpoint may subscribe to by name. */
export const CHOOSABLE_EVENT_TYPES: readonly EventType[] =
  (Object.keys(ALL_TYPES) as EventType[]).filter((t) => !TARGETED_EVENT_TYPES.includes(t));

export const isChoosableEventType = (t: string): t is EventType => CHOOSABLE_EVENT_TYPES.includes(t as EventType);

// spec: Events — endpoints limited to some addresses or domains never receive these workspace-level families.
export const WORKSPACE_LEVEL_FAMILIES: readonly string[] = [
  'form', 'automation', 'contact', 'sending', 'connector', 'task', 'approval', 'booking', 'broadcast',
];
