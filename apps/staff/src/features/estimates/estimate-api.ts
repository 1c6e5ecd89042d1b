import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createEstimateLineRoute,
  deleteEstimateLineRoute,
  drawEstimateRoute,
  getEstimateRoute,
  markEstimateReadyRoute,
  refreshEstimateTaxesRoute,
  updateEstimateLineRoute,
  updateEstimateRoute,
  type Estimate,
  type EstimateStatus,
  type Language,
  type UpdateEstimateLineRequest,
} from '@servicebay/domain';
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

/** The order an estimate belongs to. */
export interface EstimateRef {
  storeId: string;
  inspectionOrderId: string;
}

/** Draws the estimate from the inspection's results, its texts in the page's language. */
export function drawEstimate(api: ApiClient, ref: EstimateRef, language: Language) {
  return api.call(drawEstimateRoute, { params: ref, body: { language } });
}

export function refreshEstimateTaxes(api: ApiClient, ref: EstimateRef) {
  return api.call(refreshEstimateTaxesRoute, { params: ref });
}

export function markEstimateReady(api: ApiClient, ref: EstimateRef) {
  return api.call(markEstimateReadyRoute, { params: ref });
}

export function updateEstimate(api: ApiClient, ref: EstimateRef, body: { labourRate?: number; status?: EstimateStatus }) {
  return api.call(updateEstimateRoute, { params: ref, body });
}

export function createEstimateLine(api: ApiClient, ref: EstimateRef, description: string) {
  return api.call(createEstimateLineRoute, { params: ref, body: { description } });
}

export function updateEstimateLine(api: ApiClient, ref: EstimateRef, lineId: string, body: UpdateEstimateLineRequest) {
  return api.call(updateEstimateLineRoute, { params: { ...ref, lineId }, body });
}

export function deleteEstimateLine(api: ApiClient, ref: EstimateRef, lineId: string) {
  return api.call(deleteEstimateLineRoute, { params: { ...ref, lineId } });
}
