import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getEstimateRoute, type Estimate, type Language } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';
import { useAlerts } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { orderQueryKey } from '../repair-orders/repair-order-api.js';
import { useEstimateErrorText } from './format.js';

/** The order's estimate, as the estimates and approve-work pages share it in the cache. */
export const estimateQueryKey = (storeId: string, inspectionOrderId: string) =>
  ['inspectionOrders', storeId, 'estimate', inspectionOrderId] as const;

export const estimateQuery = (
  api: ApiClient,
  storeId: string,
  inspectionOrderId: string,
  language: Language,
) => ({
  queryKey: estimateQueryKey(storeId, inspectionOrderId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(getEstimateRoute, { params: { storeId, inspectionOrderId }, query: { language }, signal }),
});

/**
 * A change of the estimate: every estimate route answers the whole estimate, which replaces the
 * cached one; the order is fetched again (its estimate step and status may have moved).
 */
export function useEstimateChange<V>(
  storeId: string,
  inspectionOrderId: string,
  call: (api: ApiClient, vars: V) => Promise<Estimate>,
  onDone?: (estimate: Estimate) => void,
) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const errorText = useEstimateErrorText();
  return useMutation({
    mutationFn: (vars: V) => call(api, vars),
    onSuccess: (estimate) => {
      queryClient.setQueryData(estimateQueryKey(storeId, inspectionOrderId), estimate);
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(storeId, inspectionOrderId) });
      onDone?.(estimate);
    },
    onError: (error) => alerts.show({ type: 'danger', message: errorText(error) }),
  });
}
