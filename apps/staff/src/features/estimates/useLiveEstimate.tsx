import { useEffect, useRef } from 'react';
import { Badge } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isEstimateBehind, topics, ZEstimateUpdatedEvent, type Estimate, type EstimateUpdatedEvent } from '@servicebay/domain';
import { useStore } from '@servicebay/web-core';
import { useRealtime } from '../../kit/realtime.js';
import { useLiveOrder } from '../dashboard/useLiveOrders.js';
import { orderQueryKey } from '../repair-orders/repair-order-api.js';
import { estimateQueryKey, type EstimateRef } from './estimate-api.js';

/**
 * Events of one burst (a colleague's saves as they type) are read once, after this pause; the
 * page's own saves are usually answered within it, and then need no read.
 */
export const LIVE_ESTIMATE_DELAY_MS = 300;

const DISCONNECTED = { get: () => 'disconnected' as const, subscribe: () => () => {} };

/**
 * Keeps an open estimate page live (docs/estimates.md "Live"): when the store is told that this
 * order's estimate changed (`store/{storeId}/estimates/updated`) and it is newer than what the
 * page holds (`held`: the grid's newest, which may be ahead of the cache while the advisor
 * types), the estimate is read again; the grid applies it line by line and keeps every line being
 * typed. The order (its badges) follows its own events, and both are read again after a
 * reconnection (events sent while away are not replayed).
 */
export function useLiveEstimate(ref: EstimateRef, held: () => Pick<Estimate, 'version' | 'state' | 'status' | 'delivery'> | undefined) {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const state = useStore(realtime?.state ?? DISCONNECTED);
  const wasConnected = useRef(false);
  const heldNow = useRef(held);
  heldNow.current = held;
  const { storeId, inspectionOrderId } = ref;
  useLiveOrder(storeId, inspectionOrderId);

  useEffect(() => {
    if (!realtime || !storeId || !inspectionOrderId) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let newest: EstimateUpdatedEvent | null = null;
    const readAgain = () => {
      void queryClient.invalidateQueries({ queryKey: estimateQueryKey(storeId, inspectionOrderId), exact: true });
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(storeId, inspectionOrderId), exact: true });
    };
    const off = realtime.subscribe(topics.store(storeId).estimatesUpdated, (payload) => {
      const parsed = ZEstimateUpdatedEvent.safeParse(payload);
      if (!parsed.success || parsed.data.inspectionOrderId !== inspectionOrderId) return;
      if (!newest || parsed.data.version >= newest.version) newest = parsed.data;
      timer ??= setTimeout(() => {
        timer = null;
        const event = newest;
        newest = null;
        if (event && isEstimateBehind(event, heldNow.current())) readAgain();
      }, LIVE_ESTIMATE_DELAY_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [realtime, queryClient, storeId, inspectionOrderId]);

  useEffect(() => {
    // Back after a break: a colleague's changes meanwhile were not sent.
    const back = state === 'connected' && wasConnected.current;
    if (state === 'connected') wasConnected.current = true;
    if (back) void queryClient.invalidateQueries({ queryKey: estimateQueryKey(storeId, inspectionOrderId), exact: true });
  }, [state, queryClient, storeId, inspectionOrderId]);
}

/**
 * Whether the page is live: colleagues' changes come in as they are saved while it says "Live";
 * offline, the page shows what it last read (the same words and marks as the dashboard's).
 */
export function LiveBadge() {
  const { t } = useTranslation('dashboard');
  const realtime = useRealtime();
  const live = useStore(realtime?.state ?? DISCONNECTED);
  const connected = live === 'connected';
  return (
    <Badge variant={connected ? 'filled' : 'outline'} color={connected ? 'teal.9' : 'gray.7'} data-testid="live-estimate" data-live={live}>
      {connected ? t('live.connected') : t('live.offline')}
    </Badge>
  );
}
