import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  orderClockEventsRoute,
  runningClockRoute,
  storeClockEventsRoute,
  topics,
  workOrderPartsRoute,
  workOrderRoute,
} from '@servicebay/domain';
import { isApiError, type ApiClient } from '@servicebay/web-core';
import { useRealtime } from '../../kit/realtime.js';

/** The work order of a ticket, its parts and clock events, as the work-order pages share them. */
export const workOrderKey = (storeId: string, inspectionOrderId: string) => ['workOrders', storeId, inspectionOrderId] as const;

export const workOrderQuery = (api: ApiClient, storeId: string, inspectionOrderId: string) => ({
  queryKey: [...workOrderKey(storeId, inspectionOrderId), 'workOrder'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(workOrderRoute, { params: { storeId, inspectionOrderId }, signal }),
});

export const partsQuery = (api: ApiClient, storeId: string, inspectionOrderId: string) => ({
  queryKey: [...workOrderKey(storeId, inspectionOrderId), 'parts'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(workOrderPartsRoute, { params: { storeId, inspectionOrderId }, signal }),
});

export const orderClockQuery = (api: ApiClient, storeId: string, inspectionOrderId: string) => ({
  queryKey: [...workOrderKey(storeId, inspectionOrderId), 'clock'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(orderClockEventsRoute, { params: { storeId, inspectionOrderId }, signal }),
});

export const clockKey = (storeId: string, userId: string) => ['clock', storeId, userId] as const;

/** The running clock; null when none runs (the server answers 404). */
export const runningClockQuery = (api: ApiClient, storeId: string, userId: string) => ({
  queryKey: [...clockKey(storeId, userId), 'running'],
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    try {
      return await api.call(runningClockRoute, { params: { storeId, userId }, signal });
    } catch (error) {
      if (isApiError(error) && error.status === 404 && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  },
});

export const todayEventsQuery = (api: ApiClient, storeId: string, userId: string) => ({
  queryKey: [...clockKey(storeId, userId), 'today'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(storeClockEventsRoute, { params: { storeId }, query: { userId }, signal }),
});

/**
 * A change of the ticket heard on the store's topic (a line done elsewhere, a text edited in the
 * shop system and sent through its webhook) reads the work order again, without a reload.
 */
export function useLiveWorkOrder(storeId: string, inspectionOrderId: string) {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!realtime || !storeId || !inspectionOrderId) return;
    return realtime.subscribe(topics.store(storeId).inspectionOrdersUpdated, (payload) => {
      const id = payload && typeof payload === 'object' ? (payload as { _id?: unknown })._id : undefined;
      if (id === inspectionOrderId) void queryClient.invalidateQueries({ queryKey: workOrderKey(storeId, inspectionOrderId) });
    });
  }, [realtime, queryClient, storeId, inspectionOrderId]);
}

const KNOWN = ['INTEGRATION_NOT_ENABLED', 'CLOCK_IN_DISABLED', 'WORK_ORDER_CLOSED', 'CLOCK_ALREADY_RUNNING', 'CLOCK_NOT_RUNNING', 'SHOP_SYSTEM_UNAVAILABLE', 'NOT_FOUND'] as const;

/** The user's words for a failed call: the translated error code, else a generic text. */
export function useWorkOrderErrorText() {
  const { t } = useTranslation('workOrders');
  return (error: unknown) => {
    const code = isApiError(error) ? error.code : null;
    const known = KNOWN.find((k) => k === code);
    return known ? t(`errors.${known}`) : t('errors.generic');
  };
}
