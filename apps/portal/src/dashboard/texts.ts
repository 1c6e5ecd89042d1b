import enAppointments from '@servicebay/locales/en/appointments.json' with { type: 'json' };
import frAppointments from '@servicebay/locales/fr/appointments.json' with { type: 'json' };
import enFiles from '@servicebay/locales/en/files.json' with { type: 'json' };
import frFiles from '@servicebay/locales/fr/files.json' with { type: 'json' };
import enMedia from '@servicebay/locales/en/media.json' with { type: 'json' };
import frMedia from '@servicebay/locales/fr/media.json' with { type: 'json' };
import type { BundledCatalogs } from '@servicebay/web-core';

/**
 * The dashboard's widgets' own texts, in their chunk: appointments, the uploads (vehicle picture,
 * fleet logo) and the picture editor. Sharing a report adds the report's texts with its dialog.
 */
export const dashboardTexts: BundledCatalogs = {
  en: { appointments: enAppointments, files: enFiles, media: enMedia },
  fr: { appointments: frAppointments, files: frFiles, media: frMedia },
};
