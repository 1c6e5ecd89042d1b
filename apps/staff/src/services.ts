import { createApiClient, createI18n, createSession, isSessionRefusal } from '@servicebay/web-core';
import { isPublicPath } from './paths.js';

/**
 * The app's long-lived services, made once per page load. Pages import them from here; tests
 * render pages with their own.
 */
// Texts come per language (catalogs.ts): main.tsx adds the language in use before the first render.
export const appI18n = createI18n({ en: {}, fr: {} });

// Same origin: the server serves this app, the API and the language files on one port.
export const session = createSession({ baseUrl: '' });

export const api = createApiClient({
  baseUrl: '',
  getToken: session.getToken,
  // Renews the token before it runs out and once on a refused token, then retries the request.
  fetch: session.fetch,
  onUnauthorized: (error) => {
    // A 401 not on the login page logs out. A wrong password or PIN is a 401 too, but
    // it refuses the answer, not the session.
    if (isSessionRefusal(error) && !isPublicPath(window.location.pathname)) void session.logout('expired');
  },
});
