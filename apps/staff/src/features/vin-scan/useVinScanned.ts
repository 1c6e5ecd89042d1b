import { useEffect, useRef } from 'react';
import { vinScanTopic, ZVinScannedEvent, type VinScanOrigin } from '@servicebay/domain';
import { useStore } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { realtimeFor } from './realtime.js';

/**
 * Listens, while mounted, for VINs the external scanner flow delivers to the signed-in user from
 * that origin (realtime topic user/{id}/externalAppAction/vinScannedFromVehicleDetails or
 * ...FromDashboard) and calls `onVin` with each (upper-cased, 17 characters).
 *
 * `<VinScanButton>` already listens for its own origin: use this hook only where no button is
 * mounted for that origin (or pass `enabled: false`), else `onVin` runs twice per scan. The
 * latest `onVin` is called; it need not be memoised. A repeated event (rare, at-least-once
 * delivery) calls it again with the same VIN.
 */
export function useVinScanned(from: VinScanOrigin, onVin: (vin: string) => void, options: { enabled?: boolean } = {}): void {
  const { session } = useServices();
  const userId = useStore(session.state)?.claims.id ?? null;
  const enabled = options.enabled ?? true;
  const latest = useRef(onVin);
  useEffect(() => {
    latest.current = onVin;
  });

  useEffect(() => {
    if (!userId || !enabled) return;
    const client = realtimeFor(session);
    return client?.subscribe(vinScanTopic(userId, from), (payload) => {
      const event = ZVinScannedEvent.safeParse(payload);
      if (event.success) latest.current(event.data.vin.toUpperCase());
    });
  }, [session, userId, from, enabled]);
}
