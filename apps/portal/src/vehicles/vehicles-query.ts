import { logEventRoute, portalVehiclesRoute, type AnalyticsEvent } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/**
 * The household's vehicles and the fleet logo (GET /v2/api/customer/{customerId}/vehicles), cached
 * under ['portal-vehicles', customerId]. The page that selects the vehicle reads it through this
 * factory, so the fleet list's logo comes from the same entry, and the picture and logo uploads
 * invalidate that key to show what was saved.
 */
export const portalVehiclesKey = (customerId: string) => ['portal-vehicles', customerId] as const;

export const portalVehiclesQuery = (api: ApiClient, customerId: string) => ({
  queryKey: portalVehiclesKey(customerId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(portalVehiclesRoute, { params: { customerId }, signal }),
});

/** Logs one of the portal's analytics events; a failure is not the person's concern. */
export function logPortalEvent(api: ApiClient, eventName: AnalyticsEvent, data?: Record<string, string | number | boolean | null>): void {
  api.call(logEventRoute, { body: { eventName, data } }).catch(() => undefined);
}
