import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { topics } from '@servicebay/domain';
import { useStore } from '@servicebay/web-core';
import { applyOrderEvent, ordersKey, refreshCounts } from './orders-api.js';
import { readOrderEvent, reconnection } from './live-merge.js';
import { useRealtime } from '../../kit/realtime.js';
import { applyReadingReport, readReadingReport } from './report-status.js';

/** Counters and counts are asked again at most this often while events arrive. */
const COUNT_REFRESH_MS = 1000;

/**
 * Keeps an open dashboard live: order events of the store are folded into the cached
 * lists with the merge rules, counters follow, and everything is read again after a reconnection
 * (events sent while away are not replayed, docs/realtime.md). Returns the connection state.
 */
export function useLiveOrders(storeId: string) {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const state = useStore(realtime?.state ?? DISCONNECTED);
  const wasConnected = useRef(false);

  useEffect(() => {
    if (!realtime) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const scheduleCounts = () => {
      timer ??= setTimeout(() => {
        timer = null;
        refreshCounts(queryClient, storeId);
      }, COUNT_REFRESH_MS);
    };
    const store = topics.store(storeId);
    const listen = (type: 'created' | 'updated' | 'removed', topic: string) =>
      realtime.subscribe(topic, (payload) => {
        const event = readOrderEvent(type, payload);
        if (!event) return;
        applyOrderEvent(queryClient, storeId, event);
        scheduleCounts();
      });
    const offs = [
      listen('created', store.inspectionOrdersCreated),
      listen('updated', store.inspectionOrdersUpdated),
      listen('removed', store.inspectionOrdersRemoved),
      // The customer opened or finished reading a report (docs/reports.md): the card's badge follows.
      realtime.subscribe(store.consumerReadingReport, (payload) => {
        const event = readReadingReport(payload);
        if (event) applyReadingReport(queryClient, storeId, event);
      }),
    ];
    return () => {
      offs.forEach((off) => off());
      if (timer) clearTimeout(timer);
    };
  }, [realtime, queryClient, storeId]);

  useEffect(() => {
    // Back after a break: what changed meanwhile was not sent, so read it again.
    const next = reconnection(state, wasConnected.current);
    wasConnected.current = next.wasConnected;
    if (next.refetch) void queryClient.invalidateQueries({ queryKey: ordersKey(storeId) });
  }, [state, queryClient, storeId]);

  return state;
}

const DISCONNECTED = { get: () => 'disconnected' as const, subscribe: () => () => {} };
