import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timeTrackerControls, type RepairOrder } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { pauseTimeTracker, startTimeTracker, storeOrder } from './repair-order-api.js';

/**
 * The order's time tracker for a technician: start and
 * pause, the running time, and "leaving an inspection order page while the timer runs, for a
 * time-tracker user, pauses the timer first": on leaving the page inside the app, and when the
 * tab is closed or hidden for good (pagehide, sent with keepalive so it outlives the page).
 */
export function useTimeTracker({
  order,
  role,
  storeEnabled,
}: {
  order: RepairOrder | undefined;
  role: string;
  storeEnabled: boolean;
}) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const controls = timeTrackerControls({
    role,
    storeEnabled,
    isRunning: order?.timeTracker.isRunning ?? false,
    closed: order?.closed ?? true,
  });

  const start = useMutation({
    mutationFn: (o: RepairOrder) =>
      startTimeTracker(api, { storeId: o.storeId, inspectionOrderId: o._id }),
    onSuccess: (updated) => storeOrder(queryClient, updated),
  });
  const pause = useMutation({
    mutationFn: (o: RepairOrder) =>
      pauseTimeTracker(api, { storeId: o.storeId, inspectionOrderId: o._id }),
    onSuccess: (updated) => storeOrder(queryClient, updated),
  });

  // The latest order and rule, for the leave handlers registered once.
  const latest = useRef({ order, visible: controls.visible });
  latest.current = { order, visible: controls.visible };
  useEffect(() => {
    const pauseOnLeave = (keepalive: boolean) => {
      const { order: current, visible } = latest.current;
      if (!visible || !current?.timeTracker.isRunning || current.closed) return;
      const params = { storeId: current.storeId, inspectionOrderId: current._id };
      void pauseTimeTracker(api, params, { keepalive, maxRetries: keepalive ? 0 : undefined })
        .then((updated) => storeOrder(queryClient, updated))
        .catch(() => undefined); // Already paused elsewhere, or offline: the server's clock stays as it was.
    };
    const onPageHide = (event: PageTransitionEvent) => {
      if (!event.persisted) pauseOnLeave(true);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      pauseOnLeave(false);
    };
  }, [api, queryClient]);

  return { controls, start, pause, elapsedSeconds: useElapsedSeconds(order) };
}

/** Seconds worked on the order, ticking while the tracker runs. */
function useElapsedSeconds(order: RepairOrder | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const running = order?.timeTracker.isRunning ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (!order) return 0;
  const { elapsedSeconds } = order.timeTracker;
  if (!running) return elapsedSeconds;
  // elapsedSeconds counts the running entry up to the answer; add what passed since it arrived.
  return elapsedSeconds + Math.max(0, Math.floor((now - fetchedAt(order)) / 1000));
}

// When each order object arrived: elapsedSeconds is "up to the answer".
const arrival = new WeakMap<RepairOrder, number>();
function fetchedAt(order: RepairOrder): number {
  let at = arrival.get(order);
  if (at === undefined) {
    at = Date.now();
    arrival.set(order, at);
  }
  return at;
}

/** 3725 → "1:02:05", 65 → "1:05". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
