import { logEventRoute, type AnalyticsEvent } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/**
 * The dashboard's first read (store, customer with the fleet logo, vehicles) is cached under keys
 * that start with ['portal-dashboard', customerId]: the picture and logo uploads invalidate that
 * prefix to show what was saved.
 */
export const portalDashboardKey = (customerId: string) => ['portal-dashboard', customerId] as const;

/** Logs one of the portal's analytics events; a failure is not the person's concern. */
export function logPortalEvent(api: ApiClient, eventName: AnalyticsEvent, data?: Record<string, string | number | boolean | null>): void {
  api.call(logEventRoute, { body: { eventName, data } }).catch(() => undefined);
}
