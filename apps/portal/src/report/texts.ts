import enCustomerReport from '@servicebay/locales/en/customerReport.json' with { type: 'json' };
import frCustomerReport from '@servicebay/locales/fr/customerReport.json' with { type: 'json' };
import enMedia from '@servicebay/locales/en/media.json' with { type: 'json' };
import frMedia from '@servicebay/locales/fr/media.json' with { type: 'json' };
import type { BundledCatalogs } from '@servicebay/web-core';

/** The report's texts and its pictures' (the gallery, the video player), in the report's chunk. */
export const reportTexts: BundledCatalogs = {
  en: { customerReport: enCustomerReport, media: enMedia },
  fr: { customerReport: frCustomerReport, media: frMedia },
};
