import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../../context.js';
import { routerPath } from '../../paths.js';
import { OPEN_MESSAGE, pushPermission, registerServiceWorker, subscribeDevice } from './push.js';

/**
 * For every signed-in staff page: registers the app's service worker; when the permission was
 * granted before, stores this device's subscription for the user signed in now (a shared tablet
 * follows whoever signs in); a click on a push's notification opens its page in this tab.
 */
export function usePushDevice(userId: string) {
  const { api } = useServices();
  const navigate = useNavigate();

  useEffect(() => {
    void registerServiceWorker();
    if (pushPermission() === 'granted') subscribeDevice(api, userId).catch(() => undefined);
  }, [api, userId]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type !== OPEN_MESSAGE || typeof data.url !== 'string') return;
      const url = new URL(data.url, window.location.origin);
      const path = url.origin === window.location.origin ? routerPath(url.pathname) : null;
      if (path) void navigate(`${path}${url.search}`);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
}
