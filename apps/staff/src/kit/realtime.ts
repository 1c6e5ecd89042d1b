import { useSyncExternalStore } from 'react';
import { createRealtimeClient, type RealtimeClient, type Session } from '@servicebay/web-core';
import { useServices } from '../context.js';

/**
 * The tab's one websocket (docs/realtime.md: one per browser tab), made on first use for the
 * signed-in user and closed when that user signs out or another signs in on the tablet. Any screen
 * that listens to a topic shares it through useRealtime().
 */
interface Current {
  session: Session;
  userId: string;
  client: RealtimeClient;
}
let current: Current | null = null;

function end() {
  current?.client.close();
  current = null;
}

export function realtimeClientFor(session: Session): RealtimeClient | null {
  const state = session.state.get();
  if (!state) {
    end();
    return null;
  }
  if (current && current.session === session && current.userId === state.claims.id) return current.client;
  end();
  const client = createRealtimeClient({ url: window.location.origin, getToken: session.getToken });
  const mine: Current = { session, userId: state.claims.id, client };
  current = mine;
  // The browser says it is back: reconnect now rather than after the back-off.
  const online = () => client.reconnect();
  window.addEventListener('online', online);
  const stop = session.state.subscribe((next) => {
    if (next && next.claims.id === mine.userId) return;
    window.removeEventListener('online', online);
    stop();
    if (current === mine) end();
    else client.close();
  });
  return client;
}

/** The realtime client of the signed-in user (null when signed out). */
export function useRealtime(): RealtimeClient | null {
  const { session } = useServices();
  const state = useSyncExternalStore(session.state.subscribe, session.state.get);
  return state ? realtimeClientFor(session) : null;
}
