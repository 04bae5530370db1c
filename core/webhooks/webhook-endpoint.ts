import { AppError } from '../kernel/errors.ts';
import { stateMachine, type Transition } from '../kernel/state-machine.ts';

// spec: States and transitions — Webhook endpoint. A person's switch-off leaves disabledAt and disabledReason
// null; the server's (100 failed attempts in a row) sets both. Switching back on clears them and the count.
export type EndpointState = 'enabled' | 'disabled_by_person' | 'disabled_by_server';
export type EndpointEvent = 'enable' | 'disable' | 'failure_limit';

export const FAILURE_LIMIT = 100;
export const DISABLED_REASON = `Disabled after ${FAILURE_LIMIT} consecutive failed deliveries.`;

export interface WebhookEndpoint {
  id: string;
  workspaceId: string;
  url: string;
  description: string | null;
  /** As named; empty means the default set (reads show `['*']`). */
  eventTypes: string[];
  state: EndpointState;
  disabledAt: string | null;
  disabledReason: string | null;
  consecutiveFailures: number;
  addressAllowlist: string[];
  domainAllowlist: string[];
  lastDeliveryAt: string | null;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: string | null;
  /** Events recorded before this moment are never delivered (spec: events fired while disabled are never delivered later). */
  enabledSince: string;
  createdAt: string;
  updatedAt: string;
}

const TRANSITIONS: ReadonlyArray<Transition<EndpointState, EndpointEvent>> = [
  { from: 'enabled', event: 'enable', to: 'enabled' },
  { from: 'enabled', event: 'disable', to: 'disabled_by_person' },
  { from: 'enabled', event: 'failure_limit', to: 'disabled_by_server' },
  { from: 'disabled_by_person', event: 'enable', to: 'enabled' },
  { from: 'disabled_by_person', event: 'disable', to: 'disabled_by_person' },
  { from: 'disabled_by_server', event: 'enable', to: 'enabled' },
  { from: 'disabled_by_server', event: 'disable', to: 'disabled_by_server' },
];

const move = stateMachine(TRANSITIONS, () => new AppError('webhook_disabled', 'This webhook endpoint is disabled.', 'id'));

/** The one place an endpoint moves; fields that go with a move are set here too. */
export function moveEndpoint(endpoint: WebhookEndpoint, event: EndpointEvent, at: string): WebhookEndpoint {
  const to = move(endpoint.state, event);
  if (to === endpoint.state) return endpoint;
  if (to === 'enabled') {
    return { ...endpoint, state: to, disabledAt: null, disabledReason: null, consecutiveFailures: 0, enabledSince: at };
  }
  if (to === 'disabled_by_server') return { ...endpoint, state: to, disabledAt: at, disabledReason: DISABLED_REASON };
  return { ...endpoint, state: to, disabledAt: null, disabledReason: null };
}

export const isEnabled = (e: Pick<WebhookEndpoint, 'state'>): boolean => e.state === 'enabled';

/** spec: the webhook endpoint id shape is `whe_<24 hex>`. */
export const ENDPOINT_ID = /^whe_[0-9a-f]{24}$/;
export const DELIVERY_ID = /^whd_[0-9a-f]{24}$/;
