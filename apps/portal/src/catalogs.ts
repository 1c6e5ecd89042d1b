import enApp from '@servicebay/locales/en/app.json' with { type: 'json' };
import frApp from '@servicebay/locales/fr/app.json' with { type: 'json' };
import enUi from '@servicebay/locales/en/ui.json' with { type: 'json' };
import frUi from '@servicebay/locales/fr/ui.json' with { type: 'json' };
import enPortal from '@servicebay/locales/en/portal.json' with { type: 'json' };
import frPortal from '@servicebay/locales/fr/portal.json' with { type: 'json' };
import type { BundledCatalogs } from '@servicebay/web-core';

/**
 * The namespaces every portal page draws, built into the entry in both languages; the report's
 * and the dashboard's own texts come with their chunks (report/texts.ts, dashboard/texts.ts,
 * usePageTexts) and the staff app's texts not at all (a phone would download them before its first
 * paint). The server's whole catalog still arrives after the first paint, as in every app.
 * catalogs.test.ts fails when a page names a namespace its chunk does not bring.
 */
export const portalCatalogs: BundledCatalogs = {
  en: { app: enApp, ui: enUi, portal: enPortal },
  fr: { app: frApp, ui: frUi, portal: frPortal },
};
