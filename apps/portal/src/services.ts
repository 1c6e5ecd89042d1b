import { createApiClient, createI18n } from '@servicebay/web-core';

/** Made once per page load; pages reach them through <App>'s context. */
export const appI18n = createI18n();

// Same origin: the server serves the portal, the API and the language files on one port.
export const api = createApiClient({ baseUrl: '' });
