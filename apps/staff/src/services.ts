import { createApiClient, createI18n } from '@servicebay/web-core';

/**
 * The app's long-lived services, made once per page load. Pages import them from here; tests
 * render pages with their own.
 */
export const appI18n = createI18n();

// Same origin: the server serves this app, the API and the language files on one port.
export const api = createApiClient({ baseUrl: '' });
