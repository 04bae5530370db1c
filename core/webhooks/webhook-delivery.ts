// spec: Events (retry schedule not shown; host contract: webhook attempts). A delivery is one event for one
// endpoint; an attempt is one POST of it. The first attempt starts at once after the change commits, then
// after each failure: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A replay starts a new round of the same schedule.
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000,
];
export const ATTEMPTS_PER_ROUND = RETRY_DELAYS_MS.length + 1;

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDelivery {
  id: string;
  workspaceId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** The exact body every attempt sends. */
  payload: string;
  status: DeliveryStatus;
  /** Attempts made in all rounds. */
  attempts: number;
  /** Attempts made in the current round (a replay starts a new round). */
  roundAttempts: number;
  nextAttemptAt: string | null;
  leaseUntil: string | null;
  lastResponseStatus: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

export interface WebhookAttempt {
  id: string;
  deliveryId: string;
  endpointId: string;
  workspaceId: string;
  attempt: number;
  startedAt: string;
  url: string;
  requestHeaders: Record<string, string>;
  responseStatus: number | null;
  responseBodyExcerpt: string;
  durationMs: number;
  error: string | null;
  succeeded: boolean;
}

/** When the attempt after `roundAttempts` failed ones is due, or null when the round is over. */
export function nextAttemptAfterFailure(roundAttempts: number, failedAt: Date): string | null {
  const delay = RETRY_DELAYS_MS[roundAttempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay).toISOString();
}

export const isSuccessStatus = (status: number | null): boolean => status !== null && status >= 200 && status < 300;
