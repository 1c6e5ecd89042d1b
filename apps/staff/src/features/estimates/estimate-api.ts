import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createEstimateLineRoute,
  deleteEstimateLineRoute,
  drawEstimateRoute,
  getEstimateRoute,
  getRepairOrderRoute,
  listAccountStoresRoute,
  markEstimateReadyRoute,
  refreshEstimateTaxesRoute,
  updateEstimateLineRoute,
  updateEstimateRoute,
  type Estimate,
  type EstimateStatus,
  type CreateEstimateLineRequest,
  type Language,
  type RepairOrder,
  type UpdateEstimateLineRequest,
  type User,
} from '@servicebay/domain';
import { ApiError, type ApiClient } from '@servicebay/web-core';
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
 * Keeps an answer in the cache unless the cache holds a newer version already: answers of
 * changes made one after the other may arrive out of order (docs/estimates.md "Autosave").
 */
export function keepNewestEstimate(queryClient: QueryClient, storeId: string, inspectionOrderId: string, estimate: Estimate) {
  queryClient.setQueryData<Estimate>(estimateQueryKey(storeId, inspectionOrderId), (cached) =>
    cached && cached.version > estimate.version ? cached : estimate,
  );
}

/**
 * A change of the estimate: every estimate route answers the whole estimate, which replaces the
 * cached one (unless a newer is there); the order is fetched again (its estimate step and status
 * may have moved).
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
      keepNewestEstimate(queryClient, storeId, inspectionOrderId, estimate);
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

/** Marks ready the version the advisor sees (409 ESTIMATE_CHANGED when it is another by now). */
export function markEstimateReady(api: ApiClient, ref: EstimateRef, version: number) {
  return api.call(markEstimateReadyRoute, { params: ref, body: { version } });
}

export function updateEstimate(api: ApiClient, ref: EstimateRef, body: { labourRate?: number; status?: EstimateStatus }) {
  return api.call(updateEstimateRoute, { params: ref, body });
}

/** A line by hand: a description, or a canned job's name with its hours, parts and fees. */
export function createEstimateLine(api: ApiClient, ref: EstimateRef, body: CreateEstimateLineRequest) {
  return api.call(createEstimateLineRoute, { params: ref, body });
}

export function updateEstimateLine(api: ApiClient, ref: EstimateRef, lineId: string, body: UpdateEstimateLineRequest) {
  return api.call(updateEstimateLineRoute, { params: { ...ref, lineId }, body });
}

export function deleteEstimateLine(api: ApiClient, ref: EstimateRef, lineId: string) {
  return api.call(deleteEstimateLineRoute, { params: { ...ref, lineId } });
}

/**
 * The order an older path names without its store: looked up in the user's store, then in the
 * other stores of the user's account; null when none of them has it (a store that refuses or
 * does not know it is passed over).
 */
export async function findLegacyOrder(
  api: ApiClient,
  user: Pick<User, 'storeId' | 'accountId'>,
  inspectionOrderId: string,
  signal: AbortSignal,
): Promise<RepairOrder | null> {
  const tried = new Set<string>();
  const tryStore = async (storeId: string) => {
    if (tried.has(storeId)) return null;
    tried.add(storeId);
    try {
      return await api.call(getRepairOrderRoute, { params: { storeId, inspectionOrderId }, signal });
    } catch (error) {
      if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return null;
      throw error;
    }
  };
  if (user.storeId) {
    const order = await tryStore(user.storeId);
    if (order) return order;
  }
  if (user.accountId) {
    const stores = await api
      .call(listAccountStoresRoute, { params: { accountId: user.accountId }, query: {}, signal })
      .catch(() => []);
    for (const store of stores) {
      const order = await tryStore(store._id);
      if (order) return order;
    }
  }
  return null;
}
