import { listRepairOrdersRoute, dashboardListParams, type RepairOrder } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';
import { inspectionListQuery } from './inspection-list.js';

export interface InspectionListPage {
  orders: RepairOrder[];
  total: number;
}

/**
 * One page of the store's inspections to do. The key starts with ['inspectionOrders', storeId],
 * as the dashboard's lists, so whatever refreshes a store's orders refreshes this list too.
 */
export const inspectionListQueryOptions = (api: ApiClient, storeId: string, page: number) => ({
  queryKey: ['inspectionOrders', storeId, 'inspectionList', page] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<InspectionListPage> => {
    const answer = await api.call(listRepairOrdersRoute, {
      params: { storeId },
      query: dashboardListParams(inspectionListQuery(page)),
      signal,
    });
    return { orders: answer._embedded.inspectionOrder, total: answer.page.totalElements };
  },
});
