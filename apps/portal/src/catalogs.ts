import enApp from '@servicebay/locales/en/app.json' with { type: 'json' };
import frApp from '@servicebay/locales/fr/app.json' with { type: 'json' };
import enUi from '@servicebay/locales/en/ui.json' with { type: 'json' };
import frUi from '@servicebay/locales/fr/ui.json' with { type: 'json' };
import enPortal from '@servicebay/locales/en/portal.json' with { type: 'json' };
import frPortal from '@servicebay/locales/fr/portal.json' with { type: 'json' };
import enCustomerReport from '@servicebay/locales/en/customerReport.json' with { type: 'json' };
import frCustomerReport from '@servicebay/locales/fr/customerReport.json' with { type: 'json' };
import enMedia from '@servicebay/locales/en/media.json' with { type: 'json' };
import frMedia from '@servicebay/locales/fr/media.json' with { type: 'json' };
import enFiles from '@servicebay/locales/en/files.json' with { type: 'json' };
import frFiles from '@servicebay/locales/fr/files.json' with { type: 'json' };
import enAppointments from '@servicebay/locales/en/appointments.json' with { type: 'json' };
import frAppointments from '@servicebay/locales/fr/appointments.json' with { type: 'json' };
import type { BundledCatalogs } from '@servicebay/web-core';

/**
 * The namespaces the portal's pages (and the shared widgets they draw) use, built into its bundle
 * in both languages; the staff app's texts are not (a phone would download them before its first
 * paint). The server's whole catalog still arrives after the first paint, as in every app.
 * catalogs.test.ts fails when a page names a namespace missing here.
 */
export const portalCatalogs: BundledCatalogs = {
  en: { app: enApp, ui: enUi, portal: enPortal, customerReport: enCustomerReport, media: enMedia, files: enFiles, appointments: enAppointments },
  fr: { app: frApp, ui: frUi, portal: frPortal, customerReport: frCustomerReport, media: frMedia, files: frFiles, appointments: frAppointments },
};
