import { fillPath, vehicleRepairOrdersRoute, type RepairOrder } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/** The vehicle's closed orders in the cache; under the store's orders key, so a reconnection refreshes them. */
export const vehicleHistoryQuery = (api: ApiClient, storeId: string, vehicleId: string) => ({
  queryKey: ['inspectionOrders', storeId, 'vehicleHistory', vehicleId],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchVehicleHistory(api, storeId, vehicleId, signal),
});

/**
 * The vehicle's closed orders, newest first (`GET .../vehicle/{id}/inspectionOrder?closed=true`).
 * 204 means none: an empty list, which the page answers with
 * There_is_no_previous_inspection_for_this_vehicle.
 */
export async function fetchVehicleHistory(
  api: ApiClient,
  storeId: string,
  vehicleId: string,
  signal?: AbortSignal,
): Promise<RepairOrder[]> {
  // Not api.call: a 204 has no body for the route's response schema to read.
  const answer = await api.request({
    method: 'GET',
    path: fillPath(vehicleRepairOrdersRoute.path, { storeId, vehicleId }),
    query: { closed: true },
    signal,
  });
  if (answer === undefined) return [];
  return vehicleRepairOrdersRoute.response!.parse(answer)._embedded.inspectionOrder;
}
