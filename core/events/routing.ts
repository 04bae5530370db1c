import type { DomainEvent } from './event.ts';
import { DEFAULT_EVENT_TYPES, TARGETED_EVENT_TYPES, WORKSPACE_LEVEL_FAMILIES, type EventType } from './event-types.ts';

/** What routing needs to know about an endpoint. */
export interface RoutableEndpoint {
  id: string;
  /** As stored: empty means the default set. */
  eventTypes: string[];
  addressAllowlist: string[];
  domainAllowlist: string[];
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/** True when the endpoint's subscription names the type (or, with none named, the default set holds it). */
export function subscribed(endpoint: Pick<RoutableEndpoint, 'eventTypes'>, type: string): boolean {
  const set = endpoint.eventTypes.length ? endpoint.eventTypes : DEFAULT_EVENT_TYPES;
  return set.includes(type as EventType);
}

/**
 * spec: Events — an event reaches an endpoint when it is subscribed and the address or domain it concerns is
 * covered by the allowlists; events naming neither reach every endpoint. Narrowed endpoints never get the
 * workspace-level families; file events reach them only for their addresses (a workspace-wide upload has `to`
 * null). `automation.webhook` (and our `webhook.test`) go only to the endpoint they name, whatever else holds.
 */
export function reaches(endpoint: RoutableEndpoint, event: Pick<DomainEvent, 'type' | 'data' | 'address' | 'domain'>): boolean {
  if (TARGETED_EVENT_TYPES.includes(event.type as EventType)) return event.data['webhookId'] === endpoint.id;
  if (!subscribed(endpoint, event.type)) return false;
  const narrowed = endpoint.addressAllowlist.length > 0 || endpoint.domainAllowlist.length > 0;
  if (!narrowed) return true;
  const family = event.type.slice(0, event.type.indexOf('.'));
  if (WORKSPACE_LEVEL_FAMILIES.includes(family)) return false;
  if (event.address) {
    const address = event.address.toLowerCase();
    return endpoint.addressAllowlist.includes(address) || endpoint.domainAllowlist.includes(domainOf(address));
  }
  if (family === 'file') return false;
  if (event.domain) {
    const domain = event.domain.toLowerCase();
    return endpoint.domainAllowlist.includes(domain) || endpoint.addressAllowlist.some((a) => domainOf(a) === domain);
  }
  return true;
}
