// spec: Events. One stream per workspace: a use case records its events in the same transaction as the change
// it makes (an outbox), so an event exists if and only if its change committed. Delivery reads the stream.

export interface DomainEvent<T extends string = string, D extends Record<string, unknown> = Record<string, unknown>> {
  type: T;
  workspaceId: string;
  data: D;
  /** The address the event concerns, for routing to narrowed endpoints; null for workspace-wide events. */
  address: string | null;
  /** The domain the event concerns when it names no single address. */
  domain: string | null;
}

export interface RecordedEvent extends DomainEvent {
  id: string;
  createdAt: string;
}
