import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { topics } from '@servicebay/domain';
import { useStore } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { useRealtime } from '../../kit/realtime.js';
import { applyNotification, notificationsKey, notificationsQuery, readCreated } from './notifications-api.js';

const DISCONNECTED = { get: () => 'disconnected' as const, subscribe: () => () => {} };

/**
 * The signed-in user's notifications, kept live: system/notifications/created (the server gives
 * each user only its own) is folded into the cached list, and the list is read again after a
 * reconnection (events sent while away are not replayed). Off (`enabled` false) for users whose
 * menu has no notifications.
 */
export function useNotifications(userId: string, enabled: boolean) {
  const { api } = useServices();
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const query = useQuery({ ...notificationsQuery(api, userId), enabled });
  const state = useStore(realtime?.state ?? DISCONNECTED);
  const wasConnected = useRef(false);

  useEffect(() => {
    if (!realtime || !enabled) return;
    return realtime.subscribe(topics.system.notificationsCreated, (payload) => {
      const notification = readCreated(payload, userId);
      if (notification) applyNotification(queryClient, userId, notification);
    });
  }, [realtime, queryClient, userId, enabled]);

  const connectedBefore = useRef(false);
  useEffect(() => {
    // Back after a break (not the first connection): what was sent meanwhile is read again.
    if (state === 'connected' && !wasConnected.current && connectedBefore.current && enabled)
      void queryClient.invalidateQueries({ queryKey: notificationsKey(userId) });
    if (state === 'connected') connectedBefore.current = true;
    wasConnected.current = state === 'connected';
  }, [state, enabled, queryClient, userId]);

  return query;
}
