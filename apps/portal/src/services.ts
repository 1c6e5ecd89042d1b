import { createApiClient, createI18n, createSession, isSessionRefusal } from '@servicebay/web-core';
import { portalCatalogs } from './catalogs.js';

/** Made once per page load; pages reach them through <App>'s context. */
export const appI18n = createI18n(portalCatalogs);

// The same token storage as the staff app (one sign-in per browser for this origin): the portal
// guard lets in only a portal user whose e-mail it stored at sign-in (docs/portal-users.md).
export const session = createSession({ baseUrl: '' });

// Same origin: the server serves the portal, the API and the language files on one port.
export const api = createApiClient({
  baseUrl: '',
  getToken: session.getToken,
  // Renews the token before it runs out and once on a refused token.
  fetch: session.fetch,
  onUnauthorized: (error) => {
    // A refused session on a customer's page ends it; the guard then shows the portal login.
    if (isSessionRefusal(error) && /^\/my-(car|fleet)\/user\//.test(window.location.pathname)) void session.logout('expired');
  },
});
