import { logEventRoute, type AnalyticsEvent } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/**
 * The portal's analytics events (POST /v2/api/log-event, signed-in portal users only). An event
 * of a signed-out page (the switch between login and registration) waits in the tab's session
 * storage and is sent after the next sign-in; an event that cannot be sent is dropped, never
 * shown to the customer: counting visits must not get in the way of the visit.
 */

export const PENDING_EVENTS_KEY = 'servicebay.portal.pendingEvents';
/** Kept for a signed-out tab at most; older ones are dropped first. */
export const MAX_PENDING_EVENTS = 10;

export type EventData = Record<string, string | number | boolean | null>;
export interface PendingEvent {
  eventName: AnalyticsEvent;
  data?: EventData;
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function tabStorage(): StorageLike | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function pendingEvents(store = tabStorage()): PendingEvent[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(PENDING_EVENTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as PendingEvent[]) : [];
  } catch {
    return [];
  }
}

/** Keeps an event of a signed-out page for the next sign-in. */
export function queueEvent(event: PendingEvent, store = tabStorage()) {
  try {
    store?.setItem(PENDING_EVENTS_KEY, JSON.stringify([...pendingEvents(store), event].slice(-MAX_PENDING_EVENTS)));
  } catch {
    // Storage refused: the event is lost, which is acceptable for analytics.
  }
}

/** Takes the waiting events out of storage (once: a second call answers none). */
export function takePendingEvents(store = tabStorage()): PendingEvent[] {
  const events = pendingEvents(store);
  try {
    store?.removeItem(PENDING_EVENTS_KEY);
  } catch {
    // Nothing to remove.
  }
  return events;
}

/** Sends one event for the signed-in customer; failures are swallowed. */
export function logEvent(api: ApiClient, eventName: AnalyticsEvent, data?: EventData): void {
  api.call(logEventRoute, { body: data ? { eventName, data } : { eventName }, maxRetries: 0 }).catch(() => undefined);
}

/** After a sign-in: the event of the sign-in itself, then those that waited for it. */
export function logSignIn(api: ApiClient, eventName: 'myCarLogin' | 'myCarRegistration', data?: EventData): void {
  logEvent(api, eventName, data);
  for (const event of takePendingEvents()) logEvent(api, event.eventName, event.data);
}
