import type { RealtimeClient, Session } from '@servicebay/web-core';
import { realtimeClientFor } from '../../kit/realtime.js';

/**
 * The tab's one websocket (docs/realtime.md), shared with the dashboard and every other listener:
 * made on first use for the signed-in user, closed when that user signs out or another worker
 * takes over the tablet. Null when nobody is signed in.
 */
export function realtimeFor(session: Session): RealtimeClient | null {
  return realtimeClientFor(session);
}

/** Resolves once the client is connected (true), or after `timeoutMs` without a connection (false). */
export function whenConnected(client: RealtimeClient, timeoutMs: number): Promise<boolean> {
  if (client.state.get() === 'connected') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(false);
    }, timeoutMs);
    const stop = client.state.subscribe((state) => {
      if (state !== 'connected') return;
      clearTimeout(timer);
      stop();
      resolve(true);
    });
  });
}
